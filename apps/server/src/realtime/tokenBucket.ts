/** A per-client rate limit: `ratePerSecond` on average, bursts up to twice that. */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(private readonly ratePerSecond: number) {
    this.tokens = ratePerSecond * 2;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(
      this.ratePerSecond * 2,
      this.tokens + ((now - this.last) / 1000) * this.ratePerSecond,
    );
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
