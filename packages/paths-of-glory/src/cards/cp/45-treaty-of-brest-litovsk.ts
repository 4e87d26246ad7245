import { SPACES } from '../../data/index.ts';
import { eliminate } from '../../losses.ts';
import { brestLitovskAllowed } from '../../russia.ts';
import { nationOf, onMap, unitsIn } from '../../units.ts';
import type { CardModule } from '../module.ts';

/** 16.4.9: the countries Russian units may still stand in after the treaty. */
const RUSSIAN_FRONT_NATIONS = ['ru', 'ge', 'tu', 'ah', 'ro'];

/**
 * CP 45 Treaty of Brest-Litovsk (16.4.8-16.4.9, 5.5.2.1): Russian units outside Russia, Germany,
 * Turkey, Austria-Hungary and Romania, and those stacked with other Allied units, are eliminated;
 * from now on Russians never attack and are attacked only by Turks on the Near East map
 * (src/combat.ts), and the Campaign's lower victory levels apply.
 */
export const treatyOfBrestLitovsk: CardModule = {
  id: 'cp-45',
  text: 'Playable after Bolshevik Revolution. Russian units outside Russia, Germany, Turkey, Austria-Hungary and Romania, or sharing a space with other Allies, are eliminated; Russians may no longer attack, nor be attacked except by Turks on the Near East map. The Campaign is now won by the Central Powers at 11 VP.',
  playable: brestLitovskAllowed,
  play(state, log) {
    for (const s of SPACES) {
      const here = unitsIn(state, s.id);
      const russians = here.filter((u) => nationOf(u) === 'ru');
      if (russians.length === 0) continue;
      const interned = here.some((u) => nationOf(u) !== 'ru');
      if (!interned && RUSSIAN_FRONT_NATIONS.includes(s.nation)) continue;
      for (const u of russians)
        if (onMap(state.units[u]!.loc))
          eliminate(
            state,
            log,
            u,
            interned ? 'interned after Brest-Litovsk' : 'outside Russia after Brest-Litovsk',
          );
    }
    return 'done';
  },
};
