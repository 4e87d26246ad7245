import type { Json, JsonObject } from './json.ts';

/**
 * Small differences between two JSON values, so that a server can send a recipient what changed in
 * its view instead of the whole view. A patch is a list of operations applied in order:
 *
 * - `{ p, v }`: set the value at path `p` (replacing it, adding an object key, or appending to an
 *   array when the index equals its length);
 * - `{ p, d: 1 }`: delete the object key at `p`;
 * - `{ p, n }`: cut the array at `p` to length `n`.
 *
 * An empty path means the root. Applying never mutates the base: it copies only the containers on
 * the changed paths, so an unchanged subtree is shared between the old value and the new one.
 */
export type PatchPath = (string | number)[];
export type PatchOp = { p: PatchPath; v: Json } | { p: PatchPath; d: 1 } | { p: PatchPath; n: number };
export type JsonPatch = PatchOp[];

/** Deep equality of two JSON values (object key order does not matter). */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i]!, b[i]!)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key]!, b[key]!)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}

/**
 * The operations that turn `from` into `to`. A container most of whose entries changed, each by
 * an operation or two, is sent whole instead: a list that shifted by one costs one operation, not
 * one per element. A container with many operations under a few of its entries is not: a whole
 * side's units each moving one field is one small operation per unit, not the whole view.
 */
export function diffJson(from: Json, to: Json): JsonPatch {
  const ops: JsonPatch = [];
  diffInto(from, to, [], ops);
  return ops;
}

/** `path` is a stack shared by the whole walk; operations take a copy of it. */
function diffInto(from: Json, to: Json, path: PatchPath, ops: JsonPatch): void {
  if (from === to) return;
  const bothObjects =
    typeof from === 'object' &&
    typeof to === 'object' &&
    from !== null &&
    to !== null &&
    Array.isArray(from) === Array.isArray(to);
  if (!bothObjects) {
    ops.push({ p: path.slice(), v: to });
    return;
  }
  const start = ops.length;
  let entries: number;
  /** Entries of this container that changed (added, removed or different). */
  let changed = 0;
  if (Array.isArray(from)) {
    const next = to as Json[];
    entries = next.length;
    const common = Math.min(from.length, next.length);
    for (let i = 0; i < common; i++) {
      const before = ops.length;
      path.push(i);
      diffInto(from[i]!, next[i]!, path, ops);
      path.pop();
      if (ops.length > before) changed++;
    }
    for (let i = common; i < next.length; i++) ops.push({ p: [...path, i], v: next[i]! });
    changed += Math.abs(next.length - from.length);
    if (next.length < from.length) ops.push({ p: path.slice(), n: next.length });
  } else {
    const next = to as JsonObject;
    entries = 0;
    for (const key in from) {
      if (!Object.hasOwn(next, key)) {
        ops.push({ p: [...path, key], d: 1 });
        changed++;
      }
    }
    for (const key in next) {
      entries++;
      path.push(key);
      if (Object.hasOwn(from, key)) {
        const before = ops.length;
        diffInto(from[key]!, next[key]!, path, ops);
        if (ops.length > before) changed++;
      } else {
        ops.push({ p: path.slice(), v: next[key]! });
        changed++;
      }
      path.pop();
    }
  }
  // Most entries changed, each by one or two operations: the container whole is about as small and
  // simpler. Many operations under few entries (a long list in a short object) stay operations.
  if (changed > 1 && changed > entries / 2 && ops.length - start <= 2 * changed) {
    ops.length = start;
    ops.push({ p: path.slice(), v: to });
  }
}

type Container = Json[] | JsonObject;

function isContainer(v: Json | undefined): v is Container {
  return typeof v === 'object' && v !== null;
}

function shallowCopy(c: Container): Container {
  return Array.isArray(c) ? c.slice() : { ...c };
}

function checkKey(key: string | number): void {
  // A view never has these keys; a patch that names them is forged or corrupt.
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
    throw new Error(`patch names a forbidden key: ${String(key)}`);
  }
}

/** Applies a patch to `base` without changing it; throws if the patch does not fit the base. */
export function applyJsonPatch(base: Json, patch: JsonPatch): Json {
  let root: Json = base;
  const copied = new Set<Container>();
  const writable = (c: Container): Container => {
    if (copied.has(c)) return c;
    const copy = shallowCopy(c);
    copied.add(copy);
    return copy;
  };
  for (const op of patch) {
    if (op.p.length === 0) {
      if ('v' in op) root = op.v;
      else if ('n' in op && Array.isArray(root) && op.n <= root.length) {
        const cut = writable(root) as Json[];
        cut.length = op.n;
        root = cut;
      } else throw new Error('patch cannot do that to the root');
      continue;
    }
    if (!isContainer(root)) throw new Error('patch path goes through a non-container');
    root = writable(root);
    let parent = root as Container;
    for (let i = 0; i < op.p.length - 1; i++) {
      const key = op.p[i]!;
      checkKey(key);
      const child = (parent as Record<string | number, Json>)[key];
      if (!isContainer(child)) throw new Error(`patch path ${op.p.slice(0, i + 1).join('.')} is missing`);
      const copy = writable(child);
      (parent as Record<string | number, Json>)[key] = copy;
      parent = copy;
    }
    const last = op.p[op.p.length - 1]!;
    checkKey(last);
    if ('v' in op) {
      if (Array.isArray(parent)) {
        if (typeof last !== 'number' || last < 0 || last > parent.length)
          throw new Error(`patch index ${String(last)} is outside the list`);
      }
      (parent as Record<string | number, Json>)[last] = op.v;
    } else if ('d' in op) {
      if (Array.isArray(parent)) throw new Error('patch deletes from a list');
      delete (parent as JsonObject)[last as string];
    } else {
      const list = (parent as Record<string | number, Json>)[last];
      if (!Array.isArray(list) || op.n > list.length) throw new Error('patch cuts a list that is not there');
      const cut = writable(list) as Json[];
      cut.length = op.n;
      (parent as Record<string | number, Json>)[last] = cut;
    }
  }
  return root;
}
