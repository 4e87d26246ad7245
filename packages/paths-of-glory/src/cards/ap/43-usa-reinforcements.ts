import type { CardModule } from '../module.ts';
import { usReinforcementsAllowed } from '../usReinforcements.ts';

/** AP 43 USA Reinforcements (9.5.3, 16.3.4): the units come as any reinforcement card's. */
export const usFirstArmy: CardModule = {
  id: 'ap-43',
  text: 'US reinforcements, from the turn after Over There and not while U-Boats Unleashed is uncountered: the US 1st Army (to a French port) and two US corps.',
  playable: usReinforcementsAllowed,
};
