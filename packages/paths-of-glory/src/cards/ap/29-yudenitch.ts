import type { CardModule } from '../module.ts';
import { nearEastArmyEntry } from '../specialEntry.ts';

/** AP 29 Yudenitch (9.5.3.3, 9.5.3.4): the Russian Caucasus Army enters in Russia on the Near East map. */
export const yudenitch: CardModule = {
  id: 'ap-29',
  text: 'Russian reinforcements: the Caucasus Army arrives in any supplied Russian space on the Near East map, or at home (a Russian capital or supply source), where it no longer operates in the Near East.',
  entry: nearEastArmyEntry,
};
