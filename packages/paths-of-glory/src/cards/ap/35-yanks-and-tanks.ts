import type { CardModule } from '../module.ts';
import { operateWith } from '../operateWith.ts';

/** AP 35 Yanks and Tanks: operations with the card, +2 in every combat with an American unit this round (src/roundEffects.ts). */
export const yanksAndTanks: CardModule = {
  id: 'ap-35',
  text: 'The Allies use this card for operations, and every combat this round with an American unit gets +2 on the Allied die.',
  play: (state, _log, side) => operateWith(state, side, 'ap-35', ['round:yanks-and-tanks']),
};
