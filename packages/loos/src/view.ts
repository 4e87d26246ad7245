import type { Seat } from '@salient/engine';
import type { LoosState, LoosView } from './state.ts';

/** Loos has no hidden units: every seat and spectator sees the whole map, but never the dice generator. */
export function loosView(state: LoosState, _seat: Seat | null): LoosView {
  const { rng: _rng, ...view } = state;
  return view;
}
