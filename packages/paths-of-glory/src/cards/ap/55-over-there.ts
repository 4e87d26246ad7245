import { type CardModule, playedBefore } from '../module.ts';

/**
 * AP 55 Over There (16.3.4): on a turn after Zimmermann Telegram; US reinforcement cards may be played
 * from the next turn on.
 */
export const overThere: CardModule = {
  id: 'ap-55',
  text: 'Playable on a turn after Zimmermann Telegram. US reinforcement cards may be played from the next turn on.',
  playable: (state) => playedBefore(state, 'zimmermann_telegram'),
  play: () => 'done',
};
