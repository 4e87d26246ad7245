/**
 * boardgame.io's side of the peer benchmark: its server in a child process, its lobby API to create
 * and join matches, and clients speaking its socket.io protocol as its own client library does
 * (boardgame.io/src/client/transport/socketio.ts): one connection per player on the game's
 * namespace, `sync` to receive the state, `update` with a credentialed MAKE_MOVE action and the
 * state id it was made on, and the server's `update` broadcast of the new state to every player.
 * The client library would also run the move locally first (optimistic update); that is client-side
 * work, left out here as Salient's client is also not asked to predict.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import type { Sample } from './measure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const GAME = 'advance';

export class BoardgameioProcess {
  private child: ChildProcess | null = null;
  output = '';

  constructor(
    readonly port: number,
    readonly apiPort: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.apiPort}`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'boardgameioServer.ts')], {
      cwd: here,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        API_PORT: String(this.apiPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`boardgame.io did not start in ${timeoutMs} ms:\n${this.output}`)),
        timeoutMs,
      );
      const done = (err?: Error) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      };
      child.stdout?.on('data', (c) => {
        this.output += c;
        if (this.output.includes('listening')) done();
      });
      child.stderr?.on('data', (c) => {
        this.output += c;
      });
      child.once('exit', (code) => done(new Error(`boardgame.io exited with ${code}:\n${this.output}`)));
    });
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}

export interface CreatedMatch {
  matchID: string;
  credentials: [string, string];
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The lobby API: create a two-player match and seat both players, as a lobby page would. */
export function lobby(server: BoardgameioProcess) {
  return {
    async createMatch(): Promise<CreatedMatch> {
      const { matchID } = await post<{ matchID: string }>(`${server.apiUrl}/games/${GAME}/create`, {
        numPlayers: 2,
      });
      const credentials = await Promise.all(
        ['0', '1'].map(async (playerID) => {
          const joined = await post<{ playerCredentials: string }>(
            `${server.apiUrl}/games/${GAME}/${matchID}/join`,
            { playerID, playerName: `p${playerID}` },
          );
          return joined.playerCredentials;
        }),
      );
      return { matchID, credentials: credentials as [string, string] };
    },
  };
}

/** The part of boardgame.io's state the driver reads. */
interface State {
  _stateID: number;
  G: { progress: Record<string, number> };
  ctx: { currentPlayer: string };
}

/** One player's connection: holds the latest state the server sent it. */
class BoardgameioClient {
  state: State | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly socket: Socket,
    readonly matchID: string,
    readonly playerID: string,
    readonly credentials: string,
  ) {
    const hold = (matchID: string, state: State) => {
      if (matchID !== this.matchID) return;
      if (this.state && state._stateID <= this.state._stateID) return;
      this.state = state;
      for (const w of [...this.waiters]) w();
    };
    socket.on('sync', (matchID: string, info: { state: State }) => hold(matchID, info.state));
    socket.on('update', (matchID: string, state: State) => hold(matchID, state));
  }

  static async connect(url: string, matchID: string, playerID: string, credentials: string) {
    const socket = io(`${url}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const client = new BoardgameioClient(socket, matchID, playerID, credentials);
    socket.emit('sync', matchID, playerID, credentials, 2);
    await client.waitForState(0);
    return client;
  }

  /** Resolves once this client holds a state with this id or a later one. */
  waitForState(stateID: number, timeoutMs = 10_000): Promise<void> {
    if (this.state && this.state._stateID >= stateID) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!this.state || this.state._stateID < stateID) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(`player ${this.playerID} of ${this.matchID}: no state ${stateID} in ${timeoutMs} ms`),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Sends the move as the client library's SocketIO transport does (sendAction). */
  sendMove(move: string): number {
    const stateID = this.state!._stateID;
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: move, args: [], playerID: this.playerID, credentials: this.credentials },
    };
    this.socket.emit('update', action, stateID, this.matchID, this.playerID);
    return stateID;
  }
}

export class BoardgameioTable {
  confirmed = 0;

  private constructor(private readonly players: [BoardgameioClient, BoardgameioClient]) {}

  static async open(server: BoardgameioProcess, match: CreatedMatch): Promise<BoardgameioTable> {
    const players = await Promise.all(
      (['0', '1'] as const).map((id, i) =>
        BoardgameioClient.connect(server.url, match.matchID, id, match.credentials[i]!),
      ),
    );
    return new BoardgameioTable(players as [BoardgameioClient, BoardgameioClient]);
  }

  async move(): Promise<Sample> {
    const current = this.players[0].state!.ctx.currentPlayer;
    const me = this.players[Number(current)]!;
    const t0 = performance.now();
    const stateID = me.sendMove('advance');
    // The protocol has no acknowledgement: the mover knows its move counted when the new state,
    // which the server broadcasts to every player of the match, reaches it too.
    await me.waitForState(stateID + 1);
    const confirmMs = performance.now() - t0;
    await Promise.all(this.players.map((p) => p.waitForState(stateID + 1)));
    const opponentMs = performance.now() - t0;
    this.confirmed++;
    return { confirmMs, opponentMs };
  }

  /** Moves counted in the latest state (the game's counters). */
  stateMoves(): number {
    const progress = this.players[0].state!.G.progress;
    return Object.values(progress).reduce((a, b) => a + b, 0);
  }

  close(): void {
    for (const p of this.players) p.socket.disconnect();
  }
}
