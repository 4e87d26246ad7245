import { tsarTakesCommandAllowed } from '../../russia.ts';
import type { CardModule } from '../module.ts';

/** CP 28 Tsar Takes Command (16.4.3): the first step of the Russian Capitulation track. */
export const tsarTakesCommand: CardModule = {
  id: 'cp-28',
  text: 'Playable once the Central Powers hold three or more VP spaces in Russia. The Tsar goes to the front: the first step towards Russia leaving the war.',
  playable: tsarTakesCommandAllowed,
  play: () => 'done',
};
