import { applyJsonPatch, type JsonObject } from '@salient/engine';
import {
  type ClientToServerEvents,
  type JoinAck,
  type MatchSnapshot,
  type MatchSummary,
  type MatchUpdate,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SubmitAck,
  type SyncAck,
  summaryAfterUpdate,
} from '@salient/protocol';
import { io, type Socket } from 'socket.io-client';

/**
 * The client side of the test harness: a signed-in user over HTTP and a socket.io client that folds
 * pushes as the web client does. Nothing here loads the server, so a load generator's worker
 * threads can use it (bench/loadPlayers.ts).
 */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A signed-in user talking to a server over HTTP with its session cookie. */
export class TestUser {
  constructor(
    readonly baseUrl: string,
    readonly username: string,
    readonly cookie: string,
    readonly id: string,
  ) {}

  static async signUp(
    baseUrl: string,
    username: string,
    extra: Record<string, unknown> = {},
  ): Promise<TestUser> {
    const res = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct horse battery', ...extra }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const body = (await res.json()) as { user: { id: string } };
    return new TestUser(baseUrl, username, cookie, body.user.id);
  }

  async request<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async createMatch(extra: Record<string, unknown> = {}): Promise<MatchSummary> {
    const res = await this.request<MatchSummary>('POST', '/api/matches', {
      game: 'skirmish',
      scenario: 'meeting',
      seat: 'red',
      ...extra,
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async join(matchId: string, seat: string, invite?: string): Promise<MatchSummary> {
    const res = await this.request<MatchSummary>('POST', `/api/matches/${matchId}/join`, { seat, invite });
    if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  connect(): Promise<Player> {
    return Player.connect(this.baseUrl, this.cookie);
  }
}

/** A push as a client holds it once folded in: the update with the full view and summary it leads to. */
export type ReceivedUpdate = MatchUpdate & { view: JsonObject; summary: MatchSummary };

/** What a client holds of one match: the view and summary at `seq`. */
interface Held {
  seq: number;
  view: JsonObject;
  summary: MatchSummary;
}

/**
 * A socket.io client that records every push, as a browser tab would, and tracks the match's seq
 * from the updates it receives. Updates carry patches; like the web client, it applies each to the
 * view it holds, so `updates[i].view` is the full view after that step (a patch that does not fit
 * fails the test); likewise `updates[i].summary` folds the summary patches (and match:summary
 * pushes) into the summary it holds.
 */
export class Player {
  readonly updates: ReceivedUpdate[] = [];
  readonly raw: unknown[] = [];
  snapshot: MatchSnapshot | null = null;
  seq = 0;
  private counter = 0;
  /** matchId -> the seq and view this client holds. */
  private readonly held = new Map<string, Held>();
  private readonly waiters = new Set<(u: ReceivedUpdate) => void>();

  private constructor(readonly socket: ClientSocket) {
    socket.onAny((event, payload) => this.raw.push({ event, payload }));
    socket.on('match:update', (u) => {
      const received = this.fold(u);
      this.updates.push(received);
      this.seq = Math.max(this.seq, u.seq);
      // A copy, as a waiter removes itself; most pushes have no waiter to copy for.
      if (this.waiters.size > 0) for (const w of [...this.waiters]) w(received);
    });
    socket.on('match:summary', (summary) => {
      // As the web client: a summary never moves the position; an older one was overtaken.
      const held = this.held.get(summary.id);
      if (held && summary.seq >= held.summary.seq) held.summary = summary;
    });
  }

  private fold(u: MatchUpdate): ReceivedUpdate {
    const held = this.held.get(u.matchId);
    let next: Held | null = null;
    if (held && held.seq === u.seq - 1) {
      const view = u.view ?? (applyJsonPatch(held.view, u.patch ?? []) as JsonObject);
      next = { seq: u.seq, view, summary: summaryAfterUpdate(held.summary, u) };
    } else if (u.view && u.summary) next = { seq: u.seq, view: u.view, summary: u.summary };
    if (!next) {
      // This client holds nothing the patches continue (it synced by hand, or missed a step): a
      // test that reads the view or summary fails here rather than comparing undefined with undefined.
      this.held.delete(u.matchId);
      const missing = () => {
        throw new Error(`update ${u.seq} of ${u.matchId} does not follow what this client holds`);
      };
      return Object.defineProperties(
        { ...u },
        { view: { get: missing }, summary: { get: missing } },
      ) as ReceivedUpdate;
    }
    this.held.set(u.matchId, next);
    return { ...u, view: next.view, summary: next.summary };
  }

  /** match:sync, folding the answer into the view this client holds, as the web client does. */
  async sync(matchId: string, lastSeq: number): Promise<SyncAck> {
    const ack = await this.socket.emitWithAck('match:sync', { matchId, lastSeq });
    if (ack.ok) {
      const held: Held =
        ack.mode === 'full'
          ? { seq: ack.snapshot.seq, view: ack.snapshot.view, summary: ack.snapshot.summary }
          : { seq: ack.seq, view: ack.view, summary: ack.summary };
      this.held.set(matchId, held);
      const seq = held.seq;
      this.seq = Math.max(this.seq, seq);
    }
    return ack;
  }

  static connect(
    baseUrl: string,
    cookie?: string,
    options: { reconnection?: boolean } = {},
  ): Promise<Player> {
    const socket: ClientSocket = io(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: options.reconnection ?? false,
      forceNew: true,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(new Player(socket)));
      socket.once('connect_error', reject);
    });
  }

  async join(matchId: string, as: 'seat' | 'spectator'): Promise<JoinAck> {
    const ack = await this.socket.emitWithAck('match:join', { matchId, as });
    if (ack.ok) {
      this.snapshot = ack.snapshot;
      this.seq = ack.snapshot.seq;
      this.held.set(matchId, {
        seq: ack.snapshot.seq,
        view: ack.snapshot.view,
        summary: ack.snapshot.summary,
      });
    }
    return ack;
  }

  submit(
    matchId: string,
    action: Record<string, unknown>,
    seq = this.seq,
    clientActionId?: string,
  ): Promise<SubmitAck> {
    const id = clientActionId ?? `${this.socket.id}-${++this.counter}`;
    return this.socket.emitWithAck('match:submit', {
      matchId,
      seq,
      action: action as { type: string },
      clientActionId: id,
    });
  }

  /** Resolves when an update with this seq has arrived. */
  waitForSeq(seq: number, timeoutMs = 5_000): Promise<ReceivedUpdate> {
    const found = this.updates.find((u) => u.seq === seq);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = (u: ReceivedUpdate) => {
        if (u.seq !== seq) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(u);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no update ${seq} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  waitFor<E extends keyof ServerToClientEvents>(
    event: E,
    accept: (...args: Parameters<ServerToClientEvents[E]>) => boolean,
    timeoutMs = 5_000,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const listener = (...args: Parameters<ServerToClientEvents[E]>) => {
        if (!accept(...args)) return;
        clearTimeout(timer);
        this.socket.off(event, listener as never);
        resolve(args[0]);
      };
      this.socket.on(event, listener as never);
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}
