import type { CardModule } from '../module.ts';
import { nearEastArmyEntry } from '../specialEntry.ts';

/** AP 53 Army of the Orient (9.5.3.3, 9.5.3.4): the French Orient Army in Salonika while it is Allied and has room. */
export const armyOfTheOrient: CardModule = {
  id: 'ap-53',
  text: 'French reinforcements: the Orient Army arrives in Salonika, if the Allies control it and it has room; or it enters at home (Paris or a French supply source) and no longer operates in the Near East or Salonika.',
  entry: nearEastArmyEntry,
};
