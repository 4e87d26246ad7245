import type { CardModule } from '../module.ts';
import { namedSpace } from '../specialEntry.ts';

/** AP 53 Army of the Orient (9.5.3.3): the French Orient Army in Salonika while it is Allied and has room. */
export const armyOfTheOrient: CardModule = {
  id: 'ap-53',
  text: 'French reinforcements: the Orient Army arrives in Salonika, if the Allies control it and it has room.',
  playable: (state) => (state.neutral.includes('gr') ? state.played.includes('salonika') : true),
  entry: (state, unit) => namedSpace(state, unit, 'salonika'),
};
