/**
 * Limits on JSON a client sends (REST bodies and socket.io payloads), checked before anything reads it.
 *
 * JSON.parse copes with any depth, but much of what follows does not: zod, JSON.stringify and the
 * database driver recurse and overflow the stack on a few thousand levels. PostgreSQL refuses the NUL
 * character in text and in jsonb, so a NUL anywhere would fail at the database, after the work is done.
 * Keys `__proto__` and `constructor.prototype` are refused as Fastify's own parser does, so that no
 * later Object.assign can change a prototype.
 */

/** Deeper than anything the protocol or a game record needs (records nest about 8 levels). */
export const MAX_JSON_DEPTH = 64;

export type JsonProblem = { kind: 'too-deep' | 'nul' | 'prototype'; message: string };

/** The first problem found in a parsed value, or null. Iterative: the depth it refuses cannot hurt it. */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0'))
        return { kind: 'nul', message: 'text may not contain the NUL character (\\u0000)' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too-deep', message: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.includes('\0'))
        return { kind: 'nul', message: 'keys may not contain the NUL character (\\u0000)' };
      // JSON.parse makes "__proto__" an ordinary own key; Object.assign would make it a prototype.
      if (key === '__proto__') return { kind: 'prototype', message: 'the key __proto__ is not accepted' };
      if (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item) {
        return { kind: 'prototype', message: 'the key constructor.prototype is not accepted' };
      }
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/** Parses a request body; throws {@link InvalidJson} on malformed text or a {@link jsonProblem}. */
export function parseUntrustedJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InvalidJson(`the body is not JSON: ${(err as Error).message}`);
  }
  const problem = jsonProblem(value);
  if (problem) throw new InvalidJson(`the body is refused: ${problem.message}`);
  return value;
}

export class InvalidJson extends Error {
  override name = 'InvalidJson';
}
