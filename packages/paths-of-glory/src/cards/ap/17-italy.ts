import { enterWar } from '../../war.ts';
import type { CardModule } from '../module.ts';

/** Italian spaces that get an Allied level 1 trench on entry in the historical scenario (5.7.1.3). */
const HISTORICAL_TRENCHES = ['verona', 'asiago', 'maggiore', 'udine'];

/** AP 17 Italy (9.5.2.1): a neutral entry; 9.5.2.5 and 9.5.2.5.1 (src/war.ts, src/flow.ts) press the Allies to play it. */
export const italy: CardModule = {
  id: 'ap-17',
  text: 'Italy joins the Allies and sets up by the Neutral Setup chart. Each War Status Phase it is still neutral once the Allies are at Total War costs them a VP.',
  neutralEntry: true,
  playable: (state) => state.neutral.includes('it'),
  play(state, log) {
    enterWar(state, log, 'it');
    if (state.rules?.historical)
      for (const s of HISTORICAL_TRENCHES) state.trenches[s] = { side: 'ap', level: 1 };
    return 'done';
  },
};
