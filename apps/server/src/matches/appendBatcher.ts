import type { SqlRunner } from '../db/database.ts';
import type { Metrics } from '../metrics.ts';
import { type Append, appendAction, isUniqueViolation } from './appendAction.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Many appends in one statement. The batch travels as one JSON array (json, not jsonb: actions and
 * events keep their text, key order included). Each row carries its own condition (the match still
 * at its fromSeq and active), so a match that moved on drops out of the batch without touching the
 * others; the statement returns the indexes of the rows that went in. PostgreSQL runs a statement
 * atomically and commits it once: one round trip, one plan, one WAL flush for the whole batch.
 */
const BATCH_SQL = `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS x(
    i int, match_id text, from_seq int, status text, turn text, phase text, to_act jsonb,
    outcome jsonb, clock jsonb, clock_since timestamp(3), deadline timestamp(3),
    finished_at timestamp(3), now timestamp(3), seat text, action json, events json,
    undoable boolean, client_action_id text, snapshot json, rules_version text)
), moved AS (
  UPDATE matches m SET
    seq = x.from_seq + 1, status = x.status, turn = x.turn, phase = x.phase, to_act = x.to_act,
    outcome = x.outcome, clock = x.clock, clock_since = x.clock_since, deadline = x.deadline,
    finished_at = x.finished_at, updated_at = x.now
  FROM input x
  WHERE m.id = x.match_id AND m.seq = x.from_seq AND m.status = 'active'
  RETURNING x.i
), step AS (
  INSERT INTO match_actions (match_id, seq, kind, seat, action, events, undoable, undone, client_action_id, created_at)
  SELECT x.match_id, x.from_seq + 1, 'action', x.seat, x.action, x.events, x.undoable, false, x.client_action_id, x.now
  FROM input x JOIN moved USING (i)
  RETURNING match_id
), snap AS (
  INSERT INTO match_snapshots (match_id, seq, state, rules_version)
  SELECT x.match_id, x.from_seq + 1, x.snapshot, x.rules_version FROM input x JOIN moved USING (i)
  WHERE x.snapshot IS NOT NULL
  RETURNING match_id
)
SELECT i FROM moved`;

/** One append waiting for its batch: settled with whether it went in, or with the database's error. */
interface Pending {
  append: Append;
  resolve(appended: boolean): void;
  reject(err: unknown): void;
}

export interface AppendBatcherOptions {
  /** Batches committing at once; appends arriving meanwhile wait for the next one (group commit). */
  maxInFlight: number;
  /** The largest batch, so one statement stays a reasonable size. */
  maxBatch: number;
}

/**
 * Group commit for actions. Appends arriving in the same turn of the event loop, or while earlier
 * batches are committing, are written together in one statement; each caller still learns only
 * after the commit that holds its own row, and learns its own answer (appended, or the match had
 * moved on). A batch never holds two appends for one match: the later one waits for the next batch,
 * so each match's steps commit in order.
 */
export class AppendBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly sql: SqlRunner,
    private readonly metrics: Metrics,
    private readonly options: AppendBatcherOptions = { maxInFlight: 2, maxBatch: 400 },
  ) {}

  /** Resolves true once the action is committed, false if the match was no longer at `fromSeq`. */
  append(append: Append): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every socket message read in this poll phase joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const matches = new Set<string>();
      for (const p of this.queue) {
        if (batch.length < this.options.maxBatch && !matches.has(p.append.matchId)) {
          matches.add(p.append.matchId);
          batch.push(p);
        } else rest.push(p);
      }
      this.queue = rest;
      this.inFlight++;
      void this.commit(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    try {
      const text = JSON.stringify(batch.map(row));
      const sent = performance.now();
      const rows = await this.sql.query<{ i: number }>(BATCH_SQL, [text], 'salient_append_batch');
      this.metrics.appendsCommitted(1, batch.length, (performance.now() - sent) / 1000);
      const appended = new Set(rows.map((r) => r.i));
      batch.forEach((p, i) => {
        p.resolve(appended.has(i));
      });
    } catch (err) {
      if (!isUniqueViolation(err) && !isDeadlock(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      // A row collided with one another writer committed (the same client action twice), or two
      // processes' batches locked the same matches in opposite orders: the statement wrote
      // nothing. Each append goes again on its own, so only a culprit fails.
      await Promise.all(
        batch.map(async (p) => {
          try {
            const ok = await appendAction(this.sql, p.append);
            this.metrics.appendsCommitted(1, 1);
            p.resolve(ok);
          } catch (e) {
            p.reject(e);
          }
        }),
      );
    }
  }
}

/** PostgreSQL's deadlock detector chose this statement (SQLSTATE 40P01). */
function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40P01';
}

function row(p: Pending, i: number) {
  const a = p.append;
  return {
    i,
    match_id: a.matchId,
    from_seq: a.fromSeq,
    status: a.next.status,
    turn: a.next.turn,
    phase: a.next.phase,
    to_act: a.next.toAct,
    outcome: a.next.outcome ?? null,
    clock: a.next.clock ?? null,
    clock_since: iso(a.next.clockSince),
    deadline: iso(a.next.deadline),
    finished_at: iso(a.next.finishedAt),
    now: new Date(a.now).toISOString(),
    seat: a.seat,
    action: a.action,
    events: a.events,
    undoable: a.undoable,
    client_action_id: a.clientActionId,
    snapshot: a.snapshot ?? null,
    rules_version: a.rulesVersion,
  };
}
