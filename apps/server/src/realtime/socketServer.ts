import type { Server as HttpServer } from 'node:http';
import { diffJson, type GameEvent, type JsonObject, type JsonPatch } from '@salient/engine';
import {
  type ChatMessage,
  type ClientToServerEvents,
  chatRequest,
  joinRequest,
  leaveRequest,
  type MatchSnapshot,
  type MatchUpdate,
  type PublicUser,
  type RematchOffer,
  ServerErrorCode,
  type ServerToClientEvents,
  SOCKET_PATH,
  submitRequest,
  syncRequest,
  undoRequest,
} from '@salient/protocol';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { ZodType } from 'zod';
import { cookieFrom, SESSION_COOKIE, type Sessions } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { AppError, toErrorBody } from '../errors.ts';
import { addressedOrigin, type OriginPolicy } from '../http/origins.ts';
import type { Person } from '../limits/guard.ts';
import type { Quotas } from '../limits/quotas.ts';
import { requireSight } from '../matches/access.ts';
import { type LiveMatch, seatOf } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import type { CommittedStep, MatchListener, Play } from '../matches/play.ts';
import { summaryFor, summaryPatchFor } from '../matches/summary.ts';
import type { Metrics } from '../metrics.ts';
import type { Notifier } from '../notify/notifier.ts';
import { jsonProblem } from '../untrustedJson.ts';
import { type ChatRow, CrossProcessCatchUp } from './catchUp.ts';
import { RedisLink } from './redisLink.ts';
import {
  matchIdOfRoom,
  matchRoom,
  seatRoom,
  sessionKeyOfRoom,
  sessionRoom,
  spectatorRoom,
  userRoom,
} from './rooms.ts';
import type { SeatMemories } from './seatMemories.ts';
import { type EventCost, type SocketLimits, socketAddress } from './socketLimits.ts';
import { wellFormedSubmit } from './submitCheck.ts';
import { encodeAsTextOnly } from './textOnlyEncoding.ts';
import { eventsFor, logFor, sameItems, sameParts, viewFor } from './views.ts';

interface SocketData {
  user: PublicUser | null;
  /** matchId -> the seat joined as, or null when watching. */
  joined: Map<string, string | null>;
  /** Whom the rate limits count: the account, or a guest by address. */
  person: Person;
}

type SalientServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type SalientSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const SYNC_DELTA_LIMIT = 500;
const CHAT_HISTORY = 50;

export interface RealtimeDeps {
  db: Db;
  store: MatchStore;
  sessions: Sessions;
  metrics: Metrics;
  log: Logger;
  /** Who may open a socket: a socket carries the session cookie, so a foreign page must not. */
  origins: OriginPolicy;
  limits: SocketLimits;
  quotas: Quotas;
  trustProxy: boolean;
}

/**
 * socket.io play: joining, syncing, submitting, undoing and chat; and the per-seat broadcast of
 * every committed step. Each recipient gets the view from its own seat and only the events it may
 * see; the spectators get the public view.
 */
export class Realtime implements MatchListener {
  readonly io: SalientServer;
  play!: Play;
  notifier: Notifier | null = null;
  /** What each seat has seen, and its automatic passes (set by the server at start). */
  memories: SeatMemories | null = null;
  /** Plays the computer's seats (bots/botPlayer.ts): told of every step and summary change. */
  bots: { stepCommitted(m: LiveMatch): void; summaryChanged(m: LiveMatch): void } | null = null;
  private readonly countTimers = new Map<string, NodeJS.Timeout>();
  /** Set when the adapter runs over Redis; `redis.up` false means degraded. */
  redis: RedisLink | null = null;
  private catchUp: CrossProcessCatchUp | null = null;
  shuttingDown = false;

