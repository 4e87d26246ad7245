import type { IncomingHttpHeaders } from 'node:http';
import type { Limits } from '../config.ts';
import { quotaExceeded, rateLimited } from '../errors.ts';
import { type LimitGuard, type Person, personKey } from '../limits/guard.ts';
import { KeyedBuckets } from './tokenBucket.ts';

/** The client's address: the first X-Forwarded-For hop behind a trusted proxy, as Fastify's req.ip. */
export function socketAddress(
  handshake: { address: string; headers: IncomingHttpHeaders },
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return handshake.address;
}

/** What a socket event costs: moves, joins and syncs each have their own per-person rate. */
export type EventCost = 'action' | 'join' | 'free';

/**
 * socket.io limits keyed by the person (an account, or a guest by address), whatever the number of
 * sockets they open: the rate of actions (submit, undo) and of joins and syncs, and caps on the
 * sockets open at once per account and per address. Kept per process: with N processes behind a
 * load balancer a person may get up to N times these (docs/server.md).
 */
export class SocketLimits {
  private readonly byAccount = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly actions: KeyedBuckets;
  private readonly joins: KeyedBuckets;

  constructor(
    private readonly limits: Limits,
    actionRatePerSecond: number,
    private readonly guard: LimitGuard,
  ) {
    // A burst of twice the rate for moves (a quick sequence of clicks), four times for joins and
    // syncs (a reconnecting client syncs every match it had open).
    this.actions = new KeyedBuckets({
      rate: actionRatePerSecond,
      windowMs: 1_000,
      capacity: actionRatePerSecond * 2,
    });
    this.joins = new KeyedBuckets({
      rate: limits.joinRatePerSecond,
      windowMs: 1_000,
      capacity: limits.joinRatePerSecond * 4,
    });
  }

  /**
   * Counts a new socket against its account and address, or throws QUOTA_EXCEEDED. The returned
   * function gives the place back; calling it twice is harmless.
   */
  admit(accountId: string | null, address: string): () => void {
    const onAddress = this.byAddress.get(address) ?? 0;
    if (onAddress >= this.limits.socketsPerAddress) {
      throw this.guard.refuse(
        'sockets_per_address',
        address,
        quotaExceeded(`too many connections from your network (${this.limits.socketsPerAddress})`),
      );
    }
    const onAccount = accountId ? (this.byAccount.get(accountId) ?? 0) : 0;
    if (accountId && onAccount >= this.limits.socketsPerAccount) {
      throw this.guard.refuse(
        'sockets_per_account',
        accountId,
        quotaExceeded(
          `this account already has ${this.limits.socketsPerAccount} connections open: close a tab or a device`,
        ),
      );
    }
    this.byAddress.set(address, onAddress + 1);
    if (accountId) this.byAccount.set(accountId, onAccount + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      decrement(this.byAddress, address);
      if (accountId) decrement(this.byAccount, accountId);
    };
  }

  /** Takes one event's cost from the person's bucket, or throws RATE_LIMITED with a retry-after. */
  take(person: Person, cost: EventCost): void {
    if (cost === 'free') return;
    const key = personKey(person);
    const t = (cost === 'action' ? this.actions : this.joins).take(key);
    if (t.ok) return;
    const what = cost === 'action' ? 'too many moves' : 'too many joins and syncs';
    throw this.guard.refuse(
      cost === 'action' ? 'actions_per_person' : 'joins_per_person',
      key,
      rateLimited(`${what}: slow down`, t.retryAfterMs),
    );
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const n = (map.get(key) ?? 1) - 1;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
}
