import type { CardModule } from '../module.ts';
import { caucasusSpaces } from '../specialEntry.ts';

/** AP 29 Yudenitch (9.5.3.3): the Russian Caucasus Army enters in Russia on the Near East map. */
export const yudenitch: CardModule = {
  id: 'ap-29',
  text: 'Russian reinforcements: the Caucasus Army arrives in any supplied Russian space on the Near East map.',
  entry: caucasusSpaces,
};
