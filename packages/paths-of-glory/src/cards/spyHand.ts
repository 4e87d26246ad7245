import type { EventLog } from '@salient/engine';
import { cardName } from '../cards.ts';
import { card } from '../data/index.ts';
import { sideName } from '../map.ts';
import { newOperation } from '../operations.ts';
import { other, type PogState, type Side } from '../types.ts';
import type { EventResult } from './module.ts';

/**
 * Cloak and Dagger (AP 23) and Mata Hari (CP 17): the player sees the other hand (told to that
 * player only), then plays the card for its operations.
 */
export function spyThenOperate(state: PogState, log: EventLog, side: Side, cardId: string): EventResult {
  const hand = state.decks[other(side)].hand;
  log.add({
    type: 'spiedHand',
    text: `${sideName(other(side))} hold ${hand.length > 0 ? hand.map(cardName).join(', ') : 'no cards'}`,
    to: [side],
    cards: [...hand],
    reveals: true,
  });
  state.phase = { kind: 'activate', side, op: newOperation(cardId, card(cardId).ops) };
  return 'phase';
}
