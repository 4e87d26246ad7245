import type { CardModule } from '../module.ts';

/** CP 65 Prince Max (optional card): war status +3 (the card's number), not after turn 16. */
export const princeMax: CardModule = {
  id: 'cp-65',
  text: 'Not after turn 16: Germany seeks a negotiated peace; the Central Powers’ war status rises by three.',
  playable: (state) => state.turn <= 16,
};
