import { romania } from './ap/16-romania.ts';
import { italy } from './ap/17-italy.ts';
import { italianReinforcements } from './ap/22-italian-reinforcements.ts';
import { cloakAndDagger } from './ap/23-cloak-and-dagger.ts';
import { lusitania } from './ap/26-lusitania.ts';
import { greatRetreat } from './ap/27-great-retreat.ts';
import { landships } from './ap/28-landships.ts';
import { yudenitch } from './ap/29-yudenitch.ts';
import { salonika } from './ap/30-salonika.ts';
import { mef } from './ap/31-mef.ts';
import { grandFleet } from './ap/33-grand-fleet.ts';
import { yanksAndTanks } from './ap/35-yanks-and-tanks.ts';
import { independentAirForce } from './ap/37-independent-air-force.ts';
import { usCorps } from './ap/38-usa-reinforcements.ts';
import { fourteenPoints } from './ap/40-fourteen-points.ts';
import { arabNorthernArmy } from './ap/41-arab-northern-army.ts';
import { usFirstArmy } from './ap/43-usa-reinforcements.ts';
import { greece } from './ap/44-greece.ts';
import { kerenskyOffensive } from './ap/45-kerensky-offensive.ts';
import { brusilovOffensive } from './ap/46-brusilov-offensive.ts';
import { usSecondArmy } from './ap/47-usa-reinforcements.ts';
import { sinaiPipeline } from './ap/49-sinai-pipeline.ts';
import { allenby } from './ap/50-allenby.ts';
import { everyoneIntoBattle } from './ap/51-everyone-into-battle.ts';
import { convoy } from './ap/52-convoy.ts';
import { armyOfTheOrient } from './ap/53-army-of-the-orient.ts';
import { zimmermannTelegram } from './ap/54-zimmermann-telegram.ts';
import { overThere } from './ap/55-over-there.ts';
import { czechLegion } from './ap/60-czech-legion.ts';
import { sixtusAffair } from './ap/62-the-sixtus-affair.ts';
import { usTwoCorps } from './ap/64-usa-reinforcements.ts';
import { influenza } from './ap/65-influenza.ts';
import { mataHari } from './cp/17-mata-hari.ts';
import { libyanRevolt } from './cp/24-libyan-revolt.ts';
import { highSeasFleet } from './cp/25-high-seas-fleet.ts';
import { zeppelinRaids } from './cp/27-zeppelin-raids.ts';
import { tsarTakesCommand } from './cp/28-tsar-takes-command.ts';
import { eleventhArmy } from './cp/29-eleventh-army.ts';
import { warInAfrica } from './cp/32-war-in-africa.ts';
import { walterRathenau } from './cp/33-walter-rathenau.ts';
import { bulgaria } from './cp/34-bulgaria.ts';
import { uBoatsUnleashed } from './cp/36-u-boats-unleashed.ts';
import { hoffmann } from './cp/37-hoffmann.ts';
import { treatyOfBrestLitovsk } from './cp/45-treaty-of-brest-litovsk.ts';
import { frenchMutiny } from './cp/47-french-mutiny.ts';
import { fallOfTheTsar } from './cp/52-fall-of-the-tsar.ts';
import { bolshevikRevolution } from './cp/53-bolshevik-revolution.ts';
import { hlTakeCommand } from './cp/54-h-l-take-command.ts';
import { lloydGeorge } from './cp/55-lloyd-george.ts';
import { stavkaTimidity } from './cp/58-stavka-timidity.ts';
import { polishRestoration } from './cp/59-polish-restoration.ts';
import { haig } from './cp/61-haig.ts';
import { russianDesertions } from './cp/63-russian-desertions.ts';
import { princeMax } from './cp/65-prince-max.ts';
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
    cloakAndDagger,
    lusitania,
    greatRetreat,
    landships,
    yudenitch,
    salonika,
    mef,
    grandFleet,
    yanksAndTanks,
    independentAirForce,
    usCorps,
    fourteenPoints,
    arabNorthernArmy,
    usFirstArmy,
    greece,
    kerenskyOffensive,
    brusilovOffensive,
    usSecondArmy,
    sinaiPipeline,
    allenby,
    everyoneIntoBattle,
    convoy,
    armyOfTheOrient,
    zimmermannTelegram,
    overThere,
    czechLegion,
    sixtusAffair,
    usTwoCorps,
    influenza,
    mataHari,
    libyanRevolt,
    highSeasFleet,
    zeppelinRaids,
    tsarTakesCommand,
    eleventhArmy,
    warInAfrica,
    walterRathenau,
    bulgaria,
    uBoatsUnleashed,
    hoffmann,
    treatyOfBrestLitovsk,
    frenchMutiny,
    fallOfTheTsar,
    bolshevikRevolution,
    hlTakeCommand,
    lloydGeorge,
    stavkaTimidity,
    polishRestoration,
    haig,
    russianDesertions,
    princeMax,
  ].map((m) => [m.id, m]),
);

export const cardModule = (id: string): CardModule | undefined => CARD_MODULES.get(id);
