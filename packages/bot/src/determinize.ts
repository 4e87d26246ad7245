import type { GameModule, RngState, Seat } from '@salient/engine';
import { nextUint32 } from '@salient/engine';

/** A dice generator for one determinization, drawn from the bot's own: never the match's. */
export function freshDice(rng: RngState): RngState {
  return [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1];
}

/**
 * How the search turns its seat's view into full states. A game with hidden information beyond the
 * dice supplies `bot.determinize`; for the others the view with a generator of the bot's own is a
 * full state (the view's `viewer` field dropped, as no state has one).
 */
export function determinizer(game: GameModule, view: object, seat: Seat): (rng: RngState) => object {
  const hook = game.bot?.determinize;
  if (hook) return (rng) => hook(view, seat, rng);
  return (rng) => {
    const { viewer: _viewer, ...rest } = view as { viewer?: unknown };
    return { ...rest, rng: freshDice(rng) };
  };
}
