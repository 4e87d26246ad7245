import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type PublicUser, ServerErrorCode } from '@salient/protocol';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { SESSION_COOKIE, type Sessions } from '../auth/sessions.ts';
import { AppError, unauthenticated } from '../errors.ts';
import { InvalidJson, parseUntrustedJson } from '../untrustedJson.ts';
import { addressedOrigin, type OriginPolicy } from './origins.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: PublicUser | null;
  }
}

export interface HttpOptions {
  log: Logger;
  sessions: Sessions;
  webDist: string;
  trustProxy: boolean;
  origins: OriginPolicy;
}

const BODY_LIMIT = 5 * 1024 * 1024;
/** Methods that change state: the ones a forged cross-origin form or fetch could send. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fastify with cookies, sessions, rate limiting, uniform error bodies and the built client. */
export async function createHttpApp(options: HttpOptions): Promise<FastifyInstance> {
  // pino's Logger is a FastifyBaseLogger; typing it as such keeps FastifyInstance's default generics.
  const app = Fastify({
    loggerInstance: options.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: {
        code: ServerErrorCode.RateLimited,
        message: `too many requests: try again in ${ctx.after}`,
        retryAfterSeconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      },
    }),
  });
  guardStateChanges(app, options);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) req.user = await options.sessions.userFor(req.cookies[SESSION_COOKIE]);
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: err.toBody() });
    }
    if (err instanceof InvalidJson) {
      return reply.status(400).send({ error: { code: ServerErrorCode.InvalidJson, message: err.message } });
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const where = issue?.path.map(String).join('.') || 'body';
      return reply
        .status(400)
        .send({ error: { code: ServerErrorCode.BadRequest, message: `${where}: ${issue?.message}` } });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(err);
    if (status === 415) {
      return reply
        .status(415)
        .send({ error: { code: ServerErrorCode.UnsupportedMediaType, message: 'send application/json' } });
    }
    if (status < 500) {
      return reply
        .status(status)
        .send({ error: { code: ServerErrorCode.BadRequest, message: (err as Error).message } });
    }
    req.log.error({ err, url: req.url }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: ServerErrorCode.Internal, message: 'the server failed on this request' } });
  });

  const indexHtml = path.join(options.webDist, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each file; they are sent to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite names what it emits under assets/ by content hash: such a file never changes. The
        // page itself must be checked each time, or a new release would not reach returning players.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    options.log.warn({ webDist: options.webDist }, 'no built web client: serving the API only');
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/socket.io');
    // Client routes (/match/..., /lobby) are the single-page app's: give it its index.html.
    if (hasClient && req.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: { code: ServerErrorCode.NotFound, message: `no route ${req.method} ${req.url}` } });
  });
  return app;
}

/**
 * Cross-site request forgery: every state-changing request must come from the server's own pages (or
 * an ALLOWED_ORIGINS origin), and its body must be JSON. A foreign page can send a "simple" request
 * (text/plain, form encodings) without asking CORS first, so those bodies are refused whatever they
 * hold; application/json from a foreign page needs a CORS preflight, which this server never grants.
 */
function guardStateChanges(app: FastifyInstance, options: HttpOptions): void {
  // Only JSON is parsed; Fastify's text/plain parser goes, and ours refuses depth and NULs up front.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => {
      try {
        done(null, parseUntrustedJson(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  app.addHook('onRequest', async (req) => {
    // Path and query reach database lookups (ids, invite codes): PostgreSQL refuses NUL in text.
    if (req.url.includes('%00') || req.url.includes('\0')) {
      throw new AppError(ServerErrorCode.BadRequest, 'the address may not contain the NUL character');
    }
    if (!STATE_CHANGING.has(req.method)) return;
    const encrypted = (req.raw.socket as { encrypted?: boolean }).encrypted === true;
    const self = addressedOrigin(req.headers, encrypted, options.trustProxy);
    const verdict = options.origins.check(req.headers, self);
    if (!verdict.ok) {
      req.log.warn(
        { origin: verdict.origin, method: req.method, url: req.url },
        'cross-origin write refused',
      );
      throw new AppError(
        ServerErrorCode.ForbiddenOrigin,
        `pages from ${verdict.origin} may not change anything here`,
        403,
      );
    }
    const type = req.headers['content-type'];
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (type === undefined ? hasBody : !isJsonType(type)) {
      throw new AppError(
        ServerErrorCode.UnsupportedMediaType,
        `send application/json${type === undefined ? '' : `, not ${type.split(';')[0]!.slice(0, 100)}`}`,
        415,
      );
    }
  });
}

const isJsonType = (header: string) => header.split(';')[0]!.trim().toLowerCase() === 'application/json';

export function requireUser(req: FastifyRequest): PublicUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

export type Reply = FastifyReply;
