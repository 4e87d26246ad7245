import { type CardModule, moveVp } from '../module.ts';

/** AP 52 Convoy: after U-Boats Unleashed, whose effects it ends; one VP off. */
export const convoy: CardModule = {
  id: 'ap-52',
  text: 'Playable after U-Boats Unleashed: convoys end its British RP loss and its hold on US reinforcements. One VP off.',
  playable: (state) => state.played.includes('uboats_unleashed'),
  play(state, log) {
    moveVp(state, log, -1, 'Convoys defeat the U-boats');
    return 'done';
  },
};
