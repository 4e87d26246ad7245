import type { SubmitRequest } from '@salient/protocol';

/**
 * match:submit is the one event every action sends, and zod's check of it (an intersection of a
 * record of lazily defined JSON values with the action's `type`) was a few percent of the server's
 * time at load. This accepts, without zod, the well-formed requests only: everything it passes,
 * `submitRequest` passes too and returns the same value (a test holds the two together). Anything
 * else (a bad request, or a shape this does not know) returns null and goes to zod, so a refusal
 * keeps zod's own error.
 */
export function wellFormedSubmit(payload: unknown): SubmitRequest | null {
  if (!isPlainObject(payload)) return null;
  const { matchId, seq, action, clientActionId } = payload;
  if (typeof matchId !== 'string' || matchId.length > 64) return null;
  // zod's int() is a safe integer.
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
  if (typeof clientActionId !== 'string' || clientActionId.length < 1 || clientActionId.length > 64)
    return null;
  if (!isPlainObject(action)) return null;
  const type = action.type;
  if (typeof type !== 'string' || type.length < 1 || type.length > 64) return null;
  if (!isJsonTree(action)) return null;
  // zod's object drops the keys it does not know; the action keeps all of its own.
  return { matchId, seq, action: action as SubmitRequest['action'], clientActionId };
}

/** What zod's record takes: an object straight from Object (as JSON.parse makes), or a bare one. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether a value is JSON all the way down: null, booleans, finite numbers, strings, arrays and
 * plain objects with string keys. Iterative, like jsonProblem, which has bounded the depth already.
 */
function isJsonTree(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === 'boolean' || typeof v === 'string') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (Array.isArray(v)) {
      // A hole would be undefined to zod: refused there, so not accepted here.
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return false;
        stack.push(v[i]);
      }
      continue;
    }
    if (!isPlainObject(v)) return false;
    // Symbol keys are not JSON; zod's record with string keys would look at them.
    if (Object.getOwnPropertySymbols(v).length > 0) return false;
    for (const key in v) {
      // zod's record drops a __proto__ key (jsonProblem refuses one before this runs anyway).
      if (!Object.hasOwn(v, key) || key === '__proto__') return false;
      stack.push(v[key]);
    }
  }
  return true;
}
