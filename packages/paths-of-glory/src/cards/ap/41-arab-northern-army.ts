import type { CardModule } from '../module.ts';
import { roomFor } from '../specialEntry.ts';

/** AP 41 Arab Northern Army (9.5.3.2): the ANA corps appears in Arabia, not in the reserve box. */
export const arabNorthernArmy: CardModule = {
  id: 'ap-41',
  text: 'British reinforcements, once Turkey is at war: the Arab Northern Army corps appears in Arabia.',
  playable: (state) => !state.neutral.includes('tu'),
  // Arabia may have passed to the Central Powers in an Attrition Phase (ruling 6): the card names the space, not its owner.
  entry: (state, unit) => (roomFor(state, unit, 'arabia') ? ['arabia'] : []),
};
