import { combinedWarStatus } from '../../war.ts';
import type { CardModule } from '../module.ts';

/** AP 65 Influenza (optional card): from combined war status 30, no RP actions for the rest of the turn. */
export const influenza: CardModule = {
  id: 'ap-65',
  text: 'Playable from combined war status 30: neither side may play a card for replacement points for the rest of the turn (points already recorded stay).',
  playable: (state) => combinedWarStatus(state) >= 30,
  play(state) {
    state.turnFlags.push('influenza');
    return 'done';
  },
};
