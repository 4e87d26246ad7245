import { peaceTermsRoll } from '../../peace.ts';
import type { CardModule } from '../module.ts';

/**
 * AP 62 The Sixtus Affair: Austria's secret peace feelers through Prince Sixtus, made public. The
 * Allies roll on their Peace Terms Table at whatever VP (ruling 74); it is no offer, so the Central
 * Powers cannot accept it for a draw, and it is played even where offers are not allowed.
 */
export const sixtusAffair: CardModule = {
  id: 'ap-62',
  text: 'Austria’s secret peace approach comes to light: the Allies roll on their Peace Terms Table whatever the VP level. This is no peace offer and cannot be accepted for a draw.',
  play(state, log) {
    peaceTermsRoll(state, log, 'ap', 'The Sixtus Affair');
    return 'done';
  },
};
