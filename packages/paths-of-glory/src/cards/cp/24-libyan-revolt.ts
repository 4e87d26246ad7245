import { sideOf, unitsIn } from '../../units.ts';
import type { CardModule } from '../module.ts';
import { roomFor } from '../specialEntry.ts';

/** CP 24 Libyan Revolt (9.5.3.2): the Senussi corps appears in Libya while no Allied unit stands there. */
export const libyanRevolt: CardModule = {
  id: 'cp-24',
  text: 'Turkish reinforcements, while no Allied unit stands in Libya: the Senussi corps appears there.',
  playable: (state) => !unitsIn(state, 'libya').some((u) => sideOf(u) === 'ap'),
  entry: (state, unit) => (roomFor(state, unit, 'libya') ? ['libya'] : []),
};
