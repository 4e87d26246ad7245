import { enterWar } from '../../war.ts';
import { freeCorpsChoices, freeCorpsStep, placeFreeCorps } from '../freeCorps.ts';
import type { CardModule } from '../module.ts';

/** CP 34 Bulgaria (9.5.2.1): a neutral entry. */
export const bulgaria: CardModule = {
  id: 'cp-34',
  text: 'Bulgaria joins the Central Powers: two corps in Sofia and four more, one a space, elsewhere in Bulgaria.',
  neutralEntry: true,
  playable: (state) => state.neutral.includes('bu'),
  play: (state, log) => freeCorpsStep(enterWar(state, log, 'bu')),
  choices: (state, _side, step) => freeCorpsChoices(state, step, 'bu', 'sofia'),
  resolve: placeFreeCorps,
};
