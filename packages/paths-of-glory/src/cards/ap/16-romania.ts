import { enterWar } from '../../war.ts';
import { freeCorpsChoices, freeCorpsStep, placeFreeCorps } from '../freeCorps.ts';
import type { CardModule } from '../module.ts';

/** AP 16 Romania (9.5.2.1): a neutral entry, not once the Tsar has fallen. */
export const romania: CardModule = {
  id: 'ap-16',
  text: 'Romania joins the Allies: two corps in Bucharest and four more, one a space, elsewhere in Romania. Not after Fall of the Tsar.',
  neutralEntry: true,
  playable: (state) => state.neutral.includes('ro') && !state.played.includes('fall_of_the_tsar'),
  play: (state, log) => freeCorpsStep(enterWar(state, log, 'ro')),
  choices: (state, _side, step) => freeCorpsChoices(state, step, 'ro', 'bucharest'),
  resolve: placeFreeCorps,
};
