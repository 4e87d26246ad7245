import type { Action } from '@salient/engine';
import {
  type ChatChannel,
  type ClientToServerEvents,
  chatMessage,
  errorBody,
  joinAck,
  matchSummary,
  matchUpdate,
  okAck,
  type RematchOffer,
  rematchOffer,
  type SeatMemory,
  type ServerToClientEvents,
  SOCKET_PATH,
  spectatorCount,
  submitAck,
  syncAck,
} from '@salient/protocol';
import { io, type Socket } from 'socket.io-client';
import { type Readable, writable } from 'svelte/store';
import { noteClock } from '../clock.ts';
import {
  applyChat,
  applySpectators,
  applySummary,
  applySync,
  applyUpdate,
  type ConnectionState,
  fromSnapshot,
  type MatchState,
  nextConnection,
} from './matchState.ts';

export type MatchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface MatchStoreValue {
  match: MatchState | null;
  connection: ConnectionState;
  /** The last refusal or failure, in words, for the player to read. */
  error: { code: string; message: string } | null;
  /** An action is on its way; the board waits for its answer. */
  submitting: boolean;
  /**
   * The seat's memory as the first join found it (a later reconnect does not replace it, so what
   * happened since the last visit stays known until the page is left); null when watching.
   */
  memory: SeatMemory | null;
  /** The latest rematch offer pushed to this player about this match. */
  rematch: RematchOffer | null;
}

const ACK_TIMEOUT_MS = 10_000;
/** The page tells the server what the player has seen at most this often. */
const SEEN_EVERY_MS = 2_000;

/**
 * One match's live connection: joins over socket.io, folds the pushes into a MatchState, resyncs
 * after a reconnect or a gap, and sends actions with the seq they were chosen in.
 */
export class MatchStore implements Readable<MatchStoreValue> {
  private readonly store = writable<MatchStoreValue>({
    match: null,
    connection: 'connecting',
    error: null,
    submitting: false,
    memory: null,
    rematch: null,
  });
  readonly subscribe = this.store.subscribe;
  private value: MatchStoreValue = {
    match: null,
    connection: 'connecting',
    error: null,
    submitting: false,
    memory: null,
    rematch: null,
  };
  private seenSent = 0;
  private seenWanted = 0;
  private seenAt = 0;
  private seenTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly socket: MatchSocket;
  private joined = false;
  private syncing = false;
  private closed = false;

  constructor(
    readonly matchId: string,
    readonly as: 'seat' | 'spectator',
    socket?: MatchSocket,
    /** A private match's invite code, for a spectator who came through the invite link. */
    private readonly invite: string | null = null,
  ) {
    this.socket =
      socket ?? io({ path: SOCKET_PATH, withCredentials: true, transports: ['websocket', 'polling'] });
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('disconnect', (reason) => {
      this.set({ connection: nextConnection(this.value.connection, 'disconnect', this.joined) });
      // socket.io retries by itself after a network drop, but not when the server closed the
      // connection (a restart): ask again, and its backoff applies if that fails too.
      if (reason === 'io server disconnect' && !this.closed) this.socket.connect();
    });
    this.socket.on('connect_error', (err) => {
      // The server refused the connection itself (too many open for this account or network): it
      // will not be retried, so say why instead of showing "connecting" for ever.
      const refusal = errorBody.safeParse((err as { data?: unknown }).data);
      if (!refusal.success) return;
      this.set({
        error: { code: refusal.data.code, message: refusal.data.message },
        connection: nextConnection(this.value.connection, 'gave-up', this.joined),
      });
    });
    this.socket.io.on('reconnect_failed', () =>
      this.set({ connection: nextConnection(this.value.connection, 'gave-up', this.joined) }),
    );
    this.socket.on('match:update', (raw) => this.onUpdate(raw));
    this.socket.on('match:summary', (raw) => {
      const parsed = matchSummary.safeParse(raw);
      if (parsed.success) noteClock(parsed.data.clock);
      if (parsed.success && this.value.match)
        this.set({ match: applySummary(this.value.match, parsed.data) });
    });
    this.socket.on('match:spectators', (raw) => {
      const parsed = spectatorCount.safeParse(raw);
      if (parsed.success && this.value.match)
        this.set({ match: applySpectators(this.value.match, parsed.data) });
    });
    this.socket.on('rematch:offer', (raw) => {
      const parsed = rematchOffer.safeParse(raw);
      if (parsed.success && parsed.data.matchId === this.matchId) this.set({ rematch: parsed.data });
    });
    this.socket.on('chat:message', (raw) => {
      const parsed = chatMessage.safeParse(raw);
      if (parsed.success && this.value.match) this.set({ match: applyChat(this.value.match, parsed.data) });
    });
    if (this.socket.connected) this.onConnect();
  }

  get current(): MatchStoreValue {
    return this.value;
  }

  private set(patch: Partial<MatchStoreValue>) {
    this.value = { ...this.value, ...patch };
    this.store.set(this.value);
  }

  private async onConnect() {
    if (this.closed) return;
    this.set({ connection: nextConnection(this.value.connection, 'connect', this.joined) });
    // socket.io forgets rooms on a new connection, so every connect joins again; the snapshot it
    // returns is the resync.
    const raw = await this.request('match:join', {
      matchId: this.matchId,
      as: this.as,
      ...(this.invite ? { invite: this.invite } : {}),
    });
    const ack = joinAck.safeParse(raw);
    if (!ack.success) {
      this.set({
        error: { code: 'BAD_REPLY', message: 'the server sent a reply this client does not understand' },
      });
      return;
    }
    if (!ack.data.ok) {
      this.set({ error: ack.data.error, connection: 'offline' });
      return;
    }
    noteClock(ack.data.snapshot.summary.clock);
    const fresh = fromSnapshot(ack.data.snapshot);
    const match = this.value.match
      ? applySync(this.value.match, { ok: true, mode: 'full', snapshot: ack.data.snapshot })
      : fresh;
    this.joined = true;
    const memory = this.value.memory ?? ack.data.snapshot.memory ?? null;
    this.set({
      match,
      memory,
      connection: nextConnection(this.value.connection, 'synced', true),
      error: null,
    });
  }

