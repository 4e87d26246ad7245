import type { Readable } from './types.ts';

/**
 * Memos of facts derived from a state (who stands where, the supply networks) that many rules ask
 * for within one action. Every write to a unit's location, a space's control or a fort goes
 * through `touched`, which forgets them; the memos live only as long as the state object.
 */
const memos = new WeakMap<object, Map<string, unknown>>();

export function memo<T>(state: Readable, key: string, compute: () => T): T {
  let m = memos.get(state.units);
  if (!m) {
    m = new Map();
    memos.set(state.units, m);
  }
  if (m.has(key)) return m.get(key) as T;
  const value = compute();
  m.set(key, value);
  return value;
}

export function touched(state: Readable): void {
  memos.delete(state.units);
}

/** Moves a unit: the only way rules change a location, so the memos stay true. */
export function setLoc(state: Readable, id: string, loc: string): void {
  state.units[id]!.loc = loc;
  touched(state);
}
