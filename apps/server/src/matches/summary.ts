import { diffJson, type Json, type JsonPatch } from '@salient/engine';
import { type MatchSummary, summaryStepped } from '@salient/protocol';
import { clockStateOf } from './clocks.ts';
import type { LiveMatch } from './liveMatch.ts';

/** The match as `viewerSeat` (or a non-player, null) may see it: no seed before the end. */
export function summaryFor(m: LiveMatch, viewerSeat: string | null, now = Date.now()): MatchSummary {
  return {
    id: m.id,
    game: m.gameId,
    scenario: m.scenario,
    options: m.options,
    status: m.status,
    visibility: m.visibility,
    timeControl: m.timeControl,
    seats: m.seats.map((s) => ({ seat: s.seat, name: s.name, user: s.user })),
    createdBy: m.createdBy,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    seq: m.seq,
    turn: m.turn,
    phase: m.phase,
    toAct: m.toAct,
    yourSeat: viewerSeat,
    yourTurn: viewerSeat !== null && m.status === 'active' && m.toAct.includes(viewerSeat),
    inviteCode: viewerSeat !== null ? m.inviteCode : null,
    seedHash: m.seedHash,
    // An imported record published its seed already, finished or not.
    seed: m.status === 'finished' || m.imported ? m.seed : null,
    outcome: m.outcome,
    clock: clockStateOf(m, now),
    rematchOf: m.rematchOf,
    imported: m.imported,
  };
}

/**
 * What a push says of the summary: the difference between the summary before the step (with the
 * step's own seq, time and clock reading set, as the client sets them: summaryStepped) and the one
 * after. Empty when the step changed nothing else. A live clock always goes whole: the remaining
 * times the client holds were read at its last push, not at this step, so a difference from a
 * reading taken now would not fit them.
 */
export function summaryDiff(before: MatchSummary, after: MatchSummary, seq: number, at: string): JsonPatch {
  const base = summaryStepped(before, seq, at);
  const patch = diffJson(
    { ...base, clock: after.clock.kind === 'live' ? null : base.clock } as unknown as Json,
    after as unknown as Json,
  );
  return patch;
}
