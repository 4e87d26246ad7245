import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { LiveMatch } from '../matches/liveMatch.ts';
import { postJson } from './webhookTarget.ts';

export interface NotifierOptions {
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string | null;
  retryDelaysMs: number[];
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may go to loopback and private addresses. */
  webhookAllowPrivate: boolean;
}

/** The JSON a webhook receives when it becomes the user's turn. */
export interface TurnWebhookBody {
  kind: 'your-turn';
  matchId: string;
  game: string;
  seat: string;
  turn: string;
  phase: string;
  url: string | null;
  text: string;
}

/** The JSON a webhook receives when the opponent of a finished match offers a rematch. */
export interface RematchWebhookBody {
  kind: 'rematch-offer';
  /** The finished match the offer was made from. */
  matchId: string;
  offerId: string;
  game: string;
  from: string;
  url: string | null;
  text: string;
}

/**
 * The JSON a webhook receives about a challenge: `challenge` when one is sent to the user,
 * `challenge-answer` when the player the user challenged accepted or declined it.
 */
export interface ChallengeWebhookBody {
  kind: 'challenge' | 'challenge-answer';
  challengeId: string;
  game: string;
  scenario: string;
  from: string;
  to: string;
  status: 'pending' | 'accepted' | 'declined';
  declineReason: string | null;
  /** The match an accepted challenge made. */
  matchId: string | null;
  url: string | null;
  text: string;
}

/** What the notifier needs of a challenge (the protocol's Challenge has it all). */
export interface ChallengeNotice {
  id: string;
  game: string;
  gameTitle: string;
  scenario: string;
  from: { id: string; username: string };
  to: { id: string; username: string };
  status: string;
  declineReason: string | null;
  matchId: string | null;
}

/** What a delivery is about: stored with it, and shown in the owner's list. */
type About = { matchId: string; challengeId?: undefined } | { challengeId: string; matchId?: undefined };

interface MailPayload {
  subject: string;
  text: string;
}

/** How long a user's notification settings are trusted before they are read again. */
const PREFS_TTL_MS = 30_000;
/** A process sending a delivery holds it this long; longer than any attempt (5 s timeout). */
const LOCK_MS = 60_000;
/** How often each process looks for deliveries due that no process is working on. */
const SWEEP_MS = 15_000;
/** Finished deliveries are kept this long for their owner to see, then deleted. */
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;
const SWEEP_BATCH = 20;

interface Prefs {
  email: string | null;
  webhookUrl: string | null;
  notifyByEmail: boolean;
  notifyByWebhook: boolean;
}

type Channel = 'email' | 'webhook';

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * Tells players who are not connected that it is their turn, by e-mail and/or webhook as each has
 * chosen. Every delivery is a row in notification_deliveries before it is first tried, and it
 * stays there, pending, across failures and restarts until it is delivered or abandoned after the
 * retries; any process may pick up a delivery that is due and that no process holds. Deliveries
 * never delay or fail a move.
 */
