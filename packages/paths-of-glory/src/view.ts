import type { Seat } from '@salient/engine';
import type { PogState, PogView, Side, ViewDeck } from './types.ts';

/**
 * What one seat (or a spectator, null) sees: everything on the board, both sides' discards, removed
 * and table cards and hand sizes; its own hand only; never a draw pile's order nor the generator.
 */
export function viewOf(state: PogState, seat: Seat | null): PogView {
  const { rng: _rng, decks, ...rest } = state;
  const deckView = (side: Side): ViewDeck => {
    const d = decks[side];
    const view: ViewDeck = {
      drawCount: d.draw.length,
      handCount: d.hand.length,
      discard: [...d.discard],
      removed: [...d.removed],
      table: [...d.table],
    };
    if (seat === side) view.hand = [...d.hand];
    return view;
  };
  // The board is shared with the state, not copied: a state is never changed once made (apply works
  // on a copy), and copying it for every recipient of every step was a quarter of the server's CPU.
  return { ...rest, viewer: seat, decks: { ap: deckView('ap'), cp: deckView('cp') } };
}
