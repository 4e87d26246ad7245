import type { CardModule } from '../module.ts';
import { nearEastArmyEntry } from '../specialEntry.ts';

/** AP 31 MEF (9.5.3.4-9.5.3.5, 9.5.2.4.1): the landing; the framework lays the beachhead with the army. */
export const mef: CardModule = {
  id: 'ap-31',
  text: 'British reinforcements: once Turkey is at war and before Salonika, the MEF Army lands in one of the four MEF spaces, which becomes its beachhead and an Allied port; or, at any time, it enters at home (London or a British supply source) and no longer operates in the Near East.',
  entry: nearEastArmyEntry,
};
