import type { CardModule } from '../module.ts';
import { usReinforcementsAllowed } from '../usReinforcements.ts';

/** AP 38 USA Reinforcements (9.5.3, 16.3.4): the units come as any reinforcement card's. */
export const usCorps: CardModule = {
  id: 'ap-38',
  text: 'US reinforcements, from the turn after Over There and not while U-Boats Unleashed is uncountered: one US corps to the reserve box.',
  playable: usReinforcementsAllowed,
};