  constructor(
    httpServer: HttpServer,
    private readonly deps: RealtimeDeps,
  ) {
    this.io = new Server(httpServer, {
      path: SOCKET_PATH,
      serveClient: false,
      maxHttpBufferSize: 64 * 1024,
      // The handshake is refused before any session is read: the same origin rule as REST writes.
      allowRequest: (req, callback) => {
        const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
        const verdict = deps.origins.check(
          req.headers,
          addressedOrigin(req.headers, encrypted, deps.trustProxy),
        );
        if (verdict.ok) return callback(null, true);
        deps.log.warn({ origin: verdict.origin }, 'cross-origin socket refused');
        callback(
          `${ServerErrorCode.ForbiddenOrigin}: pages from ${verdict.origin} may not open a socket here`,
          false,
        );
      },
    });
    this.io.use((socket, next) => {
      const token = cookieFrom(socket.handshake.headers.cookie, SESSION_COOKIE);
      deps.sessions
        .userFor(token)
        .then((user) => {
          const address = socketAddress(socket.handshake, deps.trustProxy);
          let release: () => void;
          try {
            release = deps.limits.admit(user?.id ?? null, address);
          } catch (err) {
            // The client's connect_error carries the code in `data`.
            const refused = new Error((err as AppError).message) as Error & { data?: unknown };
            refused.data = toErrorBody(err);
            return next(refused);
          }
          socket.once('disconnect', release);
          socket.conn.once('close', release);
          // Gone while its session was being looked up: 'close' has fired already.
          if (socket.conn.readyState === 'closing' || socket.conn.readyState === 'closed') release();
          socket.data.user = user;
          socket.data.joined = new Map();
          socket.data.person = user ? { kind: 'account', id: user.id } : { kind: 'address', address };
          // Signing out ends the session's sockets too, in every process (see endSession).
          if (user && token) socket.join(sessionRoom(deps.sessions.keyOf(token)));
          // What is pushed to the person, wherever their pages are (rematch offers).
          if (user) socket.join(userRoom(user.id));
          next();
        })
        .catch((err) => {
          deps.log.error({ err }, 'socket authentication failed');
          next(new Error('authentication failed'));
        });
    });
    encodeAsTextOnly(this.io);
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  /** Disconnects every socket opened with this session, on any server process. */
  endSession(token: string): void {
    this.io.in(sessionRoom(this.deps.sessions.keyOf(token))).disconnectSockets(true);
  }

  /**
   * Shares broadcasts with the other processes through Redis. Losing Redis degrades the process,
   * never stops it: see RedisLink and CrossProcessCatchUp.
   */
  async useRedis(url: string, key: string, catchUpIntervalMs: number): Promise<void> {
    const catchUp = new CrossProcessCatchUp(this.deps.db, this, this.deps.log, catchUpIntervalMs);
    const link = new RedisLink(url, this.deps.log, (up) => (up ? catchUp.redisUp() : catchUp.redisDown()));
    this.redis = link;
    this.catchUp = catchUp;
    this.io.adapter(link.adapter(key));
    this.deps.metrics.redis = () => ({
      up: link.up,
      outages: link.outages,
      publishFailures: link.publishFailures,
      catchUpPushes: catchUp.pushes,
    });
    await link.start();
  }

  /** The sockets in a room on every process; only this process's while Redis is down. */
  private async socketsIn(room: string): Promise<unknown[]> {
    if (this.redis && !this.redis.up) return this.io.local.in(room).fetchSockets();
    try {
      return await this.io.in(room).fetchSockets();
    } catch (err) {
      this.deps.log.warn({ err, room }, 'counting sockets across processes failed: counting local ones');
      return this.io.local.in(room).fetchSockets();
    }
  }

  /** Cross-process catch-up: the matches this process's sockets have joined. */
  joinedMatches(): string[] {
    const ids: string[] = [];
    for (const room of this.io.of('/').adapter.rooms.keys()) {
      const id = matchIdOfRoom(room);
      if (id) ids.push(id);
    }
    return ids;
  }

  /** Cross-process catch-up: the match's latest step and summary, to this process's sockets only. */
  async pushPosition(matchId: string): Promise<void> {
    const { store, db } = this.deps;
    const m = await store.serial(matchId, () => store.fresh(matchId));
    if (m.seq > 0) {
      const row = await db.matchAction.findUnique({
        where: { matchId_seq: { matchId, seq: m.seq } },
        select: { kind: true, seat: true, events: true, undoes: true },
      });
      if (row) {
        const step: CommittedStep = {
          seq: m.seq,
          kind: row.kind === 'undo' ? 'undo' : 'action',
          seat: row.seat,
          events: row.events as GameEvent[],
          undoneSeqs: (row.undoes as number[] | null) ?? [],
        };
        this.emitStep(this.io.local, m, step);
      }
    }
    this.emitSummaries(this.io.local, m);
    this.countSpectatorsSoon(matchId);
  }

  /** Cross-process catch-up: a sign-out on another process could not reach this one's sockets. */
  async endSignedOutSessions(): Promise<void> {
    const keys: string[] = [];
    for (const room of this.io.of('/').adapter.rooms.keys()) {
      const key = sessionKeyOfRoom(room);
      if (key) keys.push(key);
    }
    if (keys.length === 0) return;
    const live = await this.deps.db.session.findMany({
      where: { tokenHash: { in: keys }, expiresAt: { gt: new Date() } },
      select: { tokenHash: true },
    });
    const kept = new Set(live.map((s) => s.tokenHash));
    for (const key of keys) if (!kept.has(key)) this.io.local.in(sessionRoom(key)).disconnectSockets(true);
  }

  /** Cross-process catch-up: chat written on other processes, to this process's sockets only. */
  pushChat(rows: ChatRow[]): void {
    for (const r of rows) {
      const message: ChatMessage = {
        matchId: r.matchId,
        channel: r.channel === 'spectators' ? 'spectators' : 'players',
        from: r.username,
        text: r.text,
        at: r.createdAt.toISOString(),
      };
      // The players' channel goes to every seat: the match's room less its spectators.
      if (message.channel === 'spectators')
        this.io.local.to(spectatorRoom(r.matchId)).emit('chat:message', message);
      else
        this.io.local.to(matchRoom(r.matchId)).except(spectatorRoom(r.matchId)).emit('chat:message', message);
    }
  }

  private onConnection(socket: SalientSocket): void {
    const { metrics, log } = this.deps;
    metrics.sockets++;
    socket.on('disconnect', () => {
      metrics.sockets--;
      for (const [matchId, seat] of socket.data.joined) if (seat === null) this.countSpectatorsSoon(matchId);
    });
    type Reply = (res: unknown) => void;
    // The typed event map describes well-behaved clients; at run time anything at all may arrive,
    // so the listeners take unknown arguments and check them.
    const untyped = socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void };
    const handle = (
      event: keyof ClientToServerEvents,
      run: (payload: unknown, socket: SalientSocket) => Promise<unknown>,
      cost: EventCost,
    ) => {
      untyped.on(event, (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        const reply = ack as Reply;
        const refuse = (code: string, message: string) => reply({ ok: false, error: { code, message } });
        if (this.shuttingDown) return refuse(ServerErrorCode.ShuttingDown, 'the server is restarting');
        // Depth and NUL characters are refused before any handler or the database sees them.
        const problem = jsonProblem(payload);
        if (problem) return refuse(ServerErrorCode.InvalidJson, `message refused: ${problem.message}`);
        try {
          this.deps.limits.take(socket.data.person, cost);
        } catch (err) {
          return reply({ ok: false, error: toErrorBody(err) });
        }
        run(payload, socket).then(reply, (err: unknown) => {
          if (!(err instanceof AppError)) log.error({ err, event }, 'socket handler failed');
          reply({ ok: false, error: toErrorBody(err) });
        });
      });
    };
    handle('match:join', (p, s) => this.join(p, s), 'join');
    handle('match:sync', (p, s) => this.sync(p, s), 'join');
    handle('match:submit', (p, s) => this.submit(p, s), 'action');
    handle('match:undo', (p, s) => this.undo(p, s), 'action');
    handle('match:leave', (p, s) => this.leave(p, s), 'free');
    // Chat has a rate of its own per person, and caps on what a match stores (Quotas.beforeChat).
    handle('chat:send', (p, s) => this.chat(p, s), 'free');
    // async, so a refusal thrown while finding the seat becomes the ack's error.
    // A write each: counted with joins and syncs (the page sends it at most every few seconds).
    handle('match:seen', async (p, s) => this.memories!.seen(p, this.joinedSeatOf(s, p)), 'join');
    handle('match:auto-pass', async (p, s) => this.memories!.autoPass(p, this.joinedSeatOf(s, p)), 'join');
  }

