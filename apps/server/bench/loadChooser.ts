/**
 * The load test's choosing (bench/loadPlayers.ts): beside each players thread, a thread of its own
 * works out a player's choices from the view that player holds, with the game's rules, and picks a
 * random legal action. The players thread, which holds the sockets, is then free to take other
 * players' acknowledgements and pushes while the rules run, as each player's own machine would be:
 * a Paths of Glory Campaign position takes milliseconds to work out (every unit's redeployments),
 * and an acknowledgement that waited behind another player's choosing was counted as the server's.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Action, type GameModule, type JsonObject, pickAction } from '@salient/engine';
import { games } from '@salient/games';
import { skirmish } from '../test/fixtures/skirmish.ts';

export const hosted: Record<string, GameModule> = { ...games, skirmish: skirmish as unknown as GameModule };

interface ChooserSpec {
  /** Tells this thread's data from a players thread's, which also imports this module. */
  role: 'chooser';
  game: string;
  /** How often a choice without parameters is taken when one is offered (see loadtest.ts --advance). */
  advance: number;
  nice: number;
}

type ChooseRequest = { id: number; view: JsonObject; seat: string };
type ChooseReply = { id: number; action: Action | null } | { id: number; failed: string };

const pick = (n: number) => Math.floor(Math.random() * n);

/** A random legal action of `seat` in `view`, or null when it has none. */
export function chooseAction(
  game: GameModule,
  view: JsonObject,
  seat: string,
  advance: number,
): Action | null {
  const choices = game.choices(view, seat);
  if (choices.length === 0) return null;
  // A choice without parameters (--advance of the time, when one is offered), else any choice.
  const buttons = Math.random() < advance ? choices.filter((c) => c.params.length === 0) : [];
  const pool = buttons.length > 0 ? buttons : choices;
  return pickAction(pool[pick(pool.length)]!, pick);
}

/** The players thread's handle on its choosing thread. */
export class Chooser {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve(a: Action | null): void; reject(e: Error): void }>();

  constructor(spec: Omit<ChooserSpec, 'role'>) {
    // The worker runs TypeScript: tsx is registered in it before its module loads.
    const tsx = import.meta.resolve('tsx/esm/api');
    const self = import.meta.url;
    const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(self)}); })`;
    this.worker = new Worker(source, {
      eval: true,
      workerData: { ...spec, role: 'chooser' } satisfies ChooserSpec,
    });
    this.worker.on('message', (reply: ChooseReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('failed' in reply) waiter?.reject(new Error(`choosing: ${reply.failed}`));
      else waiter?.resolve(reply.action);
    });
    this.worker.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    });
  }

  choose(view: JsonObject, seat: string): Promise<Action | null> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, view, seat } satisfies ChooseRequest);
    });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

// In the choosing thread: answer each request with an action.
if (!isMainThread && parentPort && (workerData as Partial<ChooserSpec> | undefined)?.role === 'chooser') {
  const port = parentPort;
  const spec = workerData as ChooserSpec;
  // This thread only, as the players' threads: it gives way to the server and the database.
  setPriority(spec.nice);
  const game = hosted[spec.game];
  port.on('message', (r: ChooseRequest) => {
    try {
      if (!game) throw new Error(`unknown game ${spec.game}`);
      port.postMessage({
        id: r.id,
        action: chooseAction(game, r.view, r.seat, spec.advance),
      } satisfies ChooseReply);
    } catch (err) {
      port.postMessage({ id: r.id, failed: String(err) } satisfies ChooseReply);
    }
  });
}
