import { createHmac, randomBytes } from 'node:crypto';
import type { PublicUser } from '@salient/protocol';
import type { Db } from '../db/database.ts';

export const SESSION_COOKIE = 'salient_session';
const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_SECONDS = SESSION_DAYS * 86_400;

/**
 * Sessions are random tokens; the database keeps only an HMAC of each under SESSION_SECRET, so a
 * leaked table cannot be replayed as cookies.
 */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** The stored key of a session token: a keyed hash, so a leaked table gives no cookies. */
  keyOf(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('base64url');
  }

  async create(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.session.create({
      data: {
        tokenHash: this.keyOf(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      },
    });
    return token;
  }

  async userFor(token: string | undefined): Promise<PublicUser | null> {
    if (!token || token.length > 100) return null;
    const session = await this.db.session.findUnique({
      where: { tokenHash: this.keyOf(token) },
      include: { user: { select: { id: true, username: true } } },
    });
    if (!session || session.expiresAt.getTime() < Date.now()) return null;
    return session.user;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.session.deleteMany({ where: { tokenHash: this.keyOf(token) } });
  }
}

/** Reads one cookie from a raw Cookie header (the socket.io handshake has no cookie parser). */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