  private onUpdate(raw: unknown) {
    const parsed = matchUpdate.safeParse(raw);
    if (!parsed.success || !this.value.match) return;
    const { state, outcome } = applyUpdate(this.value.match, parsed.data);
    if (outcome === 'applied') noteClock(state.summary.clock);
    this.set({ match: state });
    if (outcome === 'gap') void this.sync();
  }

  /** Asks for everything after the held seq; used after a gap or a stale submission. */
  async sync(): Promise<void> {
    const match = this.value.match;
    if (!match || this.syncing) return;
    this.syncing = true;
    try {
      const raw = await this.request('match:sync', {
        matchId: this.matchId,
        lastSeq: match.seq,
        ...(this.invite ? { invite: this.invite } : {}),
      });
      const parsed = syncAck.safeParse(raw);
      const ack = parsed.success ? parsed.data : null;
      if (ack?.ok && this.value.match) this.set({ match: applySync(this.value.match, ack) });
    } finally {
      this.syncing = false;
    }
  }

  async submit(action: Action): Promise<boolean> {
    const match = this.value.match;
    if (!match || this.value.submitting) return false;
    this.set({ submitting: true, error: null });
    try {
      const raw = await this.request('match:submit', {
        matchId: this.matchId,
        seq: match.seq,
        action,
        clientActionId: crypto.randomUUID(),
      });
      const ack = submitAck.safeParse(raw);
      if (!ack.success) {
        this.set({ error: { code: 'BAD_REPLY', message: 'the server did not confirm the action' } });
        return false;
      }
      if (!ack.data.ok) {
        this.set({ error: ack.data.error });
        if (ack.data.error.code === 'STALE_SEQ') await this.sync();
        return false;
      }
      // The update normally arrives before the ack; if not, catch up explicitly.
      if ((this.value.match?.seq ?? 0) < ack.data.seq) await this.sync();
      return true;
    } finally {
      this.set({ submitting: false });
    }
  }

  async undo(): Promise<boolean> {
    const match = this.value.match;
    if (!match) return false;
    const ack = submitAck.safeParse(
      await this.request('match:undo', { matchId: this.matchId, seq: match.seq }),
    );
    if (ack.success && !ack.data.ok) this.set({ error: ack.data.error });
    return ack.success && ack.data.ok;
  }

  async chat(text: string, channel: ChatChannel): Promise<boolean> {
    const ack = okAck.safeParse(await this.request('chat:send', { matchId: this.matchId, channel, text }));
    if (ack.success && !ack.data.ok) this.set({ error: ack.data.error });
    return ack.success && ack.data.ok;
  }

  /**
   * Tells the server the player has seen the match up to `seq` (a seat only; never backwards): at
   * most once per SEEN_EVERY_MS, the latest seq going out at the end of the wait, as each costs the
   * server a write and counts with the joins.
   */
  markSeen(seq: number): void {
    if (this.as !== 'seat' || seq <= this.seenSent) return;
    this.seenWanted = Math.max(this.seenWanted, seq);
    if (this.seenTimer !== null) return;
    const wait = Math.max(0, this.seenAt + SEEN_EVERY_MS - Date.now());
    this.seenTimer = setTimeout(() => {
      this.seenTimer = null;
      if (this.closed || !this.socket.connected || this.seenWanted <= this.seenSent) return;
      this.seenSent = this.seenWanted;
      this.seenAt = Date.now();
      void this.request('match:seen', { matchId: this.matchId, seq: this.seenSent });
    }, wait);
  }

  /** Turns the seat's automatic passes on or off (see SeatMemory). */
  async setAutoPass(on: boolean): Promise<boolean> {
    const ack = okAck.safeParse(await this.request('match:auto-pass', { matchId: this.matchId, on }));
    const ok = ack.success && ack.data.ok;
    if (ok && this.value.memory) this.set({ memory: { ...this.value.memory, autoPass: on } });
    else if (ack.success && !ack.data.ok) this.set({ error: ack.data.error });
    return ok;
  }

  clearError() {
    this.set({ error: null });
  }

  close() {
    this.closed = true;
    if (this.seenTimer !== null) clearTimeout(this.seenTimer);
    // What was seen in the last seconds still reaches the server before the socket goes.
    if (this.socket.connected && this.seenWanted > this.seenSent)
      this.socket.emit('match:seen', { matchId: this.matchId, seq: this.seenWanted }, () => {});
    if (this.socket.connected) this.socket.emit('match:leave', { matchId: this.matchId }, () => {});
    this.socket.disconnect();
  }

  /** Emits with an acknowledgement; a timeout or a dropped connection resolves to a failure. */
  private request<E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
  ): Promise<unknown> {
    return new Promise((resolve) => {
      // socket.io's typed `timeout().emit` cannot be expressed generically over the event name,
      // so the call is made through this narrower signature; the reply is checked by the caller.
      const emitter = this.socket.timeout(ACK_TIMEOUT_MS) as unknown as {
        emit(e: string, p: unknown, cb: (err: Error | null, res: unknown) => void): void;
      };
      emitter.emit(event, payload, (err, res) => {
        resolve(
          err
            ? { ok: false, error: { code: 'NO_ANSWER', message: 'the server did not answer in time' } }
            : res,
        );
      });
    });
  }
}
