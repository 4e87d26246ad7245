import type { CardModule } from '../module.ts';

/** AP 22 Italian Reinforcements: the 5th Army, once Italy is at war. */
export const italianReinforcements: CardModule = {
  id: 'ap-22',
  text: 'Italian reinforcements, once Italy has joined the Allies: the 5th Army arrives.',
  playable: (state) => !state.neutral.includes('it'),
};
