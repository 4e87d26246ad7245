import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite off the event loop. The embedded database is PostgreSQL compiled to WebAssembly: every
 * query runs synchronously on the thread that owns it, which at load was more than half of the
 * server's main thread. Here it lives in a worker thread; the server talks to it through
 * `PGliteInWorker`, which offers the part of PGlite's interface its users call (query, exec,
 * transaction, close): Prisma's PGlite adapter, the schema engine (through that adapter) and the
 * raw SQL runner all take it in place of a PGlite instance.
 */

/** Main thread to worker. `tx` names an open transaction the statement belongs to. */
type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      rawTypes: number[];
      tx?: number;
    }
  | { id: number; op: 'prepared'; name: string; sql: string; params: (string | null)[] }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; rollback: boolean }
  | { id: number; op: 'close' };

/** A request before it is numbered (Omit over each member of the union). */
type Unnumbered<R> = R extends { id: number } ? Omit<R, 'id'> : never;

/** Worker to main thread: the answer to request `id`. */
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

type SerializedError = { message: string; database: boolean; fields: Record<string, unknown> };

/**
 * The worker's code, kept as plain JavaScript in a string so that it runs the same under tsx,
 * Vitest and a compiled build (no TypeScript loader needed inside the worker, no file to copy).
 * Custom parsers are functions, which cannot cross threads: for the types they cover the worker
 * returns PostgreSQL's text, and the main thread applies them.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite, protocol, parse } = await import(workerData.pgliteUrl);
  const db = await PGlite.create(workerData.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
  });
  const txs = new Map();
  let nextTx = 0;
  // Named statements this session has parsed: name -> the RowDescription of their result.
  const statements = new Map();
  const wire = (parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const { serialize } = protocol;
  // Parsed and planned once per session; PostgreSQL keeps the plan (a generic one after five runs).
  const prepare = async (name, sql) => {
    const { messages } = await db.execProtocol(
      wire([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    statements.set(name, messages.find((m) => m.name === 'rowDescription') ?? null);
  };
  // Bind, execute and sync in one message to the backend: one pass of its main loop, where
  // db.query makes six (parse, describe, bind, describe, execute, sync) and plans every time.
  const runPrepared = async (r) => {
    if (!statements.has(r.name)) await prepare(r.name, r.sql);
    const { messages } = await db.execProtocol(
      wire([serialize.bind({ statement: r.name, values: r.params }), serialize.execute({}), serialize.sync()]),
    );
    const description = statements.get(r.name);
    const [result] = parse.parseResults(description ? [description, ...messages] : messages, db.parsers);
    return result?.rows ?? [];
  };
  const serializeError = (e) => {
    const fields = {};
    // Only plain values cross: the error also carries the query's options (parser functions).
    for (const k of Object.keys(e ?? {})) {
      const v = e[k];
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
    }
    // PGlite's build is minified (its DatabaseError is not named so): recognise one by its fields.
    const database = typeof e?.code === 'string' && typeof e?.severity === 'string';
    return { message: String(e?.message ?? e), database, fields };
  };
  const target = (tx) => {
    if (tx === undefined) return db;
    const t = txs.get(tx);
    if (!t) throw new Error('transaction ' + tx + ' is not open');
    return t.tx;
  };
  const handle = async (r) => {
    switch (r.op) {
      case 'query': {
        const parsers = {};
        for (const t of r.rawTypes) parsers[t] = (x) => x;
        const res = await target(r.tx).query(r.sql, r.params, { rowMode: r.rowMode, parsers });
        return { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
      }
      case 'prepared':
        // Behind any open transaction and between other statements, as db.query is.
        return db._runExclusiveTransaction(() =>
          db.runExclusive(async () => {
            try {
              return await runPrepared(r);
            } catch (e) {
              // The session lost the statement (DEALLOCATE): prepare it again, once.
              if (e?.code !== '26000') throw e;
              statements.delete(r.name);
              return runPrepared(r);
            }
          }),
        );
      case 'exec': {
        const res = await target(r.tx).exec(r.sql);
        return res.map((x) => ({ rows: x.rows, fields: x.fields, affectedRows: x.affectedRows }));
      }
      case 'begin': {
        const id = ++nextTx;
        let opened;
        const isOpen = new Promise((resolve) => { opened = resolve; });
        const entry = {};
        entry.done = db.transaction((tx) => new Promise((finish) => {
          entry.tx = tx;
          entry.finish = finish;
          opened();
        }));
        txs.set(id, entry);
        try {
          await Promise.race([isOpen, entry.done]);
        } catch (e) {
          txs.delete(id);
          throw e;
        }
        return id;
      }
      case 'end': {
        const t = txs.get(r.tx);
        if (!t) throw new Error('transaction ' + r.tx + ' is not open');
        txs.delete(r.tx);
        if (r.rollback && !t.tx.closed) await t.tx.rollback();
        t.finish();
        // Settles once PGlite has committed (or rolled back).
        await t.done;
        return null;
      }
      case 'close':
        await db.close();
        return null;
    }
  };
  parentPort.on('message', (r) => {
    const fail = (e) => parentPort.postMessage({ id: r.id, ok: false, error: serializeError(e) });
    // A value that cannot be cloned fails its own request, never the worker.
    handle(r).then((value) => {
      try {
        parentPort.postMessage({ id: r.id, ok: true, value });
      } catch (e) {
        fail(e);
      }
    }, fail);
  });
  parentPort.postMessage({ id: 0, ok: true, value: 'ready' });
})().catch((e) => parentPort.postMessage({ id: 0, ok: false, error: { message: String(e?.stack ?? e), database: false, fields: {} } }));
`;

type Parser = (value: string, typeId?: number) => unknown;

/** The worker `startEarly` started, until `create` takes it. */
let early: { dataDir: string; worker: Promise<PGliteInWorker> } | null = null;

