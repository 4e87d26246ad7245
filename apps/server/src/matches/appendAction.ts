import type { GameEvent, JsonObject } from '@salient/engine';
import type { SqlRunner } from '../db/database.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Play } from './play.ts';

export interface Append {
  matchId: string;
  /** The seq the match must still be at; the action becomes fromSeq + 1. */
  fromSeq: number;
  seat: string;
  action: JsonObject;
  events: GameEvent[];
  undoable: boolean;
  clientActionId: string;
  /** The state after the action, when a snapshot is due. */
  snapshot: object | null;
  /** The game's rulesVersion, kept with the snapshot (GameModule.rulesVersion). */
  rulesVersion: string | null;
  next: ReturnType<Play['advance']>;
  now: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

const APPEND_SQL = `
WITH moved AS (
  UPDATE matches SET
    seq = $3, status = $4, turn = $5, phase = $6, to_act = $7::jsonb, outcome = $8::jsonb,
    clock = $9::jsonb, clock_since = $10::timestamp(3), deadline = $11::timestamp(3),
    finished_at = $12::timestamp(3), updated_at = $13::timestamp(3)
  WHERE id = $1 AND seq = $2 AND status = 'active'
  RETURNING id
), step AS (
  INSERT INTO match_actions (match_id, seq, kind, seat, action, events, undoable, undone, client_action_id, created_at)
  SELECT id, $3, 'action', $14, $15::json, $16::json, $17, false, $18, $13::timestamp(3) FROM moved
  RETURNING seq
), snap AS (
  INSERT INTO match_snapshots (match_id, seq, state, rules_version)
  SELECT $1, seq, $19::json, $20::text FROM step WHERE $19::text IS NOT NULL
  RETURNING seq
)
SELECT (SELECT count(*) FROM step)::int AS n`;

/**
 * Appends one action in a single statement, which PostgreSQL runs atomically: the match row moves
 * from seq n to n+1 only if it is still at n and active, the action row (with its events) is
 * inserted only if it did, and the snapshot only with it. The primary key (match_id, seq) and the
 * unique client_action_id refuse any second writer, in this process or another. One round trip,
 * which is most of what an action costs. Returns false when the match was not at `fromSeq`.
 */
export async function appendAction(sql: SqlRunner, a: Append): Promise<boolean> {
  const rows = await sql.query<{ n: number }>(APPEND_SQL, appendParams(a), 'salient_append_one');
  return rows[0]?.n === 1;
}

/**
 * The same append inside a Prisma transaction, for a step that ends a rated match: the ratings
 * must move in the transaction that ends it (community/ratings.ts).
 */
export async function appendActionIn(
  tx: { $queryRawUnsafe<T>(sql: string, ...values: unknown[]): Promise<T> },
  a: Append,
): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<{ n: number }[]>(APPEND_SQL, ...appendParams(a));
  return Number(rows[0]?.n) === 1;
}

function appendParams(a: Append): unknown[] {
  return [
    a.matchId,
    a.fromSeq,
    a.fromSeq + 1,
    a.next.status,
    a.next.turn,
    a.next.phase,
    JSON.stringify(a.next.toAct),
    jsonOrNull(a.next.outcome),
    jsonOrNull(a.next.clock),
    iso(a.next.clockSince),
    iso(a.next.deadline),
    iso(a.next.finishedAt),
    new Date(a.now).toISOString(),
    a.seat,
    JSON.stringify(a.action),
    JSON.stringify(a.events),
    a.undoable,
    a.clientActionId,
    jsonOrNull(a.snapshot),
    a.rulesVersion,
  ];
}

/** A unique constraint refused a row: another writer took this step (or this client action) first. */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) return err.code === 'P2002';
  // node-postgres and PGlite both report PostgreSQL's SQLSTATE as `code`.
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
