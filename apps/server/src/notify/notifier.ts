import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { LiveMatch } from '../matches/liveMatch.ts';

export interface NotifierOptions {
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string | null;
  retryDelaysMs: number[];
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

/** How long a user's notification settings are trusted before they are read again. */
const PREFS_TTL_MS = 30_000;

interface Prefs {
  email: string | null;
  webhookUrl: string | null;
  notifyByEmail: boolean;
  notifyByWebhook: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Tells players who are not connected that it is their turn, by e-mail and/or webhook as each has
 * chosen. Deliveries run in the background with retries; they never delay or fail a move.
 */
export class Notifier {
  private readonly mailer: Transporter | null;
  private readonly pending = new Set<Promise<void>>();
  /** Settings by user, so a move does not cost a database read for players who want nothing. */
  private readonly prefs = new Map<string, { prefs: Prefs | null; until: number }>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: NotifierOptions,
    private readonly log: Logger,
    private readonly isConnected: (matchId: string, seat: string) => Promise<boolean>,
  ) {
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  turnStarted(m: LiveMatch, seats: string[]): void {
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
    const url = this.options.publicUrl ? `${this.options.publicUrl.replace(/\/$/, '')}/match/${m.id}` : null;
    const text = `Your turn in ${title} (${m.turn}, ${m.phase}).${url ? ` ${url}` : ''}`;
    const jobs: Promise<void>[] = [];
    if (wantsEmail) {
      jobs.push(
        this.withRetries('email', m.id, () =>
          this.mailer!.sendMail({
            from: this.options.mailFrom,
            to: user.email!,
            subject: `Salient: your turn in ${title}`,
            text,
          }).then(() => {}),
        ),
      );
    }
    if (wantsHook) {
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
      jobs.push(this.withRetries('webhook', m.id, () => postJson(user.webhookUrl!, body)));
    }
    await Promise.all(jobs);
  }

  private async prefsOf(userId: string): Promise<Prefs | null> {
    const cached = this.prefs.get(userId);
    if (cached && cached.until > Date.now()) return cached.prefs;
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

  private async withRetries(channel: string, matchId: string, send: () => Promise<void>): Promise<void> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await send();
        this.log.info({ channel, matchId, attempt }, 'turn notification delivered');
        return;
      } catch (err) {
        if (attempt >= delays.length || this.closed) {
          this.log.warn({ err, channel, matchId, attempt }, 'turn notification abandoned');
          return;
        }
        this.log.info(
          { channel, matchId, attempt, error: (err as Error).message },
          'turn notification failed; will retry',
        );
        await sleep(delays[attempt]!);
      }
    }
  }

  /** Resolves when every delivery under way has finished (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.closed = true;
    this.mailer?.close();
  }
}

async function postJson(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'salient-notifier' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}
