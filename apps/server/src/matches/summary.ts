import type { MatchSummary } from '@salient/protocol';
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
