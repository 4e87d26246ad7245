import { Worker } from 'node:worker_threads';
import type { BotAnswer, BotRequest } from '@salient/bot';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics.ts';

interface Job {
  request: BotRequest;
  queuedAt: number;
  resolve: (a: BotAnswer) => void;
}

interface Slot {
  worker: Worker;
  job: { id: number; job: Job } | null;
  ready: boolean;
  /** It exited before it was ready: not restarted (a broken build would respawn for ever). */
  dead: boolean;
}

/**
 * A bounded pool of worker threads for bot thinking, so a search never runs on the event loop that
 * acknowledges players' actions. Requests wait in one queue (at most `queueMax`; past it they are
 * answered "busy" at once and the bot sweep asks again later). A worker that dies is replaced and
 * its request answered with an error: the decision is simply asked again.
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  failures = 0;

  constructor(
    private readonly size: number,
    private readonly queueMax: number,
    private readonly gameModules: string[],
    private readonly metrics: Metrics,
    private readonly log: Logger,
    /** The worker threads' niceness (BOT_NICE): their thinking yields the cores to the event loop. */
    private readonly nice = 0,
  ) {
    metrics.bots = () => ({
      queued: this.queue.length,
      busy: this.slots.filter((s) => s.job).length,
      workers: this.size,
      failures: this.failures,
    });
  }

  /** The worker's file: TypeScript beside this one in development, the built chunk in production. */
  private static workerUrl(): URL {
    return import.meta.url.endsWith('.ts')
      ? new URL('./workerDev.mjs', import.meta.url)
      : new URL('./botWorker.js', import.meta.url);
  }

  /** Threads start with the first decision: a server nobody plays the computer on keeps none. */
  private ensureStarted(): void {
    if (this.slots.length > 0) return;
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(BotPool.workerUrl(), {
      workerData: { gameModules: this.gameModules, nice: this.nice },
    });
    worker.unref();
    const slot: Slot = { worker, job: null, ready: false, dead: false };
    worker.on('message', (msg: { ready?: true; id?: number; answer?: BotAnswer }) => {
      if (msg.ready) {
        slot.ready = true;
        this.pump();
        return;
      }
      const running = slot.job;
      if (!running || running.id !== msg.id) return;
      slot.job = null;
      this.metrics.botDecisionTime.observe((performance.now() - running.job.queuedAt) / 1000);
      if (!msg.answer?.ok) this.failures++;
      running.job.resolve(msg.answer ?? { ok: false, error: 'no answer' });
      this.pump();
    });
    worker.on('error', (err) => this.log.error({ err }, 'bot worker failed'));
    worker.on('exit', () => {
      const i = this.slots.indexOf(slot);
      if (slot.job) {
        this.failures++;
        slot.job.job.resolve({ ok: false, error: 'the bot worker stopped' });
      }
      // A worker that never started (a broken build) is not restarted in a loop: its slot stays dead.
      if (i >= 0 && !this.closed && slot.ready) this.slots[i] = this.spawn();
      else if (!slot.ready) {
        slot.dead = true;
        this.log.error('a bot worker thread could not start');
        // With no thread left, what waits would wait for ever: it is answered now.
        if (this.slots.every((s) => s.dead))
          for (const job of this.queue.splice(0))
            job.resolve({ ok: false, error: 'no bot worker could start' });
      }
    });
    return slot;
  }

  decide(request: BotRequest): Promise<BotAnswer> {
    if (this.closed) return Promise.resolve({ ok: false, error: 'shutting down' });
    if (this.queue.length >= this.queueMax) return Promise.resolve({ ok: false, error: 'busy' });
    this.ensureStarted();
    if (this.slots.every((s) => s.dead))
      return Promise.resolve({ ok: false, error: 'no bot worker could start' });
    return new Promise((resolve) => {
      this.queue.push({ request, queuedAt: performance.now(), resolve });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      slot.job = { id, job };
      slot.worker.postMessage({ id, request: job.request });
    }
  }

  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, error: 'shutting down' });
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
