import type { Seat } from '@salient/engine';
import type { WfState, WfView } from './types.ts';

/**
 * What a seat or spectator may know: everything on the table is in plain sight, so the view is the
 * state without the dice generator that would predict the next rolls.
 */
export function viewOf(state: WfState, seat: Seat | null): WfView {
  const { rng: _rng, ...rest } = state;
  // Shared with the state, not copied: a state is never changed once made (apply works on a copy).
  return { ...rest, viewer: seat };
}
