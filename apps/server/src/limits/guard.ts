import type { Logger } from 'pino';
import type { AppError } from '../errors.ts';
import type { Metrics } from '../metrics.ts';

/** Whom a limit counts: a signed-in account, or a guest by network address. */
export type Person = { kind: 'account'; id: string } | { kind: 'address'; address: string };

export const personKey = (p: Person) => (p.kind === 'account' ? `account:${p.id}` : `address:${p.address}`);

const LOG_EVERY_MS = 60_000;

/**
 * Where every quota and rate refusal passes: counted in /metrics by limit, and logged at warn the
 * first time a given person trips a given limit in a minute (an attacker's flood is one line).
 */
export class LimitGuard {
  private readonly lastLogged = new Map<string, number>();

  constructor(
    private readonly metrics: Metrics,
    private readonly log: Logger,
  ) {}

  refuse(limit: string, who: string, err: AppError): AppError {
    this.metrics.limitRefused(limit);
    const key = `${limit} ${who}`;
    const now = Date.now();
    const last = this.lastLogged.get(key);
    if (last === undefined || now - last >= LOG_EVERY_MS) {
      if (this.lastLogged.size > 10_000) {
        for (const [k, t] of this.lastLogged) if (now - t >= LOG_EVERY_MS) this.lastLogged.delete(k);
        // A flood from more people than that in a minute: forget them all rather than grow.
        if (this.lastLogged.size > 10_000) this.lastLogged.clear();
      }
      this.lastLogged.set(key, now);
      this.log.warn(
        { limit, who, code: err.code, retryAfterSeconds: err.retryAfterSeconds },
        'limit reached',
      );
    }
    return err;
  }
}
