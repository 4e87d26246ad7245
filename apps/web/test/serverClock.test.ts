import { describe, expect, it } from 'vitest';
import { clockLines, noteServerTime, serverOffsetMs } from '../src/lib/clock.ts';

describe("the browser's view of the server's clock", () => {
  it('follows a server whose clock is ahead of the browser, and ignores readings made stale by the network', () => {
    const received = Date.parse('2026-11-23T12:00:00.000Z');
    // The server says 12:02:00 when the browser says 12:00:00: two minutes ahead.
    noteServerTime('2026-11-23T12:02:00.000Z', received);
    expect(serverOffsetMs()).toBe(120_000);
    // A reading that spent 300 ms in transit looks older; it does not pull the offset down.
    noteServerTime('2026-11-23T12:02:05.000Z', received + 5_300);
    expect(serverOffsetMs()).toBe(120_000);
    // A server clock corrected by more than a minute is followed.
    noteServerTime('2026-11-23T12:00:10.000Z', received + 10_000);
    expect(serverOffsetMs()).toBe(0);
  });

  it('counts a running live clock down from the server reading, in server time', () => {
    const asOf = '2026-11-23T12:00:00.000Z';
    const clock = { kind: 'live' as const, remainingMs: { a: 60_000, b: 30_000 }, running: ['a'], asOf };
    const lines = clockLines(
      clock,
      [
        { seat: 'a', name: 'Blue' },
        { seat: 'b', name: 'Red' },
      ],
      Date.parse(asOf) + 15_000,
    );
    expect(lines).toEqual(['Blue 0:45 ▶', 'Red 0:30']);
  });
});
