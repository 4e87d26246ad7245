import type { CardModule } from '../module.ts';
import { spyThenOperate } from '../spyHand.ts';

/** AP 23 Cloak and Dagger: see the Central Powers' hand, then operations with this card. */
export const cloakAndDagger: CardModule = {
  id: 'ap-23',
  text: "The Allies look at every card in the Central Powers' hand, then use this card for operations.",
  play: (state, log, side) => spyThenOperate(state, log, side, 'ap-23'),
};
