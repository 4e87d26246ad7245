import type { CardModule } from '../module.ts';
import { spyThenOperate } from '../spyHand.ts';

/** CP 17 Mata Hari: see the Allied hand, then operations with this card. */
export const mataHari: CardModule = {
  id: 'cp-17',
  text: 'The Central Powers look at every card in the Allied hand, then use this card for operations.',
  play: (state, log, side) => spyThenOperate(state, log, side, 'cp-17'),
};
