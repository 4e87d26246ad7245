import { games } from '@salient/games';
import { summaryAfterUpdate } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import type { LiveMatch } from '../src/matches/liveMatch.ts';
import { RecentActionIds } from '../src/matches/recentActionIds.ts';
import { summaryFor, summaryPatchFor } from '../src/matches/summary.ts';

const loos = games.loos!;

/** A live-clock Loos match at seq 7, British to act: enough of a loaded match for its summary. */
function liveMatch(): LiveMatch {
  const created = new Date('2026-11-23T20:00:00.000Z');
  return {
    id: 'm1',
    gameId: 'loos',
    game: loos,
    scenario: 'loos-1915',
    options: {},
    status: 'active',
    visibility: 'open',
    inviteCode: null,
    timeControl: { kind: 'live', initialSeconds: 600, incrementSeconds: 5 },
    seed: 'secret',
    seedHash: 'hash',
    seq: 7,
    state: {},
    turn: 'Turn 1',
    phase: 'British movement',
    toAct: ['british'],
    outcome: null,
    clock: { british: 500_000, german: 580_000 },
    clockSince: new Date(created.getTime() + 60_000),
    deadline: null,
    createdBy: { id: 'u1', username: 'haig' },
    createdAt: created,
    updatedAt: new Date(created.getTime() + 60_000),
    finishedAt: null,
    rematchOf: null,
    imported: false,
    rated: false,
    ratingRange: null,
    tournamentId: null,
    seats: [
      { seat: 'british', name: 'British', user: { id: 'u1', username: 'haig' } },
      { seat: 'german', name: 'German', user: { id: 'u2', username: 'falkenhayn' } },
    ],
    recentActionIds: new RecentActionIds(16),
  };
}

describe('summary patches in pushes (issue 14)', () => {
  it('a step that changes most of what a step can change (turn, phase, whose turn, a live clock) patches those fields and keeps the rest of the summary', () => {
    const before = liveMatch();
    const at = before.updatedAt.getTime() + 30_000;
    const after: LiveMatch = {
      ...before,
      seq: 8,
      turn: 'Turn 2',
      phase: 'German movement',
      toAct: ['german'],
      clock: { british: 475_000, german: 580_000 },
      clockSince: new Date(at),
      updatedAt: new Date(at),
    };
    for (const seat of ['british', 'german', null]) {
      const held = summaryFor(before, seat, before.updatedAt.getTime());
      const patch = summaryPatchFor(before, after, seat, at);
      // Never the root: a patch replacing the whole summary with the step's fields would lose the rest.
      expect(patch.every((op) => op.p.length > 0)).toBe(true);
      const folded = summaryAfterUpdate(held, {
        seq: 8,
        at: new Date(at).toISOString(),
        summaryPatch: patch,
      });
      expect(folded).toEqual(summaryFor(after, seat, at));
      expect(folded.seats).toHaveLength(2);
      expect(folded.game).toBe('loos');
    }
  });

  it('a step that changes only its seq and time needs no patch without a live clock', () => {
    const before: LiveMatch = {
      ...liveMatch(),
      timeControl: { kind: 'none' },
      clock: null,
      clockSince: null,
    };
    const at = before.updatedAt.getTime() + 1_000;
    const after: LiveMatch = { ...before, seq: 8, updatedAt: new Date(at) };
    expect(summaryPatchFor(before, after, 'british', at)).toEqual([]);
  });
});
