/**
 * A bot worker thread: answers decision requests one at a time with the bot package's `answer`,
 * which never throws, so every request gets a reply. The games are @salient/games, plus any module
 * the server was started with (tests add their fixture game): `workerData.gameModules`.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { answer, type BotRequest } from '@salient/bot';
import type { GameModule } from '@salient/engine';
import { games } from '@salient/games';

// On Linux a thread has a niceness of its own (setpriority on 0 is the calling thread): thinking
// gives way to the event loop acknowledging players and to the database on the same cores.
const nice = (workerData as { nice?: number } | null)?.nice ?? 0;
try {
  if (nice > 0) setPriority(nice);
} catch {
  // Not permitted or not supported here: the thread keeps the process's priority.
}

const byId = new Map<string, GameModule>(Object.values(games).map((g) => [g.id, g as GameModule]));
const modules = (workerData as { gameModules?: string[] } | null)?.gameModules ?? [];
for (const spec of modules) {
  const mod = (await import(spec)) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    const g = value as Partial<GameModule> | null;
    if (g && typeof g === 'object' && typeof g.id === 'string' && typeof g.apply === 'function')
      byId.set(g.id, g as GameModule);
  }
}

parentPort?.on('message', (msg: { id: number; request: BotRequest }) => {
  parentPort?.postMessage({ id: msg.id, answer: answer(msg.request, (id) => byId.get(id)) });
});
parentPort?.postMessage({ ready: true });
