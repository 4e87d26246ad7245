import type { Seat } from '@salient/engine';
import type { BeState, BeView } from './types.ts';

/**
 * What one seat, or a spectator, may know. Undiscovered terrain is not in the state at all (it is
 * rolled when discovered) and neither is the bowl's order (rolled at each draw); what the view
 * removes is the generator that would predict those rolls, and the other side's sealed doctrine.
 */
export function viewOf(state: BeState, seat: Seat | null): BeView {
  const { rng: _rng, ...rest } = state;
  const view = structuredClone(rest) as BeView;
  view.viewer = seat;
  if (view.phase.kind === 'doctrine') {
    const sealed: Record<Seat, string[]> = {};
    if (seat !== null && view.phase.sealed[seat] !== undefined) sealed[seat] = view.phase.sealed[seat];
    view.phase.sealed = sealed;
  }
  return view;
}
