import { diffJson, type Json, type JsonPatch } from '@salient/engine';
import type { MatchSummary } from '@salient/protocol';
import { clockStateOf } from './clocks.ts';
import type { LiveMatch } from './liveMatch.ts';

/**
 * The fields of a summary that a step can change, besides `seq` and `updatedAt` (which a push sets
 * by itself): what Play.advance moves, and what follows from it for the viewer. A push's summary
 * patch compares these only, so any field a step may change must be here (summaryFor takes them
 * from here too, so the two cannot disagree).
 */
function stepFields(m: LiveMatch, viewerSeat: string | null, now: number) {
  return {
    status: m.status,
    turn: m.turn,
    phase: m.phase,
    toAct: m.toAct,
    yourTurn: viewerSeat !== null && m.status === 'active' && m.toAct.includes(viewerSeat),
    // An imported record published its seed already, finished or not.
    seed: m.status === 'finished' || m.imported ? m.seed : null,
    outcome: m.outcome,
    clock: clockStateOf(m, now),
  };
}

/** The match as `viewerSeat` (or a non-player, null) may see it: no seed before the end. */
export function summaryFor(m: LiveMatch, viewerSeat: string | null, now = Date.now()): MatchSummary {
  return {
    id: m.id,
    game: m.gameId,
    scenario: m.scenario,
    options: m.options,
    visibility: m.visibility,
    timeControl: m.timeControl,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      user: s.user,
      rating: s.rating ?? null,
      ...(s.bot ? { bot: s.bot } : {}),
    })),
    createdBy: m.createdBy,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    seq: m.seq,
    yourSeat: viewerSeat,
    inviteCode: viewerSeat !== null ? m.inviteCode : null,
    seedHash: m.seedHash,
    rematchOf: m.rematchOf,
    imported: m.imported,
    rated: m.rated,
    ratingRange: m.ratingRange,
    tournamentId: m.tournamentId,
    ...(m.computer ? { computer: true } : {}),
    ...(m.hints ? { hints: true } : {}),
    ...stepFields(m, viewerSeat, now),
  };
}

/**
 * What a push says of the summary: the difference between the summary before the step and after
 * it, both read at the step's time `at`, with the step's seq and time set on the one before as the
 * client sets them (protocol's summaryStepped; a clock read at `at` already carries `asOf: at`).
 * Empty when the step changed nothing else. A live clock always goes whole: the remaining times the
 * client holds were read at its last push, not at this step, so a difference from a reading taken
 * now would not fit them.
 */
export function summaryPatchFor(
  before: LiveMatch,
  after: LiveMatch,
  viewerSeat: string | null,
  at: number,
): JsonPatch {
  const next = stepFields(after, viewerSeat, at);
  const previous = stepFields(before, viewerSeat, at);
  const base = { ...previous, clock: next.clock.kind === 'live' ? null : previous.clock };
  // Field by field, under each field's own path: diffJson of the two objects would send the root
  // whole when most of these fields change (turn, phase, whose turn), and a root replaced by these
  // fields alone would wipe the rest of the summary the client holds (its id, game and seats).
  const ops: JsonPatch = [];
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    for (const op of diffJson(base[key] as unknown as Json, next[key] as unknown as Json))
      ops.push({ ...op, p: [key, ...op.p] });
  }
  return ops;
}
