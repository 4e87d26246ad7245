import type { CardModule } from '../module.ts';
import { nearEastArmyEntry } from '../specialEntry.ts';

/** AP 50 Allenby (9.5.3.3, 9.5.3.4): the British NE Army in Alexandria, after Sinai Pipeline. */
export const allenby: CardModule = {
  id: 'ap-50',
  text: 'British reinforcements: after Sinai Pipeline the NE Army arrives in Alexandria; or, at any time, it enters at home and no longer operates in the Near East.',
  entry: nearEastArmyEntry,
};
