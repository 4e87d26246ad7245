import type { CardModule } from '../module.ts';

/** AP 27 Great Retreat: for the rest of the turn, Russians attacked may fall back one space instead of fighting (src/battle.ts). */
export const greatRetreat: CardModule = {
  id: 'ap-27',
  text: 'For the rest of the turn, Russian units attacked may fall back one space instead of fighting, announced before any die: no combat, and full-strength attackers may follow.',
  play(state) {
    state.turnFlags.push('great-retreat');
    return 'done';
  },
};
