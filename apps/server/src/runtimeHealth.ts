import { constants, PerformanceObserver } from 'node:perf_hooks';

/**
 * A Prometheus histogram in seconds, kept by hand (cumulative buckets, sum, count) and the largest
 * value seen. Cumulative counts can be subtracted between two scrapes, so a benchmark can read what
 * happened in its own window (the load test does).
 */
export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;
  private max = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }

  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    if (seconds > this.max) this.max = seconds;
    this.buckets.forEach((le, i) => {
      if (seconds <= le) this.counts[i]!++;
    });
  }

  render(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`);
    this.buckets.forEach((le, i) => {
      lines.push(`${this.name}_bucket{le="${le}"} ${this.counts[i]}`);
    });
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${this.name}_sum ${this.sum}`);
    lines.push(`${this.name}_count ${this.count}`);
    lines.push(
      `# HELP ${this.name}_max The largest since the process started.`,
      `# TYPE ${this.name}_max gauge`,
      `${this.name}_max ${this.max}`,
    );
  }
}

/** Bounds fine enough to tell a 30 ms tail target from its neighbours. */
export const LATENCY_BUCKETS = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5,
] as const;

/** How often the lag probe wakes: often enough to catch a 10 ms stall, cheap at 50 wake-ups a second. */
const PROBE_MS = 20;

/**
 * What keeps the event loop from answering: how late a timer fires (every wait in the process
 * queues behind whatever runs: a long synchronous task, a burst of messages, a pause of the garbage
 * collector), and the garbage collector's own pauses. These explain a latency tail that the
 * database does not (docs/server.md, "Latency tail").
 */
export class RuntimeHealth {
  readonly loopLag = new Histogram(
    'salient_event_loop_lag_seconds',
    `How late a ${PROBE_MS} ms timer fired: time the event loop could not answer.`,
    LATENCY_BUCKETS,
  );
  /** Scavenges of the young generation: frequent and short, driven by how much garbage a step makes. */
  readonly minorGc = new Histogram(
    'salient_gc_minor_pause_seconds',
    "Pauses of the main thread for the garbage collector's young generation (scavenges).",
    LATENCY_BUCKETS,
  );
  /** Mark-sweep-compact and its incremental steps: rarer, and longer the more the heap holds. */
  readonly majorGc = new Histogram(
    'salient_gc_major_pause_seconds',
    "Pauses of the main thread for the garbage collector's old generation (marking, sweeping, compaction).",
    LATENCY_BUCKETS,
  );
  private readonly timer: NodeJS.Timeout;
  private readonly gc: PerformanceObserver;

  constructor() {
    let expected = performance.now() + PROBE_MS;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.loopLag.observe(Math.max(0, now - expected) / 1000);
      expected = now + PROBE_MS;
    }, PROBE_MS);
    // Never keeps the process alive on its own.
    this.timer.unref();
    this.gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        const pauses = kind === constants.NODE_PERFORMANCE_GC_MINOR ? this.minorGc : this.majorGc;
        pauses.observe(entry.duration / 1000);
      }
    });
    this.gc.observe({ entryTypes: ['gc'] });
  }

  render(lines: string[]): void {
    this.loopLag.render(lines);
    this.minorGc.render(lines);
    this.majorGc.render(lines);
  }

  stop(): void {
    clearInterval(this.timer);
    this.gc.disconnect();
  }
}
