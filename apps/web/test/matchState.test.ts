import type { MatchSnapshot, MatchSummary, MatchUpdate } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import {
  applyChat,
  applySpectators,
  applySummary,
  applySync,
  applyUpdate,
  fromSnapshot,
  nextConnection,
} from '../src/lib/stores/matchState.ts';

function summary(seq: number, extra: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id: 'm1',
    game: 'skirmish',
    scenario: 'meeting',
    options: {},
    status: 'active',
    visibility: 'open',
    timeControl: { kind: 'none' },
    seats: [],
    createdBy: { id: 'u1', username: 'ann' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    seq,
    turn: 'Turn 1',
    phase: 'Action',
    toAct: ['red'],
    yourSeat: 'red',
    yourTurn: true,
    inviteCode: null,
    seedHash: 'h',
    seed: null,
    outcome: null,
    clock: { kind: 'none' },
    rematchOf: null,
    imported: false,
    ...extra,
  };
}

const snapshot: MatchSnapshot = {
  matchId: 'm1',
  seat: 'red',
  seq: 2,
  view: { at: 2 },
  log: [
    { seq: 1, seat: 'red', events: [{ type: 'moved', text: 'one' }] },
    { seq: 2, seat: 'red', events: [{ type: 'moved', text: 'two' }] },
  ],
  summary: summary(2),
  spectators: 1,
  chat: [],
};

function update(seq: number, extra: Partial<MatchUpdate> = {}): MatchUpdate {
  return {
    matchId: 'm1',
    seq,
    kind: 'action',
    seat: 'red',
    view: { at: seq },
    events: [{ type: 'moved', text: `step ${seq}` }],
    undoneSeqs: [],
    at: '2026-01-01T00:00:00.000Z',
    summary: summary(seq),
    ...extra,
  };
}

describe('match state', () => {
  const base = fromSnapshot(snapshot);

  it('applies the next update and remembers its seq', () => {
    const { state, outcome } = applyUpdate(base, update(3));
    expect(outcome).toBe('applied');
    expect(state.seq).toBe(3);
    expect(state.view).toEqual({ at: 3 });
    expect(state.log.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('leaves the state it folded into untouched, sharing the entries it keeps', () => {
    const { state } = applyUpdate(base, update(3));
    expect(base.log.map((e) => e.seq)).toEqual([1, 2]);
    expect(state.log).not.toBe(base.log);
    expect(state.log[0]).toBe(base.log[0]);
  });

  it('keeps its summary right from a push that carries none: only the seq and time move', () => {
    const { summary: _none, ...bare } = update(3, { at: '2026-01-01T00:05:00.000Z' });
    const { state, outcome } = applyUpdate(base, bare);
    expect(outcome).toBe('applied');
    expect(state.summary).toEqual({ ...summary(3), updatedAt: '2026-01-01T00:05:00.000Z' });
  });

  it('folds a summary patch into the summary it holds, and syncs when the patch does not fit', () => {
    const { summary: _none, ...bare } = update(3, { at: '2026-01-01T00:05:00.000Z' });
    const patched = applyUpdate(base, {
      ...bare,
      summaryPatch: [
        { p: ['toAct', 0], v: 'blue' },
        { p: ['yourTurn'], v: false },
      ],
    });
    expect(patched.state.summary).toEqual({
      ...summary(3, { toAct: ['blue'], yourTurn: false }),
      updatedAt: '2026-01-01T00:05:00.000Z',
    });
    const misfit = applyUpdate(base, { ...bare, summaryPatch: [{ p: ['seats', 4, 'name'], v: 'x' }] });
    expect(misfit.outcome).toBe('gap');
    expect(misfit.state.summary).toBe(base.summary);
  });

  it('ignores an update it already has', () => {
    const { state, outcome } = applyUpdate(base, update(2, { view: { at: 'stale' } }));
    expect(outcome).toBe('duplicate');
    expect(state).toBe(base);
  });

  it('flags a gap instead of applying an update that skips a seq', () => {
    const { state, outcome } = applyUpdate(base, update(5));
    expect(outcome).toBe('gap');
    expect(state.gap).toBe(true);
    expect(state.seq).toBe(2);
    expect(state.view).toEqual({ at: 2 });
  });

  it('ignores updates of another match', () => {
    expect(applyUpdate(base, update(3, { matchId: 'other' })).outcome).toBe('other-match');
  });

  it('strikes undone steps and keeps them in the log', () => {
    const { state } = applyUpdate(
      base,
      update(3, { kind: 'undo', undoneSeqs: [2], events: [], view: { at: 1 } }),
    );
    expect(state.seq).toBe(3);
    expect(state.log.find((e) => e.seq === 2)?.undone).toBe(true);
    expect(state.log.find((e) => e.seq === 1)?.undone).toBe(false);
    expect(state.view).toEqual({ at: 1 });
  });

  it('fills a gap from a delta sync without duplicating entries', () => {
    const gapped = applyUpdate(base, update(5)).state;
    const synced = applySync(gapped, {
      ok: true,
      mode: 'delta',
      seq: 5,
      view: { at: 5 },
      summary: summary(5),
      entries: [2, 3, 4, 5].map((seq) => ({
        seq,
        seat: 'red',
        events: [{ type: 'moved', text: `step ${seq}` }],
      })),
    });
    expect(synced.gap).toBe(false);
    expect(synced.seq).toBe(5);
    expect(synced.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    // Applying the late update 5 afterwards changes nothing.
    expect(applyUpdate(synced, update(5)).outcome).toBe('duplicate');
  });

  it('replaces everything from a full sync but keeps chat seen live', () => {
    const withChat = applyChat(base, {
      matchId: 'm1',
      channel: 'players',
      from: 'bob',
      text: 'hi',
      at: '2026-01-01T00:01:00.000Z',
    });
    const full = applySync(withChat, {
      ok: true,
      mode: 'full',
      snapshot: { ...snapshot, seq: 9, view: { at: 9 }, log: [] },
    });
    expect(full.seq).toBe(9);
    expect(full.log).toEqual([]);
    expect(full.chat.map((m) => m.text)).toEqual(['hi']);
  });

  it('does not let an older summary overwrite a newer one', () => {
    const moved = applyUpdate(base, update(3)).state;
    expect(applySummary(moved, summary(2, { phase: 'old' })).summary.phase).toBe('Action');
    expect(applySummary(moved, summary(3, { status: 'finished' })).summary.status).toBe('finished');
  });

  it('counts spectators of its own match only and does not repeat a chat message', () => {
    expect(applySpectators(base, { matchId: 'm1', count: 4 }).spectators).toBe(4);
    expect(applySpectators(base, { matchId: 'm2', count: 4 }).spectators).toBe(1);
    const msg = {
      matchId: 'm1',
      channel: 'players' as const,
      from: 'bob',
      text: 'hi',
      at: '2026-01-01T00:01:00.000Z',
    };
    expect(applyChat(applyChat(base, msg), msg).chat).toHaveLength(1);
  });

  it('goes reconnecting on a drop, syncing on reconnect, online once synced', () => {
    let c = nextConnection('online', 'disconnect', true);
    expect(c).toBe('reconnecting');
    c = nextConnection(c, 'connect', true);
    expect(c).toBe('syncing');
    expect(nextConnection(c, 'synced', true)).toBe('online');
    expect(nextConnection('connecting', 'connect', false)).toBe('connecting');
    expect(nextConnection('reconnecting', 'gave-up', true)).toBe('offline');
  });
});
