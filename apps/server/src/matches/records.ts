import { randomUUID } from 'node:crypto';
import type { GameEvent, JsonObject } from '@salient/engine';
import { type MatchRecordFile, matchRecordFile, type PublicUser, ServerErrorCode } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, conflict } from '../errors.ts';
import { requireSight } from './access.ts';
import { hashSeed } from './lifecycle.ts';
import type { GameRegistry } from './liveMatch.ts';
import type { MatchStore } from './matchStore.ts';

const json = (v: unknown) => v as import('../generated/prisma/client.ts').Prisma.InputJsonValue;

/** The published record of a finished match: seed, players and every effective step with its events. */
export async function exportRecord(
  db: Db,
  store: MatchStore,
  matchId: string,
  user: PublicUser | null,
  invite: string | undefined,
): Promise<MatchRecordFile> {
  const m = await store.fresh(matchId);
  requireSight(m, user, invite);
  if (m.status !== 'finished')
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
 * Checks a record as anyone could: the seed matches the published hash, every action is legal when
 * replayed from it, and every die and event comes out exactly as recorded. Returns the final state.
 */
export function verifyRecord(findGame: GameRegistry, record: MatchRecordFile): object {
  if (hashSeed(record.seed) !== record.seedHash) throw invalid('the seed does not match its published hash');
  const game = findGame(record.game);
  if (!game) throw invalid(`this server does not host the game ${record.game}`);
  const scenario = game.scenarios.find((s) => s.id === record.scenario);
  if (!scenario) throw invalid(`${game.title} has no scenario ${record.scenario}`);
  let state: object;
  try {
    state = game.setup(record.scenario, record.options, record.seed);
  } catch (err) {
    throw invalid(`the game refused the record's options: ${(err as Error).message}`);
  }
  record.actions.forEach((step, i) => {
    if (step.seq !== i + 1) throw invalid(`step ${i + 1} is numbered ${step.seq}`);
    const result = game.apply(state, step.seat, step.action);
    if (!result.ok)
      throw invalid(`step ${step.seq} is illegal: ${result.error.code} ${result.error.message}`);
    if (sortedJson(result.events) !== sortedJson(step.events)) {
      throw invalid(`step ${step.seq}: the replayed events differ from the recorded ones`);
    }
    state = result.state;
  });
  return state;
}

/** Stores a verified record as a finished match the importer can replay and share. */
export async function importRecord(
  db: Db,
  findGame: GameRegistry,
  user: PublicUser,
  body: unknown,
): Promise<{ matchId: string; verified: true }> {
  const parsed = matchRecordFile.safeParse(body);
  if (!parsed.success)
    throw invalid(`not a Salient record: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  const record = parsed.data;
  const finalState = verifyRecord(findGame, record);
  const game = findGame(record.game)!;
  const scenario = game.scenarios.find((s) => s.id === record.scenario)!;
  const status = game.status(finalState);
  const outcome = game.outcome(finalState) ?? record.outcome;
  const id = randomUUID();
  const n = record.actions.length;
  await db.$transaction(async (tx) => {
    await tx.match.create({
      data: {
        id,
        game: record.game,
        scenario: record.scenario,
        options: json(record.options),
        status: 'finished',
        visibility: 'open',
        timeControl: json(record.timeControl),
        seed: record.seed,
        seedHash: record.seedHash,
        seq: n,
        turn: status.turn,
        phase: status.phase,
        toAct: json(status.toAct),
        outcome: outcome ? json(outcome) : undefined,
        createdById: user.id,
        finishedAt: new Date(),
        imported: true,
        seats: { create: scenario.seats.map((s, position) => ({ seat: s.id, position, userId: null })) },
      },
    });
    await tx.matchAction.createMany({
      data: record.actions.map((a) => ({
        matchId: id,
        seq: a.seq,
        kind: 'action',
        seat: a.seat,
        action: json(a.action),
        events: json(a.events),
        undoable: false,
      })),
    });
    if (n > 0) await tx.matchSnapshot.create({ data: { matchId: id, seq: n, state: json(finalState) } });
  });
  return { matchId: id, verified: true };
}
