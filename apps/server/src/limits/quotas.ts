import { createHmac } from 'node:crypto';
import type { ChatChannel, PublicUser } from '@salient/protocol';
import type { Limits } from '../config.ts';
import type { Db } from '../db/database.ts';
import { quotaExceeded, rateLimited } from '../errors.ts';
import { KeyedBuckets } from '../realtime/tokenBucket.ts';
import type { LimitGuard, Person } from './guard.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const perWindow = (rate: number, windowMs: number) => ({ rate, windowMs, capacity: Math.max(1, rate) });

/**
 * The standing quotas (open and unfinished matches, chat stored per match) and the rates of
 * creation, import and chat, per account and per network address. Counts come from the database,
 * so they hold across processes and restarts; rates are per process (see KeyedBuckets).
 */
export class Quotas {
  private readonly createsByAccount: KeyedBuckets;
  private readonly createsByAddress: KeyedBuckets;
  private readonly importsByAccount: KeyedBuckets;
  private readonly importsByAddress: KeyedBuckets;
  private readonly chatByPerson: KeyedBuckets;

  constructor(
    private readonly db: Db,
    readonly limits: Limits,
    private readonly guard: LimitGuard,
    private readonly secret: string,
  ) {
    this.createsByAccount = new KeyedBuckets(perWindow(limits.createsPerMinutePerAccount, MINUTE));
    this.createsByAddress = new KeyedBuckets(perWindow(limits.createsPerMinutePerAddress, MINUTE));
    this.importsByAccount = new KeyedBuckets(perWindow(limits.importsPerHourPerAccount, HOUR));
    this.importsByAddress = new KeyedBuckets(perWindow(limits.importsPerHourPerAddress, HOUR));
    this.chatByPerson = new KeyedBuckets(perWindow(limits.chatPerMinute, MINUTE));
  }

  /** Addresses are stored only as a keyed hash: enough to count, nothing to read back. */
  addressKey(address: string): string {
    return createHmac('sha256', this.secret).update(`address:${address}`).digest('hex').slice(0, 32);
  }

  private take(limit: string, buckets: KeyedBuckets, key: string, what: string): void {
    const t = buckets.take(key);
    if (!t.ok) throw this.guard.refuse(limit, key, rateLimited(`${what}: try again later`, t.retryAfterMs));
  }

  /** Before creating a match (a rematch too): the creation rates, then the standing quotas. */
  async beforeCreate(user: PublicUser, address: string): Promise<void> {
    const where = this.addressKey(address);
    this.take('creates_per_account', this.createsByAccount, user.id, 'you are creating matches too fast');
    this.take(
      'creates_per_address',
      this.createsByAddress,
      where,
      'too many matches created from your network',
    );
    const l = this.limits;
    const [byAccount, byAddress] = await Promise.all([
      this.db.match.count({ where: { createdById: user.id, status: 'open' } }),
      this.db.match.count({ where: { createdFrom: where, status: 'open' } }),
    ]);
    if (byAccount >= l.openMatchesPerAccount) {
      throw this.guard.refuse(
        'open_matches_per_account',
        user.id,
        quotaExceeded(
          `you already have ${byAccount} matches waiting for an opponent (the most is ${l.openMatchesPerAccount}): start or leave one first`,
        ),
      );
    }
    if (byAddress >= l.openMatchesPerAddress) {
      throw this.guard.refuse(
        'open_matches_per_address',
        where,
        quotaExceeded(
          `${byAddress} matches created from your network are waiting for an opponent (the most is ${l.openMatchesPerAddress})`,
        ),
      );
    }
    await this.beforeTakingSeat(user);
  }

  /** Before taking a seat (creating or joining): the unfinished matches the account plays. */
  async beforeTakingSeat(user: PublicUser): Promise<void> {
    const playing = await this.db.match.count({
      where: { status: { in: ['open', 'active'] }, imported: false, seats: { some: { userId: user.id } } },
    });
    const most = this.limits.unfinishedMatchesPerAccount;
    if (playing >= most) {
      throw this.guard.refuse(
        'unfinished_matches_per_account',
        user.id,
        quotaExceeded(
          `you already play ${playing} unfinished matches (the most is ${most}): finish some first`,
        ),
      );
    }
  }

  beforeImport(user: PublicUser, address: string): void {
    this.take('imports_per_account', this.importsByAccount, user.id, 'you are importing records too fast');
    this.take(
      'imports_per_address',
      this.importsByAddress,
      this.addressKey(address),
      'too many records imported from your network',
    );
  }

  /** Who a chat message counts against: the account, or the guest's address (hashed). */
  chatSender(person: Person): string {
    return person.kind === 'account' ? person.id : `guest:${this.addressKey(person.address)}`;
  }

  /** Before storing a chat message: the sender's rate, then what the match's chat may hold. */
  async beforeChat(person: Person, matchId: string, channel: ChatChannel): Promise<string> {
    const sender = this.chatSender(person);
    this.take('chat_per_person', this.chatByPerson, sender, 'you are sending messages too fast');
    const l = this.limits;
    const [mine, all] = await Promise.all([
      this.db.chatMessage.count({ where: { matchId, senderKey: sender } }),
      this.db.chatMessage.count({ where: { matchId, channel } }),
    ]);
    if (mine >= l.chatPerMatchPerSender) {
      throw this.guard.refuse(
        'chat_per_match_per_sender',
        sender,
        quotaExceeded(
          `you have sent the most messages one person may send in a match (${l.chatPerMatchPerSender})`,
        ),
      );
    }
    if (all >= l.chatPerMatchChannel) {
      throw this.guard.refuse(
        'chat_per_match_channel',
        matchId,
        quotaExceeded(`this match's ${channel} chat is full (${l.chatPerMatchChannel} messages)`),
      );
    }
    return sender;
  }
}
