import { type CardModule, moveVp } from '../module.ts';

/** AP 40 Fourteen Points (16.3.5): after Zimmermann Telegram; one VP off; only the Allies may offer peace terms from now on. */
export const fourteenPoints: CardModule = {
  id: 'ap-40',
  text: 'Playable after Zimmermann Telegram. One VP off, and from now on only the Allies may offer peace terms.',
  playable: (state) => state.played.includes('zimmermann_telegram'),
  play(state, log) {
    moveVp(state, log, -1, "Wilson's Fourteen Points");
    return 'done';
  },
};
