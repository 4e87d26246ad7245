/**
 * Token buckets: `rate` tokens per `windowMs` on average, at most `capacity` at once. Kept in this
 * process's memory: with several server processes each one counts on its own (docs/server.md).
 */
export interface BucketRate {
  rate: number;
  windowMs: number;
  capacity: number;
}

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** One bucket per key (an account, an address), forgotten once it has refilled. */
export class KeyedBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private sweptAt = 0;

  constructor(
    readonly limit: BucketRate,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.perMs = limit.rate / limit.windowMs;
  }

  take(key: string): Take {
    const now = this.now();
    const b = this.buckets.get(key);
    const tokens = b
      ? Math.min(this.limit.capacity, b.tokens + (now - b.at) * this.perMs)
      : this.limit.capacity;
    if (tokens < 1) {
      if (b) Object.assign(b, { tokens, at: now });
      return { ok: false, retryAfterMs: (1 - tokens) / this.perMs };
    }
    if (b) Object.assign(b, { tokens: tokens - 1, at: now });
    else this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000 && now - this.sweptAt > 1_000) this.sweep(now);
    return { ok: true };
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Drops the buckets that are full again: they hold nothing a fresh bucket would not. */
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, b] of this.buckets)
      if (b.tokens + (now - b.at) * this.perMs >= this.limit.capacity) this.buckets.delete(key);
  }
}
