import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which origins may change state with the session cookie (cross-site request forgery).
 *
 * A browser attaches the cookie to requests any page makes to this server, and SameSite=Lax does not
 * stop a sibling origin of the same site (another port of the host, a sibling subdomain): only the
 * Origin header tells who asks. Browsers send it on every cross-origin POST and every WebSocket; when
 * it is missing the Referer's origin stands in. A request with neither comes from a program, not a
 * page, and programs cannot borrow a victim's cookie: those are let through.
 */
export class OriginPolicy {
  private readonly allowed: ReadonlySet<string>;

  /** `fixed`: PUBLIC_URL's origin (when set) and every ALLOWED_ORIGINS entry, already normalised. */
  constructor(fixed: readonly string[]) {
    this.allowed = new Set(fixed);
  }

  /**
   * The verdict for one request. `self` is the origin the request was addressed to (its scheme and
   * Host header): the page the server itself served.
   */
  check(headers: IncomingHttpHeaders, self: string | null): OriginVerdict {
    const claimed = claimedOrigin(headers);
    if (claimed === undefined) return { ok: true, origin: null };
    // "null" is what sandboxed frames, file: pages and privacy redirects send: never ours.
    if (claimed !== null && (claimed === self || this.allowed.has(claimed)))
      return { ok: true, origin: claimed };
    return { ok: false, origin: claimed ?? 'null' };
  }
}

export type OriginVerdict = { ok: true; origin: string | null } | { ok: false; origin: string };

/**
 * The origin a request claims: Origin, else the Referer's origin. undefined when it claims none;
 * null when what it claims is not a usable origin ("null", garbage).
 */
export function claimedOrigin(headers: IncomingHttpHeaders): string | null | undefined {
  const origin = single(headers.origin);
  if (origin !== undefined) return normaliseOrigin(origin);
  const referer = single(headers.referer);
  if (referer !== undefined) return normaliseOrigin(referer);
  return undefined;
}

/** `scheme://host[:port]` in the browser's spelling (lower case, default port dropped), or null. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The origin a request was addressed to: the connection's scheme and the Host header, or behind a
 * trusted proxy the first X-Forwarded-Proto and X-Forwarded-Host. A page the server served itself
 * sends exactly this as its Origin.
 */
export function addressedOrigin(
  headers: IncomingHttpHeaders,
  encrypted: boolean,
  trustProxy: boolean,
): string | null {
  const forwarded = (name: string) => single(headers[name])?.split(',')[0]?.trim();
  let scheme = encrypted ? 'https' : 'http';
  let host = single(headers.host);
  if (trustProxy) {
    const proto = forwarded('x-forwarded-proto')?.toLowerCase();
    if (proto === 'https' || proto === 'http') scheme = proto;
    host = forwarded('x-forwarded-host') || host;
  }
  return host ? normaliseOrigin(`${scheme}://${host}`) : null;
}

/** Parses ALLOWED_ORIGINS: comma-separated origins; throws on an entry that is not one. */
export function parseAllowedOrigins(text: string | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const origin = normaliseOrigin(entry);
    // An origin has no path, query or fragment; "https://a.example/" is accepted as written by hand.
    if (!origin || new URL(entry).href.replace(/\/$/, '') !== origin) {
      throw new Error(`${entry} is not an origin (scheme://host[:port], http or https, nothing after)`);
    }
    out.push(origin);
  }
  return out;
}

function single(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}
