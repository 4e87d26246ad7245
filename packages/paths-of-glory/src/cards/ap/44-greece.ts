import { enterWar } from '../../war.ts';
import type { CardModule } from '../module.ts';

/**
 * AP 44 Greece (9.5.2.1, 9.5.2.4): a neutral entry. After Salonika's limited entry the Greek units
 * already stand on the map; they now become Allied units like any other.
 */
export const greece: CardModule = {
  id: 'ap-44',
  text: 'Greece joins the Allies: its corps set up in Florina, Larisa and Athens (or, after Salonika, those already there may now move and fight).',
  neutralEntry: true,
  playable: (state) => state.neutral.includes('gr'),
  play(state, log) {
    if (state.played.includes('salonika')) {
      state.neutral = state.neutral.filter((n) => n !== 'gr');
      state.turnFlags.push('neutral-entry');
      log.add({ type: 'neutralEntry', text: 'Greece enters the war', nation: 'gr' });
    } else enterWar(state, log, 'gr');
    return 'done';
  },
};
