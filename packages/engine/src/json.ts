/** Values that survive JSON.stringify/parse unchanged: the only shape state, actions and events may take. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Serialises with the key order of construction: deterministic code yields byte-identical text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of plain JSON data; several times faster than structuredClone for small objects. */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneJson(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = cloneJson((value as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * Makes `after` reuse `before`'s subtrees wherever the two are equal, key order included, and
 * returns `before` when they are equal whole, `after` otherwise (its containers changed in place).
 *
 * For a state made by copying the previous one whole and changing a little of it: the copy's
 * unchanged parts become garbage at once instead of living as long as the state (the garbage
 * collector's young generation no longer carries a whole state per action), and a diff of the two
 * (a push's patch) skips what they share by identity instead of comparing it value by value. Key
 * order counts, so the result serialises exactly as `after` did. `after` must be a fresh copy that
 * nothing else holds; `before` is never changed.
 */
export function shareUnchanged<T>(before: T, after: T): T {
  return shareInto(before as Json, after as Json) as T;
}

function shareInto(before: Json, after: Json): Json {
  if (before === after) return before;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null)
    return after;
  if (Array.isArray(after)) {
    if (!Array.isArray(before)) return after;
    let equal = before.length === after.length;
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) {
      const shared = shareInto(before[i]!, after[i]!);
      if (shared === before[i]) after[i] = shared;
      else equal = false;
    }
    return equal ? before : after;
  }
  if (Array.isArray(before)) return after;
  let equal = true;
  let count = 0;
  for (const key in after) {
    count++;
    if (!Object.hasOwn(before, key)) {
      equal = false;
      continue;
    }
    const was = before[key]!;
    const shared = shareInto(was, after[key]!);
    if (shared === was) after[key] = was;
    else equal = false;
  }
  return equal && sameKeyOrder(before, after, count) ? before : after;
}

/** Keys of the object being compared, reused from call to call (the check never nests). */
const scratchKeys: string[] = [];

/** Whether two objects with equal values under the keys of `after` (`count` of them) list the same keys in the same order. */
function sameKeyOrder(before: JsonObject, after: JsonObject, count: number): boolean {
  let n = 0;
  for (const key in after) scratchKeys[n++] = key;
  let i = 0;
  for (const key in before) if (i >= count || scratchKeys[i++] !== key) return false;
  return i === count;
}
