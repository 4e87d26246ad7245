/**
 * The load test's players (bench/loadtest.ts), run in worker threads: each thread plays its share
 * of the tables through its own socket.io clients, as that many browsers on other machines would.
 * One thread for every client would make a player's acknowledgement wait behind other players'
 * work (folding pushes, computing choices with the rules) that a real player's machine never does;
 * the threads let the operating system interleave them. Each thread also hands its players'
 * choosing (the rules' work) to a thread of its own (loadChooser.ts), unless --inline-choosing. Only
 * the client side of the harness is loaded here, never the server.
 */
import { setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Action, GameModule, JsonObject } from '@salient/engine';
import type { SubmitAck } from '@salient/protocol';
import { Player, TestUser } from '../test/helpers/clients.ts';
import { Chooser, chooseAction, hosted } from './loadChooser.ts';

export interface UserSpec {
  baseUrl: string;
  username: string;
  cookie: string;
  id: string;
}

/** A table: two players and their match, which the worker replaces when it ends. */
export interface TableSpec {
  owner: UserSpec;
  guest: UserSpec;
  matchId: string;
}

export interface PlayersSpec {
  serverUrl: string;
  game: string;
  scenario: string;
  seats: [string, string];
  spectators: number;
  thinkMs: number;
  advance: number;
  /** The worker threads' niceness (0 to 19): how readily they give way to the server. */
  nice: number;
  /**
   * Whether the players choose in a thread of their own (loadChooser.ts) instead of the thread that
   * holds their sockets, where the rules' work held up other players' acknowledgements.
   */
  chooser: boolean;
  tables: TableSpec[];
}

/**
 * Main thread to worker: play for `warmupMs` then `playMs`, from now. What happens in the warm-up
 * (a fresh server's code still compiling, every match's first move) is played but not measured.
 */
export type StartMessage = { warmupMs: number; playMs: number };

/** Worker to main thread: connected and joined, then what it measured. */
export type WorkerMessage = { ready: true } | { results: PlayersResults } | { failed: string };

export interface PlayersResults {
  ackMs: number[];
  opponentMs: number[];
  pushBytes: number[];
  errors: number;
  /** Every match played, with the actions acknowledged in it. */
  played: { matchId: string; owner: UserSpec; acked: number }[];
  finished: number;
  /** How late this thread's event loop ran while playing, in ms. */
  loopDelay: { p50: number; p99: number; max: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Table {
  id: string;
  owner: TestUser;
  guest: TestUser;
  players: Record<string, Player>;
  watchers: Player[];
  seq: number;
  played: { matchId: string; owner: UserSpec; acked: number }[];
  finished: number;
}

const userOf = (u: UserSpec) => new TestUser(u.baseUrl, u.username, u.cookie, u.id);

/** Connects a table's clients, joins them to its match, and plays it (and its successors) until `stopAt`. */
export class TablePlayers {
  private readonly game: GameModule;
  private readonly chooser: Chooser | null;
  private readonly tables: Table[] = [];
  private readonly sentAt = new Map<string, number>();
  private counter = 0;
  /** Samples are taken from then on (performance.now()). */
  private measureFrom = Number.POSITIVE_INFINITY;
  readonly results: PlayersResults = {
    ackMs: [],
    opponentMs: [],
    pushBytes: [],
    errors: 0,
    played: [],
    finished: 0,
    loopDelay: { p50: 0, p99: 0, max: 0 },
  };

  constructor(private readonly spec: PlayersSpec) {
    const game = hosted[spec.game];
    if (!game) throw new Error(`unknown game ${spec.game}`);
    this.game = game;
    this.chooser = spec.chooser
      ? new Chooser({ game: spec.game, advance: spec.advance, nice: spec.nice })
      : null;
  }

  async connect(): Promise<void> {
    const [seatA, seatB] = this.spec.seats;
    for (let i = 0; i < this.spec.tables.length; i += 20) {
      await Promise.all(
        this.spec.tables.slice(i, i + 20).map(async (spec) => {
          const owner = userOf(spec.owner);
          const guest = userOf(spec.guest);
          const t: Table = {
            id: spec.matchId,
            owner,
            guest,
            players: { [seatA]: await owner.connect(), [seatB]: await guest.connect() },
            watchers: await Promise.all(
              Array.from({ length: this.spec.spectators }, () => Player.connect(this.spec.serverUrl)),
            ),
            seq: 0,
            played: [],
            finished: 0,
          };
          this.listen(t);
          await this.joinAll(t, spec.matchId, spec.owner);
          this.tables.push(t);
        }),
      );
    }
  }

  private listen(t: Table): void {
    for (const [seat, p] of Object.entries(t.players)) {
      p.socket.on('match:update', (u) => {
        if (u.seat === seat) return;
        const sent = this.sentAt.get(`${t.id}:${u.seq}`);
        if (sent !== undefined && sent >= this.measureFrom)
          this.results.opponentMs.push(performance.now() - sent);
      });
      // What arrives on the wire for each push, as socket.io frames it.
      p.socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
        if (
          packet.type === 'message' &&
          typeof packet.data === 'string' &&
          packet.data.startsWith('2["match:update"') &&
          performance.now() >= this.measureFrom
        )
          this.results.pushBytes.push(Buffer.byteLength(packet.data));
      });
    }
  }

