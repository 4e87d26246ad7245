import type { CardModule } from '../module.ts';
import { namedSpace } from '../specialEntry.ts';

/** AP 50 Allenby (9.5.3.3): the British NE Army in Alexandria, after Sinai Pipeline. */
export const allenby: CardModule = {
  id: 'ap-50',
  text: 'British reinforcements, after Sinai Pipeline: the NE Army arrives in Alexandria.',
  playable: (state) => state.played.includes('sinai_pipeline'),
  entry: (state, unit) => namedSpace(state, unit, 'alexandria'),
};
