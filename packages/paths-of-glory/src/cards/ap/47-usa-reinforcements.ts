import type { CardModule } from '../module.ts';
import { usReinforcementsAllowed } from '../usReinforcements.ts';

/** AP 47 USA Reinforcements (9.5.3, 16.3.4): the units come as any reinforcement card's. */
export const usSecondArmy: CardModule = {
  id: 'ap-47',
  text: 'US reinforcements, from the turn after Over There and not while U-Boats Unleashed is uncountered: the US 2nd Army (to a French port) and one US corps.',
  playable: usReinforcementsAllowed,
};
