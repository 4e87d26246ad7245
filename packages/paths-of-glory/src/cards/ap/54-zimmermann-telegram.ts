import { combinedWarStatus } from '../../war.ts';
import { type CardModule, moveVp } from '../module.ts';

/** AP 54 Zimmermann Telegram (16.3.2-16.3.3): the United States joins the Allies, without troops yet. */
export const zimmermannTelegram: CardModule = {
  id: 'ap-54',
  text: 'Playable once combined war status reaches 30. One VP off; the United States join the Allies, and Over There may be played on a later turn.',
  playable: (state) => combinedWarStatus(state) >= 30 && state.neutral.includes('us'),
  play(state, log) {
    moveVp(state, log, -1, 'The Zimmermann Telegram');
    state.neutral = state.neutral.filter((n) => n !== 'us');
    log.add({ type: 'neutralEntry', text: 'The United States enter the war', nation: 'us' });
    return 'done';
  },
};