export class Notifier {
  private readonly mailer: Transporter | null;
  /** Work under way in this process: creating rows, attempts, and waits before a retry. */
  private readonly pending = new Set<Promise<void>>();
  /** Waits before a retry, with what ends a wait early (a shutdown) without trying again. */
  private readonly retryTimers = new Map<NodeJS.Timeout, () => void>();
  /** Settings by user, so a move does not cost a database read for players who want nothing. */
  private readonly prefs = new Map<string, { prefs: Prefs | null; until: number }>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private lastCleanup = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: NotifierOptions,
    private readonly log: Logger,
    private readonly isConnected: (matchId: string, seat: string) => Promise<boolean>,
  ) {
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Resumes the deliveries left pending by a previous run, then keeps sweeping. */
  start(): void {
    this.track(this.sweep());
  }

  turnStarted(m: LiveMatch, seats: string[]): void {
    if (this.closed) return;
    for (const seat of seats) {
      const userId = m.seats.find((s) => s.seat === seat)?.user?.id;
      if (userId) this.track(this.notifySeat(m, seat, userId));
    }
  }

  private track(work: Promise<void>): void {
    const p = work.catch((err) => this.log.error({ err }, 'notification failed'));
    this.pending.add(p);
    p.finally(() => this.pending.delete(p));
  }

  private async notifySeat(m: LiveMatch, seat: string, userId: string): Promise<void> {
    const user = await this.prefsOf(userId);
    if (!user) return;
    const wantsEmail = user.notifyByEmail && !!user.email && !!this.mailer;
    const wantsHook = user.notifyByWebhook && !!user.webhookUrl;
    if (!wantsEmail && !wantsHook) return;
    if (await this.isConnected(m.id, seat)) return;
    const title = m.game.title;
    const url = this.matchUrl(m.id);
    const text = `Your turn in ${title} (${m.turn}, ${m.phase}).${url ? ` ${url}` : ''}`;
    const body: TurnWebhookBody = {
      kind: 'your-turn',
      matchId: m.id,
      game: m.gameId,
      seat,
      turn: m.turn,
      phase: m.phase,
      url,
      text,
    };
    await this.deliver(
      userId,
      { matchId: m.id },
      user,
      { subject: `Salient: your turn in ${title}`, text },
      body,
    );
  }

  private matchUrl(matchId: string): string | null {
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/$/, '')}/match/${matchId}` : null;
  }

  /**
   * A rematch offered to a player who has no page open: told as a turn is, by the channels the
   * account chose, with a link to the finished match where the offer is answered.
   */
  rematchOffered(
    offer: { id: string; matchId: string; toUserId: string; from: string },
    m: LiveMatch,
    isAway: () => Promise<boolean>,
  ): void {
    if (this.closed) return;
    this.track(
      (async () => {
        const user = await this.prefsOf(offer.toUserId);
        if (!user || !(await isAway())) return;
        const url = this.matchUrl(m.id);
        const text = `${offer.from} offers you a rematch of ${m.game.title}.${url ? ` ${url}` : ''}`;
        const body: RematchWebhookBody = {
          kind: 'rematch-offer',
          matchId: m.id,
          offerId: offer.id,
          game: m.gameId,
          from: offer.from,
          url,
          text,
        };
        await this.deliver(
          offer.toUserId,
          { matchId: m.id },
          user,
          { subject: `Salient: ${offer.from} offers a rematch`, text },
          body,
        );
      })(),
    );
  }

  /**
   * A challenge sent (told to the challenged player) or answered (told to the challenger), as a
   * turn is: by the channels the account chose, only when `isAway` says no page of theirs is open
   * (an open page already shows it live). A withdrawn challenge tells nobody.
   */
  challengeChanged(c: ChallengeNotice, isAway: (userId: string) => Promise<boolean>): void {
    if (this.closed) return;
    if (c.status !== 'pending' && c.status !== 'accepted' && c.status !== 'declined') return;
    const sent = c.status === 'pending';
    const userId = sent ? c.to.id : c.from.id;
    this.track(
      (async () => {
        const user = await this.prefsOf(userId);
        if (!user || !(await isAway(userId))) return;
        const base = this.options.publicUrl?.replace(/\/$/, '');
        const url = !base ? null : c.matchId ? `${base}/match/${c.matchId}` : `${base}/#/challenges`;
        const what = `${c.gameTitle} (${c.scenario})`;
        const said = sent
          ? `${c.from.username} challenges you to ${what}.`
          : c.status === 'accepted'
            ? `${c.to.username} accepted your challenge to ${what}: the match has begun.`
            : `${c.to.username} declined your challenge to ${what}${c.declineReason ? ` (${c.declineReason})` : ''}.`;
        const text = `${said}${url ? ` ${url}` : ''}`;
        const body: ChallengeWebhookBody = {
          kind: sent ? 'challenge' : 'challenge-answer',
          challengeId: c.id,
          game: c.game,
          scenario: c.scenario,
          from: c.from.username,
          to: c.to.username,
          status: c.status as ChallengeWebhookBody['status'],
          declineReason: c.declineReason,
          matchId: c.matchId,
          url,
          text,
        };
        const subject = sent
          ? `Salient: ${c.from.username} challenges you`
          : `Salient: ${c.to.username} ${c.status} your challenge`;
        await this.deliver(userId, { challengeId: c.id }, user, { subject, text }, body);
      })(),
    );
  }

  /** Writes a delivery row per channel the account wants, then tries each. */
  private async deliver(
    userId: string,
    about: About,
    user: Prefs,
    mail: MailPayload,
    hookBody: unknown,
  ): Promise<void> {
    const wantsEmail = user.notifyByEmail && !!user.email && !!this.mailer;
    const wantsHook = user.notifyByWebhook && !!user.webhookUrl;
    const rows: { channel: Channel; target: string; payload: unknown }[] = [];
    if (wantsEmail) rows.push({ channel: 'email', target: user.email!, payload: mail });
    if (wantsHook) rows.push({ channel: 'webhook', target: user.webhookUrl!, payload: hookBody });
    if (rows.length === 0) return;
    const ids = rows.map(() => randomUUID());
    await this.db.notificationDelivery.createMany({
      data: rows.map((r, i) => ({
        id: ids[i]!,
        userId,
        matchId: about.matchId ?? null,
        challengeId: about.challengeId ?? null,
        channel: r.channel,
        target: r.target,
        payload: json(r.payload),
      })),
    });
    await Promise.all(ids.map((id) => this.attempt(id)));
  }

  private async prefsOf(userId: string, fresh = false): Promise<Prefs | null> {
    const cached = this.prefs.get(userId);
    if (!fresh && cached && cached.until > Date.now()) return cached.prefs;
    const prefs = await this.db.user.findUnique({
      where: { id: userId },
      select: { email: true, webhookUrl: true, notifyByEmail: true, notifyByWebhook: true },
    });
    if (this.prefs.size > 10_000) this.prefs.clear();
    this.prefs.set(userId, { prefs, until: Date.now() + PREFS_TTL_MS });
    return prefs;
  }

  /** A user changed their settings on this process: read them afresh next time. */
  forget(userId: string): void {
    this.prefs.delete(userId);
  }

  /**
   * One attempt at a delivery, if it is due and no process holds it: taking the lock is a single
   * conditional update, so two processes never send the same delivery at once.
   */
  private async attempt(id: string): Promise<void> {
    if (this.closed) return;
    const now = new Date();
    const claimed = await this.db.notificationDelivery.updateMany({
      where: {
        id,
        status: 'pending',
        nextAttemptAt: { lte: now },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      },
      data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
    });
    if (claimed.count === 0) return;
    const row = await this.db.notificationDelivery.findUniqueOrThrow({ where: { id } });
    const channel = row.channel as Channel;
    // The account's settings now, not when the turn began: it may have turned this off or moved.
    const prefs = await this.prefsOf(row.userId, true);
    const target =
      channel === 'email'
        ? prefs?.notifyByEmail && this.mailer
          ? prefs.email
          : null
        : prefs?.notifyByWebhook
          ? prefs.webhookUrl
          : null;
    if (!target) {
      await this.db.notificationDelivery.update({
        where: { id },
        data: { status: 'cancelled', lockedUntil: null, lastError: 'the account no longer asks for this' },
      });
      return;
    }
    const attempts = row.attempts + 1;
    try {
      if (channel === 'email') {
        const mail = row.payload as unknown as MailPayload;
        await this.mailer!.sendMail({ from: this.options.mailFrom, to: target, ...mail });
      } else {
        await postJson(target, row.payload, this.options.webhookAllowPrivate);
      }
      await this.db.notificationDelivery.update({
        where: { id },
        data: { status: 'delivered', attempts, target, deliveredAt: new Date(), lockedUntil: null },
      });
      this.log.info(
        { channel, matchId: row.matchId, challengeId: row.challengeId, attempts },
        'turn notification delivered',
      );
    } catch (err) {
      const delays = this.options.retryDelaysMs;
      const error = (err as Error).message?.slice(0, 500) || String(err);
      const giveUp = attempts > delays.length;
      const delay = delays[attempts - 1] ?? 0;
      await this.db.notificationDelivery.update({
        where: { id },
        data: {
          status: giveUp ? 'abandoned' : 'pending',
          attempts,
          target,
          lastError: error,
          nextAttemptAt: new Date(Date.now() + delay),
          lockedUntil: null,
        },
      });
      if (giveUp) {
        this.log.warn(
          { channel, matchId: row.matchId, challengeId: row.challengeId, attempts, error },
          'turn notification abandoned',
        );
        return;
      }
      this.log.info(
        { channel, matchId: row.matchId, challengeId: row.challengeId, attempts, error },
        'turn notification failed; will retry',
      );
      this.retryLater(id, delay);
    }
  }

  /** Waits here for the retry, so idle() covers it; if the process stops first, the row stays due. */
  private retryLater(id: string, delayMs: number): void {
    if (this.closed) return;
    this.track(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          resolve(this.attempt(id));
        }, delayMs);
        this.retryTimers.set(timer, resolve);
      }),
    );
  }

  /** Deliveries due that nobody holds: left by a process that stopped, or by a restart. */
  private async sweep(): Promise<void> {
    if (this.closed) return;
    try {
      const now = new Date();
      const due = await this.db.notificationDelivery.findMany({
        where: {
          status: 'pending',
          nextAttemptAt: { lte: now },
          OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
        },
        orderBy: { nextAttemptAt: 'asc' },
        take: SWEEP_BATCH,
        select: { id: true },
      });
      await Promise.all(due.map((d) => this.attempt(d.id)));
      if (Date.now() - this.lastCleanup > 3600_000) {
        this.lastCleanup = Date.now();
        await this.db.notificationDelivery.deleteMany({
          where: { status: { not: 'pending' }, createdAt: { lt: new Date(Date.now() - KEEP_FINISHED_MS) } },
        });
      }
      // Rows another process holds are its business until their lock expires: the regular sweep
      // looks at them again.
      const next = await this.db.notificationDelivery.findFirst({
        where: { status: 'pending', OR: [{ lockedUntil: null }, { lockedUntil: { lt: new Date() } }] },
        orderBy: { nextAttemptAt: 'asc' },
        select: { nextAttemptAt: true },
      });
      const wait = next ? next.nextAttemptAt.getTime() - Date.now() : SWEEP_MS;
      this.scheduleSweep(due.length === SWEEP_BATCH ? 0 : Math.min(SWEEP_MS, Math.max(wait, 50)));
    } catch (err) {
      this.log.warn({ err }, 'notification sweep failed; trying again');
      this.scheduleSweep(SWEEP_MS);
    }
  }

  private scheduleSweep(ms: number): void {
    if (this.closed) return;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      void this.sweep();
    }, ms);
    this.sweepTimer.unref();
  }

  /** Resolves when every delivery under way (retries waiting included) has finished (tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Stops sending: waits for the attempts in progress (each bounded by its timeout) and drops the
   * waits before retries; those deliveries stay pending in the database for the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    for (const [timer, endWait] of this.retryTimers) {
      clearTimeout(timer);
      endWait();
    }
    this.retryTimers.clear();
    // Attempts in progress end by themselves (a webhook within 5 s); a stuck mail server is not
    // waited for beyond that: the delivery stays locked for a minute, then is due again.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.pending]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 5_000);
      }),
    ]);
    clearTimeout(timer);
    this.mailer?.close();
  }
}
