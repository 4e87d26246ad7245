import { untrack } from 'svelte';
import type { MapChange } from './lastMove.ts';

/** Places to bring into view: a new key for each request; `force` for the player's own pick. */
export interface Focus {
  key: number;
  locs: string[];
  force?: boolean;
}

/** The places a change on the map touched: where pieces went, were hit or marked (and left, if asked). */
export function changedPlaces(c: MapChange, withRemoved = false): string[] {
  return [
    ...c.moves.map((m) => m.to),
    ...c.weakened.map((w) => w.at),
    ...c.markers.map((m) => m.loc),
    ...(withRemoved ? c.removed.map((r) => r.from) : []),
  ];
}

export interface FocusInputs {
  /** The step to follow (the opponent's, each one for a spectator, the player's own with `force`). */
  step: () => { events: Record<string, unknown>[]; force?: boolean } | null;
  /** The places a step's events name. */
  placesOf: (events: Record<string, unknown>[]) => string[];
  /** What the step shown changed on the map. */
  change: () => MapChange;
  /** The places of what the player is picking in the panel (a target, a space). */
  picked: () => string[];
  /** The places marked as changed since the player last looked. */
  marks: () => string[];
}

/**
 * Where the map goes by itself: to a step just taken (its events' places, or failing those what it
 * changed on the map), at once to the player's own pick in the panel even just after a pan, and to
 * the places marked since the player last looked as they become known (the earlier position loads
 * later). Made while a component initialises: its effects are that component's. Inputs are getters,
 * so the effects follow what they read.
 */
export class MapFocus {
  current = $state.raw<Focus | null>(null);
  #key = 0;

  constructor(inputs: FocusInputs) {
    $effect(() => {
      const step = inputs.step();
      if (step === null) return;
      untrack(() => {
        let locs = inputs.placesOf(step.events);
        if (locs.length === 0) locs = changedPlaces(inputs.change());
        this.current = { key: ++this.#key, locs, force: step.force ?? false };
      });
    });
    let lastPicked = '';
    $effect(() => {
      const locs = inputs.picked();
      const key = locs.join(' ');
      if (key === lastPicked) return;
      lastPicked = key;
      if (locs.length > 0) untrack(() => (this.current = { key: ++this.#key, locs, force: true }));
    });
    let lastMarked = '';
    $effect(() => {
      const marks = inputs.marks();
      const key = marks.join(' ');
      if (key === lastMarked) return;
      lastMarked = key;
      if (marks.length > 0) untrack(() => (this.current = { key: ++this.#key, locs: marks }));
    });
  }
}
