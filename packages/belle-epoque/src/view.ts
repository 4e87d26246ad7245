import type { Seat } from '@salient/engine';
import type { BeState, BeView } from './types.ts';

/**
 * What one seat, or a spectator, may know. Undiscovered terrain is not in the state at all (it is
 * rolled when discovered) and neither is the bowl's order (rolled at each draw); what the view
 * removes is the generator that would predict those rolls, and the other side's sealed doctrine.
 *
 * The view shares the state's parts instead of copying them: a state is never changed once made
 * (apply works on a copy), and a view is only read (serialised, compared). A deep copy of the
 * whole state for every recipient, twice a step, was a quarter of the server's time at load.
 */
export function viewOf(state: BeState, seat: Seat | null): BeView {
  const { rng: _rng, ...rest } = state;
  const view: BeView = { ...rest, viewer: seat };
  if (state.phase.kind === 'doctrine') {
    const sealed: Record<Seat, string[]> = {};
    if (seat !== null && state.phase.sealed[seat] !== undefined) sealed[seat] = state.phase.sealed[seat];
    view.phase = { ...state.phase, sealed };
  }
  return view;
}
