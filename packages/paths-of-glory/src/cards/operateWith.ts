import { card } from '../data/index.ts';
import { newOperation } from '../operations.ts';
import type { PogState, Side } from '../types.ts';
import type { EventResult } from './module.ts';

/**
 * Events that go on as operations with the same card (Yanks and Tanks, Kerensky and Brusilov
 * Offensives; Cloak and Dagger and Mata Hari in spyHand.ts): the round's flags are set, then the card's
 * OPS are spent as an operations play.
 */
export function operateWith(state: PogState, side: Side, cardId: string, flags: string[]): EventResult {
  state.turnFlags.push(...flags);
  state.phase = { kind: 'activate', side, op: newOperation(cardId, card(cardId).ops) };
  return 'phase';
}
