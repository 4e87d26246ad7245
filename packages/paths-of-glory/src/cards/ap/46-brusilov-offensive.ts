import type { CardModule } from '../module.ts';
import { operateWith } from '../operateWith.ts';

/** AP 46 Brusilov Offensive: operations, +1 to every Russian attack this round, and one Russian attack on non-German units without trench effects. */
export const brusilovOffensive: CardModule = {
  id: 'ap-46',
  text: 'The Allies use this card for operations: every Russian attack this round gets +1, and the first one on Central Powers units none of which is German ignores all trench effects.',
  play: (state, _log, side) => operateWith(state, side, 'ap-46', ['round:brusilov', 'round:brusilov-breach']),
};
