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
}

/** Fastify with cookies, sessions, rate limiting, uniform error bodies and the built client. */
export async function createHttpApp(options: HttpOptions): Promise<FastifyInstance> {
  // pino's Logger is a FastifyBaseLogger; typing it as such keeps FastifyInstance's default generics.
  const app = Fastify({
    loggerInstance: options.log as FastifyBaseLogger,
    bodyLimit: 5 * 1024 * 1024,
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
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) req.user = await options.sessions.userFor(req.cookies[SESSION_COOKIE]);
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: err.toBody() });
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
    await app.register(fastifyStatic, { root: options.webDist, wildcard: false, index: false });
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

export function requireUser(req: FastifyRequest): PublicUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

export type Reply = FastifyReply;
