import { submitRequest } from '@salient/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellFormedSubmit } from '../src/realtime/submitCheck.ts';

/**
 * The socket layer checks match:submit with wellFormedSubmit first and falls back to zod's
 * submitRequest. That is only safe if the fast check never says yes where zod says no, and says
 * yes with the value zod would give: these hold the two together.
 */
function agrees(payload: unknown): void {
  const fast = wellFormedSubmit(payload);
  const zod = submitRequest.safeParse(payload);
  if (fast !== null) {
    expect(zod.success).toBe(true);
    // The same value, keys in the same order (the action is stored as text, key order included).
    expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
    expect(fast).toEqual(zod.data);
  }
}

const good = { matchId: 'm1', seq: 3, action: { type: 'move', unit: 'a', to: [1, 2] }, clientActionId: 'c1' };

describe('the fast check of match:submit', () => {
  it('takes a well-formed request as zod does, dropping unknown keys', () => {
    expect(wellFormedSubmit(good)).toEqual(good);
    expect(wellFormedSubmit({ ...good, extra: 1 })).toEqual(good);
    agrees({ ...good, extra: 1 });
    agrees({ ...good, action: { z: 1, type: 'x', 10: [null, true, { a: 'b' }], a: -0.5 } });
  });

  it('leaves every doubtful request to zod', () => {
    const doubtful: unknown[] = [
      null,
      [],
      'text',
      { ...good, matchId: 'x'.repeat(65) },
      { ...good, seq: -1 },
      { ...good, seq: 1.5 },
      { ...good, seq: 2 ** 53 },
      { ...good, seq: '3' },
      { ...good, clientActionId: '' },
      { ...good, clientActionId: 'x'.repeat(65) },
      { ...good, action: null },
      { ...good, action: [] },
      { ...good, action: { unit: 'a' } },
      { ...good, action: { type: '' } },
      { ...good, action: { type: 'x'.repeat(65) } },
      { ...good, action: { type: 'move', n: Number.NaN } },
      { ...good, action: { type: 'move', n: Number.POSITIVE_INFINITY } },
      { ...good, action: { type: 'move', n: undefined } },
      { ...good, action: { type: 'move', n: Object.assign(new Array(3), { 0: 1, 2: 2 }) } },
      { ...good, action: { type: 'move', n: new Date(0) } },
      { ...good, action: { type: 'move', n: Buffer.from('ab') } },
      { ...good, action: { type: 'move', n: 1n } },
      { ...good, action: { type: 'move', [Symbol('s')]: 1 } },
      { ...good, action: JSON.parse('{"type":"move","__proto__":{"a":1}}') },
      { ...good, action: Object.assign(Object.create({ inherited: 1 }), { type: 'move' }) },
    ];
    for (const payload of doubtful) {
      expect(wellFormedSubmit(payload)).toBeNull();
      agrees(payload);
    }
  });

  it('agrees with zod on arbitrary requests', () => {
    const text = fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom('', 'move', 'x'.repeat(64)));
    const action = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc
        .record({ type: text }, { requiredKeys: [] })
        .chain((head) => fc.dictionary(fc.string(), fc.jsonValue()).map((rest) => ({ ...rest, ...head }))),
      fc.anything(),
    );
    const request = fc.record(
      {
        matchId: fc.oneof(text, fc.anything()),
        seq: fc.oneof(fc.integer({ min: -2, max: 1000 }), fc.double(), fc.anything()),
        action,
        clientActionId: fc.oneof(text, fc.anything()),
        other: fc.anything(),
      },
      { requiredKeys: [] },
    );
    // Requests zod takes: without them nearly every random request is refused by both, and the
    // comparison of accepted values would rest on a handful of cases.
    const wellFormed = fc.record({
      matchId: fc.string({ maxLength: 64 }),
      seq: fc.nat({ max: 100_000 }),
      action: fc
        .record({ type: fc.string({ minLength: 1, maxLength: 64 }) })
        .chain((head) => fc.dictionary(fc.string(), fc.jsonValue()).map((rest) => ({ ...rest, ...head }))),
      clientActionId: fc.string({ minLength: 1, maxLength: 64 }),
    });
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(wellFormed, request, fc.anything()), (payload) => {
        agrees(payload);
        if (wellFormedSubmit(payload) !== null) accepted++;
      }),
      // A fixed seed: the same 3,000 requests on every run, so a pass means the same thing each time.
      { numRuns: 3000, seed: 14 },
    );
    // And says yes often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(500);
  });
});