/**
 * PostgreSQL's buffer pool inside the WebAssembly memory. PGlite's default (128 MB) is touched at
 * start and stays resident; the files behind it are in the operating system's page cache anyway,
 * so a smaller pool costs little. Measured: about 100 MB less idle RSS at 32 MB (docs/server.md).
 */
export const DEFAULT_SHARED_BUFFERS = '32MB';

export interface PGliteOptions {
  /** PostgreSQL's shared_buffers, e.g. '32MB' (PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
}

/** The transaction object handed to `transaction`'s callback, as PGlite's own. */
interface WorkerTransaction {
  query<R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PGliteInWorker {
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private nextId = 0;
  private failed: Error | null = null;

  private constructor(private readonly worker: Worker) {}

  /**
   * Starts the worker now, before the rest of the server has loaded (start.ts): opening PGlite takes
   * a second or two in its own thread, which then overlaps loading Fastify, socket.io, Prisma and
   * the games on the main one. The next `create` for the same folder takes this worker.
   */
  static startEarly(dataDir: string, options: PGliteOptions = {}): void {
    if (early) return;
    mkdirSync(dataDir, { recursive: true });
    const worker = PGliteInWorker.openOrCreate(dataDir, options);
    // A failure is heard by the `create` that takes it (and rethrown there), not left unhandled.
    worker.catch(() => {});
    early = { dataDir, worker };
  }

  /** Opens (or creates) the database in `dataDir` in a worker: the one started early if any. */
  static create(dataDir: string, options: PGliteOptions = {}): Promise<PGliteInWorker> {
    if (early?.dataDir === dataDir) {
      const { worker } = early;
      early = null;
      return worker;
    }
    return PGliteInWorker.openOrCreate(dataDir, options);
  }

  /**
   * A new directory is created by a first worker that then ends: initdb leaves about half a
   * gigabyte of WebAssembly memory behind (it never shrinks), which a worker's end gives back, so
   * the first start of a fresh install costs no more memory than any later one.
   */
  private static async openOrCreate(dataDir: string, options: PGliteOptions): Promise<PGliteInWorker> {
    if (!existsSync(path.join(dataDir, 'PG_VERSION')))
      await (await PGliteInWorker.start(dataDir, options)).close();
    return PGliteInWorker.start(dataDir, options);
  }

  private static async start(dataDir: string, options: PGliteOptions): Promise<PGliteInWorker> {
    const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
    const startParams = ['-c', `shared_buffers=${options.sharedBuffers ?? DEFAULT_SHARED_BUFFERS}`];
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dataDir, pgliteUrl, startParams } });
    const ready = new Promise<void>((resolve, reject) => {
      const first = (reply: Reply) => {
        worker.off('message', first);
        if (reply.ok) resolve();
        else reject(new Error(`PGlite did not start: ${reply.error.message}`));
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
    await ready;
    const proxy = new PGliteInWorker(worker);
    worker.on('message', (reply: Reply) => proxy.settle(reply));
    worker.on('error', (err) => proxy.fail(err));
    worker.on('exit', (code) => proxy.fail(new Error(`the PGlite worker exited (${code})`)));
    return proxy;
  }

  /** Stands in for PGlite where its type is expected (Prisma's adapter). */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }

  query<R>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<R>> {
    return this.queryIn<R>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /**
   * Runs `sql` as the named prepared statement `name` (outside any transaction, committed on its
   * own): parsed and planned once per session, then only bound and executed. A name must always go
   * with the same text. Parameters go as PostgreSQL text (JSON as a string); rows come back as
   * objects, with PGlite's own parsers applied.
   */
  queryPrepared<R>(name: string, sql: string, params: unknown[]): Promise<R[]> {
    return this.call({ op: 'prepared', name, sql, params: params.map(asText) }) as Promise<R[]>;
  }

  /** Runs `callback` in a transaction held open in the worker; committed unless it throws or rolls back. */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.call({ op: 'begin' })) as number;
    let rollback = false;
    const tx: WorkerTransaction = {
      query: (sql, params = [], options = {}) => this.queryIn(txId, sql, params, options),
      exec: (sql) => this.call({ op: 'exec', sql, tx: txId }) as Promise<Results[]>,
      // Prisma's adapter calls this without waiting and then ends the callback: the rollback is
      // carried out by the 'end' that follows, before PGlite would commit.
      rollback: async () => {
        rollback = true;
      },
      get closed() {
        return rollback;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      await this.call({ op: 'end', tx: txId, rollback: true });
      throw err;
    }
    await this.call({ op: 'end', tx: txId, rollback });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failed) await this.call({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }

  private async queryIn<R>(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<R>> {
    const custom = (options.parsers ?? {}) as Record<number, Parser>;
    const rawTypes = Object.keys(custom).map(Number);
    const res = (await this.call({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes,
      tx,
    })) as Results<R>;
    if (rawTypes.length > 0) applyParsers(res, custom, options.rowMode === 'array');
    return res;
  }

  private call(request: Unnumbered<Request>): Promise<unknown> {
    if (this.failed) return Promise.reject(this.failed);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(deserializeError(reply.error));
  }

  private fail(err: Error): void {
    this.failed ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}

/** A parameter as PostgreSQL reads it in text format. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
  }
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(
    `a prepared statement's parameter must be text, a number, a boolean or null (JSON as text)`,
  );
}

/** A database error becomes PGlite's own DatabaseError again, so its users recognise it (SQLSTATE and all). */
function deserializeError(e: SerializedError): Error {
  const err = e.database
    ? new messages.DatabaseError(e.message, Number(e.fields.length ?? 0), 'error')
    : new Error(e.message);
  for (const [k, v] of Object.entries(e.fields)) {
    if (k === 'length' || k === 'name') continue;
    (err as unknown as Record<string, unknown>)[k] = v;
  }
  return err;
}

function applyParsers(res: Results<unknown>, parsers: Record<number, Parser>, arrayRows: boolean): void {
  const columns = res.fields
    .map((f, i) => ({ i, name: f.name, type: f.dataTypeID, parse: parsers[f.dataTypeID] }))
    .filter((c) => c.parse);
  if (columns.length === 0) return;
  for (const row of res.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = arrayRows ? c.i : c.name;
      const v = row[key];
      if (typeof v === 'string') row[key] = c.parse!(v, c.type);
    }
  }
}
