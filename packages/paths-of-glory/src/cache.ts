import type { Readable } from './types.ts';

/**
 * Memos of facts derived from a position (who stands where, the supply networks) that many rules
 * ask for within one action. Every write to a unit's location, a space's control or a fort goes
 * through `touched`, which forgets them; the memos live only as long as the position object.
 *
 * They are kept by the position itself, never by one of its parts: positions share unchanged parts
 * (a state shares them with the one before it, apply.ts; a client's view folded from a patch shares
 * every part the patch left alone), and a memo kept by `units` would then outlive a change of
 * control or of a fort that left the units as they were.
 */
const memos = new WeakMap<object, Map<string, unknown>>();

export function memo<T>(state: Readable, key: string, compute: () => T): T {
  let m = memos.get(state);
  if (!m) {
    m = new Map();
    memos.set(state, m);
  }
  if (m.has(key)) return m.get(key) as T;
  const value = compute();
  m.set(key, value);
  return value;
}

export function touched(state: Readable): void {
  memos.delete(state);
}

/** Moves a unit: the only way rules change a location, so the memos stay true. */
export function setLoc(state: Readable, id: string, loc: string): void {
  state.units[id]!.loc = loc;
  touched(state);
}
