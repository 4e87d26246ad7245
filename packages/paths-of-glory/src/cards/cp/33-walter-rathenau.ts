import type { CardModule } from '../module.ts';

/** CP 33 Walter Rathenau: one more German RP in every Replacement Phase until Independent Air Force (src/flow.ts). */
export const walterRathenau: CardModule = {
  id: 'cp-33',
  text: 'War economy: the Central Powers get one extra German replacement point in every Replacement Phase (until Independent Air Force).',
};