  private async joinAll(t: Table, matchId: string, owner: UserSpec): Promise<void> {
    for (const p of [...Object.values(t.players), ...t.watchers]) {
      p.updates.length = 0;
      const ack = await p.join(matchId, t.watchers.includes(p) ? 'spectator' : 'seat');
      if (!ack.ok) throw new Error(`join: ${ack.error.code}`);
    }
    t.id = matchId;
    t.seq = 0;
    t.played.push({ matchId, owner, acked: 0 });
  }

  /** A table keeps playing when its match ends: a new one with the same players and watchers. */
  private async replace(t: Table): Promise<void> {
    const [seatA, seatB] = this.spec.seats;
    const m = await t.owner.createMatch({ game: this.spec.game, scenario: this.spec.scenario, seat: seatA });
    await t.guest.join(m.id, seatB);
    const { baseUrl, username, cookie, id } = t.owner;
    await this.joinAll(t, m.id, { baseUrl, username, cookie, id });
  }

  async play(warmupMs: number, forMs: number): Promise<PlayersResults> {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    this.measureFrom = performance.now() + warmupMs;
    const stopAt = this.measureFrom + forMs;
    const measuring = setTimeout(() => loop.enable(), warmupMs);
    await Promise.all(this.tables.map((t) => this.playTable(t, stopAt)));
    clearTimeout(measuring);
    loop.disable();
    const ms = (ns: number) => ns / 1e6;
    this.results.loopDelay = {
      p50: ms(loop.percentile(50)),
      p99: ms(loop.percentile(99)),
      max: ms(loop.max),
    };
    for (const t of this.tables) {
      this.results.played.push(...t.played);
      this.results.finished += t.finished;
      for (const p of [...Object.values(t.players), ...t.watchers]) p.close();
    }
    await this.chooser?.stop();
    return this.results;
  }

  /** A random legal action of `seat` in the view it holds, or null when it has none. */
  private choose(seat: string, view: JsonObject): Promise<Action | null> {
    if (this.chooser) return this.chooser.choose(view, seat);
    return Promise.resolve(chooseAction(this.game, view, seat, this.spec.advance));
  }

  private async playTable(t: Table, stopAt: number): Promise<void> {
    const { thinkMs, seats } = this.spec;
    const anyPlayer = t.players[seats[0]]!;
    const clients = [...Object.values(t.players), ...t.watchers];
    while (performance.now() < stopAt) {
      // A client holds its latest position, not every push since it joined (the harness keeps them
      // all for tests' assertions): kept, they grow this thread's heap and its collector's pauses.
      for (const c of clients) {
        if (c.updates.length > 1) c.updates.splice(0, c.updates.length - 1);
        c.raw.length = 0;
      }
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
      if (performance.now() >= stopAt) break;
      const latest = anyPlayer.updates.at(-1)?.summary ?? anyPlayer.snapshot!.summary;
      if (latest.status !== 'active') {
        t.finished++;
        await this.replace(t);
        continue;
      }
      const seat = latest.toAct[Math.floor(Math.random() * latest.toAct.length)]!;
      const me = t.players[seat]!;
      // The position this player holds: its last folded push, or its snapshot.
      const heldSeq = me.updates.at(-1)?.seq ?? me.snapshot!.seq;
      if (heldSeq < t.seq) {
        await me.waitForSeq(t.seq, 10_000).catch(() => undefined);
        continue;
      }
      const view = me.updates.at(-1)?.view ?? me.snapshot!.view;
      const action = await this.choose(seat, view);
      if (action === null) {
        await sleep(5);
        continue;
      }
      // The match moved on while the rules were worked out (the other seat acted): choose again.
      if ((me.updates.at(-1)?.seq ?? me.snapshot!.seq) !== heldSeq) continue;
      const t0 = performance.now();
      this.sentAt.set(`${t.id}:${t.seq + 1}`, t0);
      let ack: SubmitAck;
      try {
        ack = await me.socket.timeout(10_000).emitWithAck('match:submit', {
          matchId: t.id,
          seq: t.seq,
          action,
          clientActionId: `c${this.counter++}`,
        });
      } catch {
        this.results.errors++;
        continue;
      }
      if (!ack.ok) {
        this.results.errors++;
        if (ack.seq !== undefined) t.seq = ack.seq;
        continue;
      }
      if (t0 >= this.measureFrom) this.results.ackMs.push(performance.now() - t0);
      this.sentAt.delete(`${t.id}:${t.seq}`);
      t.seq = ack.seq;
      t.played.at(-1)!.acked++;
    }
  }
}

// In a worker thread: connect, say so, play when told, send back what was measured.
if (!isMainThread && parentPort) {
  const port = parentPort;
  // This thread only (Linux sets priority per thread): on a machine it shares with the server and
  // the database, the players give way to them, as players on their own machines would not compete.
  setPriority((workerData as PlayersSpec).nice);
  const players = new TablePlayers(workerData as PlayersSpec);
  players
    .connect()
    .then(() => {
      port.postMessage({ ready: true } satisfies WorkerMessage);
      port.once('message', (m: StartMessage) => {
        players.play(m.warmupMs, m.playMs).then(
          (results) => port.postMessage({ results } satisfies WorkerMessage),
          (err: unknown) => port.postMessage({ failed: String(err) } satisfies WorkerMessage),
        );
      });
    })
    .catch((err: unknown) => port.postMessage({ failed: String(err) } satisfies WorkerMessage));
}
