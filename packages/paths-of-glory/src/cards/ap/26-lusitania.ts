import { type CardModule, moveVp } from '../module.ts';

/** AP 26 Lusitania: after Blockade and before Zimmermann Telegram, one VP off. */
export const lusitania: CardModule = {
  id: 'ap-26',
  text: 'Playable after Blockade and before Zimmermann Telegram: American outrage takes one VP off.',
  playable: (state) => state.played.includes('blockade') && !state.played.includes('zimmermann_telegram'),
  play(state, log) {
    moveVp(state, log, -1, 'The Lusitania is sunk');
    return 'done';
  },
};
