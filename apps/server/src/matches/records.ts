import { randomUUID } from 'node:crypto';
import type { GameEvent, JsonObject, Outcome } from '@salient/engine';
import { type MatchRecordFile, matchRecordFile, type PublicUser, ServerErrorCode } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, conflict } from '../errors.ts';
import { requireSight } from './access.ts';
import { hashSeed } from './lifecycle.ts';
import type { GameRegistry } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';
import { checkOptions } from './options.ts';

const json = (v: unknown) => v as import('../generated/prisma/client.ts').Prisma.InputJsonValue;

/**
 * The published record of a finished match: seed, players and every effective step with its
 * events. An imported match's record is published whether or not it is finished: its seed is.
 */
export async function exportRecord(
  db: Db,
  store: MatchStore,
  matchId: string,
  user: PublicUser | null,
  invite: string | undefined,
): Promise<MatchRecordFile> {
  const m = await store.fresh(matchId);
  requireSight(m, user, invite);
  if (m.status !== 'finished' && !m.imported)
    throw conflict(ServerErrorCode.MatchNotFinished, 'the record is published when the match ends');
  const rows = await db.matchAction.findMany({
    where: { matchId, kind: 'action', undone: false },
    orderBy: { seq: 'asc' },
    select: { seat: true, action: true, events: true },
  });
  return {
    format: 'salient-record/1',
    matchId: m.id,
    game: m.gameId,
    scenario: m.scenario,
    options: m.options,
    seed: m.seed,
    seedHash: m.seedHash,
    players: m.seats.map((s) => ({ seat: s.seat, username: s.user?.username ?? null })),
    timeControl: m.timeControl,
    createdAt: m.createdAt.toISOString(),
    finishedAt: m.finishedAt?.toISOString() ?? null,
    outcome: m.outcome,
    actions: rows.map((r, i) => ({
      seq: i + 1,
      seat: r.seat,
      action: r.action as JsonObject & { type: string },
      events: r.events as GameEvent[],
    })),
  };
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep key order, so compare without it. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const invalid = (message: string) => new AppError(ServerErrorCode.InvalidRecord, message, 422);

/**
 * The words of an event: its log line and its place and line in a returning player's summary. A
 * game's later version may word the same event otherwise (topic and headline came on 27 November
 * 2026), so a record exported before is compared on everything else, and stored with the words of
 * its replay here.
 */
const WORDING = new Set(['text', 'topic', 'headline']);

/** An event without its words: what happened, to whom it was told, what it revealed, the dice. */
function factsOf(event: GameEvent): JsonObject {
  const facts: JsonObject = {};
  for (const key of Object.keys(event)) if (!WORDING.has(key)) facts[key] = event[key]!;
  return facts;
}

/** A verified record: the state its replay ends in, and each step's events as replayed here. */
export interface VerifiedRecord {
  state: object;
  events: GameEvent[][];
}

/**
 * Checks a record as anyone could: the seed matches the published hash, every action is legal when
 * replayed from it, and every die and every event's facts come out exactly as recorded (its words
 * may be an earlier version's: see WORDING).
 */
export function verifyRecord(findGame: GameRegistry, record: MatchRecordFile): VerifiedRecord {
  if (hashSeed(record.seed) !== record.seedHash) throw invalid('the seed does not match its published hash');
  const game = findGame(record.game);
  if (!game) throw invalid(`this server does not host the game ${record.game}`);
  const scenario = game.scenarios.find((s) => s.id === record.scenario);
  if (!scenario) throw invalid(`${game.title} has no scenario ${record.scenario}`);
  const options = checkOptions(scenario.options, record.options);
  if (!options.ok) throw invalid(`options: ${options.message}`);
  const seats = new Set(scenario.seats.map((s) => s.id));
  const listed = new Set<string>();
  for (const p of record.players) {
    if (!seats.has(p.seat)) throw invalid(`players: ${scenario.name} has no seat ${p.seat}`);
    if (listed.has(p.seat)) throw invalid(`players: the seat ${p.seat} is listed twice`);
    listed.add(p.seat);
  }
  let state: object;
  try {
    state = game.setup(record.scenario, record.options, record.seed);
  } catch (err) {
    throw invalid(`the game refused the record's options: ${(err as Error).message}`);
  }
  const events = record.actions.map((step, i) => {
    if (step.seq !== i + 1) throw invalid(`step ${i + 1} is numbered ${step.seq}`);
    const result = game.apply(state, step.seat, step.action);
    if (!result.ok)
      throw invalid(`step ${step.seq} is illegal: ${result.error.code} ${result.error.message}`);
    if (sortedJson(result.events.map(factsOf)) !== sortedJson((step.events as GameEvent[]).map(factsOf))) {
      throw invalid(`step ${step.seq}: the replayed events differ from the recorded ones`);
    }
    state = result.state;
    return result.events;
  });
  return { state, events };
}

const mismatch = (message: string) => new AppError(ServerErrorCode.RecordMismatch, message, 422);
const describe = (o: Outcome) => `${o.winner === null ? 'a draw' : `${o.winner} wins`} (${o.reason})`;

/**
 * The facts a record states that its replay decides: the outcome, and whether (finishedAt) it
 * ended. The outcome is the rules' own; an ending outside the rules (a resignation, time, a claim)
 * cannot be checked from a record, so such a record imports only without it, as unfinished.
 * Throws RECORD_MISMATCH naming the first stated fact the replay contradicts.
 */
export function checkStatedFacts(record: MatchRecordFile, derived: Outcome | null): void {
  const n = record.actions.length;
  const stated = record.outcome;
  if (stated && !derived) {
    throw mismatch(
      `outcome: the record states ${describe(stated)}, but replaying its ${n} actions does not end the game; ` +
        'an ending outside the rules (resignation, time, a claim) cannot be verified from a record: ' +
        'set outcome and finishedAt to null to import it as an unfinished archive',
    );
  }
  if (derived && (!stated || stated.winner !== derived.winner || stated.reason !== derived.reason)) {
    throw mismatch(
      `outcome: the record states ${stated ? describe(stated) : 'no outcome'}, but replaying its ${n} actions gives ${describe(derived)}`,
    );
  }
  if (!derived && record.finishedAt !== null) {
    throw mismatch(
      `finishedAt: the record says the match finished (${record.finishedAt}), but replaying its ${n} actions does not end the game`,
    );
  }
  if (derived && record.finishedAt === null) {
    throw mismatch(`finishedAt: the record says the match did not finish, but replaying it ends the game`);
  }
}

export interface ImportLimits {
  maxActions: number;
}

const tooLarge = (message: string) => new AppError(ServerErrorCode.RecordTooLarge, message, 413);

/**
 * Stores a verified record as an imported match: finished when its replay ends the game, else an
 * unfinished, read-only archive (status active, no seat held, no clock; see MatchSummary.imported).
 */
export async function importRecord(
  db: Db,
  findGame: GameRegistry,
  user: PublicUser,
  body: unknown,
  limits: ImportLimits,
): Promise<{ matchId: string; verified: true }> {
  // Counted before the full parse, so an oversized log is refused before any work on it.
  const actions = (body as { actions?: unknown } | null)?.actions;
  if (Array.isArray(actions) && actions.length > limits.maxActions) {
    throw tooLarge(
      `the record has ${actions.length} actions; this server imports at most ${limits.maxActions}`,
    );
  }
  const parsed = matchRecordFile.safeParse(body);
  if (!parsed.success)
    throw invalid(`not a Salient record: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  const record = parsed.data;
  const { state: finalState, events: replayed } = verifyRecord(findGame, record);
  const game = findGame(record.game)!;
  const scenario = game.scenarios.find((s) => s.id === record.scenario)!;
  const status = game.status(finalState);
  const outcome = game.outcome(finalState);
  checkStatedFacts(record, outcome);
  const id = randomUUID();
  const n = record.actions.length;
  await db.$transaction(async (tx) => {
    await tx.match.create({
      data: {
        id,
        game: record.game,
        scenario: record.scenario,
        options: json(record.options),
        status: outcome ? 'finished' : 'active',
        visibility: 'open',
        timeControl: json(record.timeControl),
        seed: record.seed,
        seedHash: record.seedHash,
        seq: n,
        turn: status.turn,
        phase: status.phase,
        toAct: json(outcome ? [] : status.toAct),
        outcome: outcome ? json(outcome) : undefined,
        createdById: user.id,
        // The import's own time: a record's dates are its word only, and would order the lists.
        finishedAt: outcome ? new Date() : null,
        imported: true,
        seats: { create: scenario.seats.map((s, position) => ({ seat: s.id, position, userId: null })) },
      },
    });
    await tx.matchAction.createMany({
      data: record.actions.map((a, i) => ({
        matchId: id,
        seq: a.seq,
        kind: 'action',
        seat: a.seat,
        action: json(a.action),
        // The replay's events: the same facts, in this version's words.
        events: json(replayed[i]),
        undoable: false,
      })),
    });
    if (n > 0)
      await tx.matchSnapshot.create({
        data: { matchId: id, seq: n, state: json(finalState), rulesVersion: game.rulesVersion ?? null },
      });
  });
  return { matchId: id, verified: true };
}