  private parse<T>(schema: ZodType<T>, payload: unknown): T {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.map(String).join('.') || 'message';
      throw new AppError(
        ServerErrorCode.BadRequest,
        issue ? `${where}: ${issue.message}` : 'malformed message',
      );
    }
    return parsed.data;
  }

  private async join(
    payload: unknown,
    socket: SalientSocket,
  ): Promise<{ ok: true; snapshot: MatchSnapshot }> {
    const req = this.parse(joinRequest, payload);
    return this.deps.store.serial(req.matchId, async () => {
      const m = await this.deps.store.fresh(req.matchId);
      const seat = await this.enter(socket, m, req.as, req.invite);
      return { ok: true as const, snapshot: await this.snapshot(m, seat) };
    });
  }

  /** Puts the socket in the match's rooms as its seat or as a spectator; returns the seat. */
  private async enter(
    socket: SalientSocket,
    m: LiveMatch,
    as: 'seat' | 'spectator',
    invite: string | undefined,
  ): Promise<string | null> {
    // A private match does not exist for whoever is neither seated nor invited (as over REST).
    requireSight(m, socket.data.user, invite);
    const mySeat = seatOf(m, socket.data.user?.id);
    let seat: string | null = null;
    if (as === 'seat') {
      if (!socket.data.user) throw new AppError(ServerErrorCode.Unauthenticated, 'sign in to play', 401);
      if (!mySeat) throw new AppError(ServerErrorCode.NotAPlayer, 'you hold no seat in this match', 403);
      seat = mySeat;
    } else {
      if (mySeat)
        throw new AppError(ServerErrorCode.Forbidden, 'you play in this match: join as your seat', 403);
    }
    this.leaveRooms(socket, m.id);
    await socket.join([matchRoom(m.id), seat === null ? spectatorRoom(m.id) : seatRoom(m.id, seat)]);
    socket.data.joined.set(m.id, seat);
    if (seat === null) this.countSpectatorsSoon(m.id);
    // A live clock must fall on time even if the process that armed it has gone.
    this.play.scheduleFlag(m);
    return seat;
  }

  private async snapshot(m: LiveMatch, seat: string | null): Promise<MatchSnapshot> {
    const channel = seat === null ? 'spectators' : 'players';
    const chatRows = await this.deps.db.chatMessage.findMany({
      where: { matchId: m.id, channel },
      orderBy: { id: 'desc' },
      take: CHAT_HISTORY,
    });
    return {
      matchId: m.id,
      seat,
      seq: m.seq,
      view: viewFor(m, seat),
      log: await logFor(this.deps.db, m, seat),
      summary: summaryFor(m, seat),
      ...(seat !== null && this.memories ? { memory: await this.memories.of(m.id, seat) } : {}),
      spectators: (await this.socketsIn(spectatorRoom(m.id))).length,
      chat: chatRows.reverse().map((r) => ({
        matchId: m.id,
        channel,
        from: r.username,
        text: r.text,
        at: r.createdAt.toISOString(),
      })),
    };
  }

  /** The seat this socket joined the payload's match as; a spectator or a stranger has none. */
  private joinedSeatOf(socket: SalientSocket, payload: unknown): { matchId: string; seat: string } {
    const matchId = (payload as { matchId?: unknown } | null)?.matchId;
    const seat = typeof matchId === 'string' ? socket.data.joined.get(matchId) : undefined;
    if (typeof matchId !== 'string' || seat === undefined)
      throw new AppError(ServerErrorCode.NotJoined, 'join the match first');
    if (seat === null) throw new AppError(ServerErrorCode.NotAPlayer, 'you hold no seat in this match', 403);
    return { matchId, seat };
  }

  private joinedSeat(socket: SalientSocket, matchId: string): string | null {
    if (!socket.data.joined.has(matchId))
      throw new AppError(ServerErrorCode.NotJoined, 'join the match first');
    return socket.data.joined.get(matchId) ?? null;
  }

  private async sync(payload: unknown, socket: SalientSocket) {
    const req = this.parse(syncRequest, payload);
    const m = await this.deps.store.fresh(req.matchId);
    const seat = socket.data.joined.has(m.id)
      ? (socket.data.joined.get(m.id) ?? null)
      : await this.enter(
          socket,
          m,
          req.as ?? (seatOf(m, socket.data.user?.id) ? 'seat' : 'spectator'),
          req.invite,
        );
    const full = async () => ({
      ok: true as const,
      mode: 'full' as const,
      snapshot: await this.snapshot(m, seat),
    });
    if (req.lastSeq > m.seq || m.seq - req.lastSeq > SYNC_DELTA_LIMIT) return full();
    const entries = await logFor(this.deps.db, m, seat, req.lastSeq);
    // An undo rewrote history the client holds: a delta cannot express that.
    if (entries.some((e) => e.kind === 'undo')) return full();
    return {
      ok: true as const,
      mode: 'delta' as const,
      seq: m.seq,
      view: viewFor(m, seat),
      entries,
      summary: summaryFor(m, seat),
    };
  }

  private requireUser(socket: SalientSocket): PublicUser {
    if (!socket.data.user) throw new AppError(ServerErrorCode.Unauthenticated, 'sign in to play', 401);
    return socket.data.user;
  }

  private async submit(payload: unknown, socket: SalientSocket) {
    const req = wellFormedSubmit(payload) ?? this.parse(submitRequest, payload);
    const user = this.requireUser(socket);
    return this.play.submit(req.matchId, user.id, req.seq, req.action, req.clientActionId);
  }

  private async undo(payload: unknown, socket: SalientSocket) {
    const req = this.parse(undoRequest, payload);
    const user = this.requireUser(socket);
    return this.play.undo(req.matchId, user.id, req.seq);
  }

  private async leave(payload: unknown, socket: SalientSocket) {
    const req = this.parse(leaveRequest, payload);
    this.leaveRooms(socket, req.matchId);
    return { ok: true as const };
  }

  private leaveRooms(socket: SalientSocket, matchId: string): void {
    if (!socket.data.joined.has(matchId)) return;
    const seat = socket.data.joined.get(matchId) ?? null;
    socket.leave(matchRoom(matchId));
    socket.leave(seat === null ? spectatorRoom(matchId) : seatRoom(matchId, seat));
    socket.data.joined.delete(matchId);
    if (seat === null) this.countSpectatorsSoon(matchId);
  }

  private async chat(payload: unknown, socket: SalientSocket) {
    const req = this.parse(chatRequest, payload);
    const seat = this.joinedSeat(socket, req.matchId);
    const channel = seat === null ? 'spectators' : 'players';
    if (req.channel !== channel)
      throw new AppError(ServerErrorCode.Forbidden, `you may write to the ${channel} channel only`, 403);
    const from = socket.data.user?.username ?? `guest-${socket.id.slice(0, 4)}`;
    const senderKey = await this.deps.quotas.beforeChat(socket.data.person, req.matchId, channel);
    const row = await this.deps.db.chatMessage.create({
      data: { matchId: req.matchId, channel, username: from, senderKey, text: req.text },
    });
    const message: ChatMessage = {
      matchId: req.matchId,
      channel,
      from,
      text: req.text,
      at: row.createdAt.toISOString(),
    };
    const m = await this.deps.store.get(req.matchId);
    const rooms =
      channel === 'spectators' ? [spectatorRoom(m.id)] : m.seats.map((s) => seatRoom(m.id, s.seat));
    this.io.to(rooms).emit('chat:message', message);
    return { ok: true as const };
  }

  /** Counting spans every process (through the adapter), so it is batched per match. */
  private countSpectatorsSoon(matchId: string): void {
    if (this.countTimers.has(matchId)) return;
    const timer = setTimeout(() => {
      this.countTimers.delete(matchId);
      this.socketsIn(spectatorRoom(matchId))
        .then((sockets) =>
          this.io.to(matchRoom(matchId)).emit('match:spectators', { matchId, count: sockets.length }),
        )
        .catch((err) => this.deps.log.warn({ err, matchId }, 'spectator count failed'));
    }, 50);
    timer.unref();
    this.countTimers.set(matchId, timer);
  }

  /**
   * Whether a spectator update is worth building. One process knows its own rooms exactly; with
   * the Redis adapter a spectator may sit on another process, so it is always built there.
   */
  private mayHaveSpectators(matchId: string): boolean {
    if (this.redis) return true;
    return (this.io.sockets.adapter.rooms.get(spectatorRoom(matchId))?.size ?? 0) > 0;
  }

  /** Whether any page of this user's is open (every signed-in socket joins its user's room). */
  async isUserConnected(userId: string): Promise<boolean> {
    return (await this.socketsIn(userRoom(userId))).length > 0;
  }

  async isSeatConnected(matchId: string, seat: string): Promise<boolean> {
    return (await this.socketsIn(seatRoom(matchId, seat))).length > 0;
  }

  stepCommitted(m: LiveMatch, step: CommittedStep, previousToAct: string[]): void {
    this.emitStep(this.io, m, step);
    this.memories?.stepCommitted(m, step);
    this.bots?.stepCommitted(m);
    if (m.status === 'active') {
      const newlyToAct = m.toAct.filter((s) => !previousToAct.includes(s) || step.kind === 'undo');
      this.notifier?.turnStarted(m, newlyToAct);
    }
  }

  /** One step to every seat and to the spectators, each with its own view; `via` is io or io.local. */
  private emitStep(via: SalientServer | SalientServer['local'], m: LiveMatch, step: CommittedStep): void {
    const recipients: (string | null)[] = m.seats.map((s) => s.seat);
    if (this.mayHaveSpectators(m.id)) recipients.push(null);
    // The summaries are read at the step's own time, so that the one before and the one after differ
    // only where the step changed them, and `at` tells the client that time.
    const at = m.updatedAt.getTime();
    const atIso = m.updatedAt.toISOString();
    const before = step.before;
    // Recipients whose two views are made of the same parts get the same patch, computed once
    // (every seat and the spectators when the game hides nothing, as in Loos).
    const patches: { from: JsonObject; to: JsonObject; patch: JsonPatch }[] = [];
    const patchFor = (from: JsonObject, to: JsonObject): JsonPatch => {
      const known = patches.find((p) => sameParts(p.from, from) && sameParts(p.to, to));
      if (known) return known.patch;
      const patch = diffJson(from, to);
      patches.push({ from, to, patch });
      return patch;
    };
    // Recipients whose updates come out identical (the same patch, summary patch and events: in a
    // game that hides nothing, every seat whose turn did not change, and the spectators) share one
    // emit to all their rooms: socket.io then encodes the packet and frames it once for all of them.
    const outgoing: { update: MatchUpdate; rooms: string[]; summaryKey: string }[] = [];
    for (const seat of recipients) {
      // Each recipient holds its view at seq - 1 (from its join, a sync or the previous push), so
      // it gets only the difference: a few hundred bytes instead of the whole view. The patch is
      // built from the recipient's own two views, so it carries nothing its full view would not.
      // A step pushed from the database (catch-up after a Redis outage) has no match before it
      // at hand and goes whole.
      const room = seat === null ? spectatorRoom(m.id) : seatRoom(m.id, seat);
      if (seat === null) this.deps.metrics.updatesBuilt.spectators++;
      else this.deps.metrics.updatesBuilt.seats++;
      const events = m.status === 'finished' ? step.events : eventsFor(step.events, seat);
      const view = viewFor(m, seat);
      let change: Pick<MatchUpdate, 'view' | 'patch' | 'summary' | 'summaryPatch'>;
      let summaryKey = '';
      if (before) {
        const summaryPatch = summaryPatchFor(before, m, seat, at);
        const patch = patchFor(viewFor(before, seat), view);
        summaryKey = JSON.stringify(summaryPatch);
        const same = outgoing.find(
          (o) =>
            o.update.patch === patch && o.summaryKey === summaryKey && sameItems(o.update.events, events),
        );
        if (same) {
          same.rooms.push(room);
          continue;
        }
        change = { patch, ...(summaryPatch.length > 0 ? { summaryPatch } : {}) };
      } else change = { view, summary: summaryFor(m, seat, at) };
      const update: MatchUpdate = {
        matchId: m.id,
        seq: step.seq,
        kind: step.kind,
        seat: step.seat,
        ...change,
        events,
        undoneSeqs: step.undoneSeqs,
        at: atIso,
      };
      outgoing.push({ update, rooms: [room], summaryKey });
    }
    for (const o of outgoing) via.to(o.rooms).emit('match:update', o.update);
  }

  private emitSummaries(via: SalientServer | SalientServer['local'], m: LiveMatch): void {
    for (const s of m.seats) via.to(seatRoom(m.id, s.seat)).emit('match:summary', summaryFor(m, s.seat));
    via.to(spectatorRoom(m.id)).emit('match:summary', summaryFor(m, null));
  }

  /**
   * A rematch offer made, renewed or answered: to both players' pages, and, while pending, by notice
   * to the player it was made to unless a page of theirs shows the finished match.
   */
  rematchChanged(offer: RematchOffer, m: LiveMatch): void {
    this.io.to([userRoom(offer.from.id), userRoom(offer.to.id)]).emit('rematch:offer', offer);
    if (offer.status === 'pending')
      this.notifier?.rematchOffered(
        { id: offer.id, matchId: offer.matchId, toUserId: offer.to.id, from: offer.from.username },
        m,
        // Away unless a page of theirs shows the finished match, where the offer is answered.
        async () => {
          const seat = m.seats.find((x) => x.user?.id === offer.to.id)?.seat;
          return seat === undefined || !(await this.isSeatConnected(m.id, seat));
        },
      );
  }

  summaryChanged(m: LiveMatch): void {
    this.emitSummaries(this.io, m);
    this.memories?.summaryChanged(m);
    this.bots?.summaryChanged(m);
    if (m.status === 'active' && m.seq === 0) this.notifier?.turnStarted(m, m.toAct);
  }

  async close(): Promise<void> {
    for (const t of this.countTimers.values()) clearTimeout(t);
    this.countTimers.clear();
    this.catchUp?.stop();
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
    await this.redis?.close();
  }
}
