import { romania } from './ap/16-romania.ts';
import { italy } from './ap/17-italy.ts';
import { italianReinforcements } from './ap/22-italian-reinforcements.ts';
import { yudenitch } from './ap/29-yudenitch.ts';
import { salonika } from './ap/30-salonika.ts';
import { mef } from './ap/31-mef.ts';
import { usCorps } from './ap/38-usa-reinforcements.ts';
import { arabNorthernArmy } from './ap/41-arab-northern-army.ts';
import { usFirstArmy } from './ap/43-usa-reinforcements.ts';
import { greece } from './ap/44-greece.ts';
import { usSecondArmy } from './ap/47-usa-reinforcements.ts';
import { allenby } from './ap/50-allenby.ts';
import { armyOfTheOrient } from './ap/53-army-of-the-orient.ts';
import { zimmermannTelegram } from './ap/54-zimmermann-telegram.ts';
import { overThere } from './ap/55-over-there.ts';
import { usTwoCorps } from './ap/64-usa-reinforcements.ts';
import { libyanRevolt } from './cp/24-libyan-revolt.ts';
import { tsarTakesCommand } from './cp/28-tsar-takes-command.ts';
import { bulgaria } from './cp/34-bulgaria.ts';
import { treatyOfBrestLitovsk } from './cp/45-treaty-of-brest-litovsk.ts';
import { fallOfTheTsar } from './cp/52-fall-of-the-tsar.ts';
import { bolshevikRevolution } from './cp/53-bolshevik-revolution.ts';
import type { CardModule } from './module.ts';

/**
 * Every card event written as a module (docs/cards.md), by card id. The mobilization cards of part 1
 * are still in src/events.ts.
 */
export const CARD_MODULES: ReadonlyMap<string, CardModule> = new Map(
  [
    romania,
    italy,
    italianReinforcements,
    yudenitch,
    salonika,
    mef,
    usCorps,
    arabNorthernArmy,
    usFirstArmy,
    greece,
    usSecondArmy,
    allenby,
    armyOfTheOrient,
    zimmermannTelegram,
    overThere,
    usTwoCorps,
    libyanRevolt,
    tsarTakesCommand,
    bulgaria,
    treatyOfBrestLitovsk,
    fallOfTheTsar,
    bolshevikRevolution,
  ].map((m) => [m.id, m]),
);

export const cardModule = (id: string): CardModule | undefined => CARD_MODULES.get(id);
