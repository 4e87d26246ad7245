import { randomUUID } from 'node:crypto';
import {
  api,
  createMatchRequest,
  type GamesResponse,
  joinMatchRequest,
  matchListQuery,
  type NotificationDeliveries,
  type NotificationDelivery,
  rematchRequest,
  ServerErrorCode,
  type Settings,
  settingsUpdate,
  signInRequest,
  signUpRequest,
} from '@salient/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkNewPassword, usernameKey } from '../auth/passwordPolicy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, type Sessions } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { AppError, conflict } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Quotas } from '../limits/quotas.ts';
import type { Lifecycle } from '../matches/lifecycle.ts';
import { listMatches } from '../matches/lists.ts';
import type { AnyGame } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import { exportRecord, importRecord } from '../matches/records.ts';
import type { Rematches } from '../matches/rematches.ts';
import type { Metrics } from '../metrics.ts';
import { checkWebhookUrl } from '../notify/webhookTarget.ts';
import { requireUser } from './app.ts';

export interface RouteDeps {
  db: Db;
  sessions: Sessions;
  lifecycle: Lifecycle;
  rematches: Rematches;
  store: MatchStore;
  metrics: Metrics;
  quotas: Quotas;
  games: AnyGame[];
  findGame: (id: string) => AnyGame | undefined;
  authRatePerMinute: number;
  scryptCost: number;
  secureCookies: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target loopback and private addresses. */
  webhookAllowPrivate: boolean;
  settingsChanged(userId: string): void;
  /** A session was signed out: its open sockets must go too. */
  sessionEnded(token: string): void;
}

const inviteQuery = z.object({ invite: z.string().max(64).optional() });

/** A dummy hash so signing in as an unknown user costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function registerRoutes(app: FastifyInstance, d: RouteDeps): void {
  const authLimit = { config: { rateLimit: { max: d.authRatePerMinute, timeWindow: 60_000 } } };
  const setSession = (reply: import('fastify').FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: d.secureCookies,
      maxAge: SESSION_MAX_AGE_SECONDS,
    });

  app.post(api.signUp, authLimit, async (req, reply) => {
    const body = signUpRequest.parse(req.body);
    checkNewPassword(body.password);
    const passwordHash = await hashPassword(body.password, d.scryptCost);
    try {
      const user = await d.db.user.create({
        data: {
          id: randomUUID(),
          username: body.username,
          usernameKey: usernameKey(body.username),
          passwordHash,
          email: body.email ?? null,
        },
        select: { id: true, username: true },
      });
      setSession(reply, await d.sessions.create(user.id));
      return reply.status(201).send({ user });
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
        throw conflict(ServerErrorCode.UsernameTaken, `the name ${body.username} is taken`);
      }
      throw err;
    }
  });

  app.post(api.signIn, authLimit, async (req, reply) => {
    const body = signInRequest.parse(req.body);
    // Any spelling of the name signs in. The exact spelling is tried first: accounts made before names
    // were unique regardless of case keep signing in as they always did.
    const user =
      (await d.db.user.findUnique({ where: { username: body.username } })) ??
      (await d.db.user.findUnique({ where: { usernameKey: usernameKey(body.username) } }));
    decoyHash ??= hashPassword('decoy-password', d.scryptCost);
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !ok) throw new AppError(ServerErrorCode.BadCredentials, 'wrong name or password', 401);
    setSession(reply, await d.sessions.create(user.id));
    return { user: { id: user.id, username: user.username } };
  });

  app.post(api.signOut, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    await d.sessions.destroy(token);
    if (token) d.sessionEnded(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get(api.me, async (req) => ({ user: requireUser(req) }));

  const settingsOf = async (userId: string): Promise<Settings> => {
    const u = await d.db.user.findUniqueOrThrow({ where: { id: userId } });
    return {
      email: u.email,
      webhookUrl: u.webhookUrl,
      notifyByEmail: u.notifyByEmail,
      notifyByWebhook: u.notifyByWebhook,
    };
  };
  app.get(api.settings, async (req) => settingsOf(requireUser(req).id));
  app.put(api.settings, async (req) => {
    const user = requireUser(req);
    const body = settingsUpdate.parse(req.body);
    if (body.webhookUrl) await checkWebhookUrl(body.webhookUrl, d.webhookAllowPrivate);
    await d.db.user.update({ where: { id: user.id }, data: body });
    d.settingsChanged(user.id);
    return settingsOf(user.id);
  });

  app.get(api.notificationDeliveries, async (req): Promise<NotificationDeliveries> => {
    const rows = await d.db.notificationDelivery.findMany({
      where: { userId: requireUser(req).id },
      orderBy: { createdAt: 'desc' },
      take: 50,
    });
    return {
      deliveries: rows.map((r) => ({
        id: r.id,
        matchId: r.matchId,
        challengeId: r.challengeId,
        channel: r.channel as NotificationDelivery['channel'],
        target: r.target,
        status: r.status as NotificationDelivery['status'],
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
      })),
    };
  });

  app.get(
    api.games,
    async (): Promise<GamesResponse> => ({
      games: d.games.map((g) => ({
        id: g.id,
        title: g.title,
        scenarios: g.scenarios.map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          seats: s.seats,
        })),
      })),
    }),
  );

  app.post(api.matches, async (req, reply) => {
    const user = requireUser(req);
    return reply.status(201).send(await d.lifecycle.create(user, createMatchRequest.parse(req.body), req.ip));
  });
  app.get(api.matches, async (req) => {
    const q = matchListQuery.parse(req.query);
    return { matches: await listMatches(d.db, d.store, q.list, req.user, q.limit) };
  });
  // `?invite=` carries a private match's invite code: its holder may see the match (see access.ts).
  app.get<{ Params: { id: string } }>('/api/matches/:id', async (req) =>
    d.lifecycle.summary(req.params.id, req.user, inviteQuery.parse(req.query).invite),
  );
  app.post<{ Params: { id: string } }>('/api/matches/:id/join', async (req) => {
    const body = joinMatchRequest.parse(req.body);
    return d.lifecycle.join(req.params.id, requireUser(req), body.seat, body.invite, body.agreeHints);
  });
  app.post<{ Params: { id: string } }>('/api/matches/:id/leave', async (req, reply) => {
    const summary = await d.lifecycle.leave(req.params.id, requireUser(req));
    return summary ? summary : reply.status(204).send();
  });
  app.post<{ Params: { id: string } }>('/api/matches/:id/resign', async (req) =>
    d.lifecycle.resign(req.params.id, requireUser(req)),
  );
  app.post<{ Params: { id: string } }>('/api/matches/:id/claim', async (req) =>
    d.lifecycle.claim(req.params.id, requireUser(req)),
  );
  app.post<{ Params: { id: string } }>('/api/matches/:id/rematch', async (req, reply) => {
    const { offer, created } = await d.rematches.offer(
      req.params.id,
      requireUser(req),
      rematchRequest.parse(req.body ?? {}),
      req.ip,
    );
    return reply.status(created ? 201 : 200).send(offer);
  });
  app.get<{ Params: { id: string } }>('/api/matches/:id/rematch', async (req) => ({
    offer: await d.rematches.current(req.params.id, requireUser(req)),
  }));
  app.get(api.rematchOffers, async (req) => ({ offers: await d.rematches.pendingFor(requireUser(req)) }));
  app.post<{ Params: { id: string } }>('/api/rematches/:id/accept', async (req) =>
    d.rematches.accept(req.params.id, requireUser(req), req.ip),
  );
  app.post<{ Params: { id: string } }>('/api/rematches/:id/decline', async (req) =>
    d.rematches.decline(req.params.id, requireUser(req)),
  );
  app.get<{ Params: { id: string } }>('/api/matches/:id/record', async (req) =>
    exportRecord(d.db, d.store, req.params.id, req.user, inviteQuery.parse(req.query).invite),
  );
  app.get<{ Params: { code: string } }>('/api/invites/:code', async (req) =>
    d.lifecycle.byInvite(req.params.code, req.user),
  );
  const { importMaxBytes, importMaxActions } = d.quotas.limits;
  const recordTooLarge = () =>
    new AppError(
      ServerErrorCode.RecordTooLarge,
      `the record is larger than this server imports (${importMaxBytes} bytes)`,
      413,
    );
  app.post(
    api.importRecord,
    {
      // The body limit catches a body sent without a length; the hook refuses a declared one
      // before a byte of it is read.
      bodyLimit: importMaxBytes,
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > importMaxBytes) throw recordTooLarge();
      },
      errorHandler: (err) => {
        if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw recordTooLarge();
        throw err;
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      d.quotas.beforeImport(user, req.ip);
      const imported = await importRecord(d.db, d.findGame, user, req.body, { maxActions: importMaxActions });
      return reply.status(201).send(imported);
    },
  );

  app.get(api.health, async (_req, reply) => {
    try {
      await d.db.$queryRawUnsafe('SELECT 1');
      // Without Redis a process still plays and serves its own sockets: it stays in the load
      // balancer (200) and says it is degraded. Without a database it can do nothing (503).
      const redis = d.metrics.redis?.();
      if (!redis) return { status: 'ok' };
      return redis.up ? { status: 'ok', redis: 'up' } : { status: 'degraded', redis: 'down' };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        error: { code: 'DATABASE_DOWN', message: 'the database does not answer' },
      });
    }
  });
  app.get(api.metrics, async (_req, reply) => {
    const rows = await d.db.match.groupBy({ by: ['status'], _count: { _all: true } });
    const byStatus: Record<string, number> = { open: 0, active: 0, finished: 0 };
    for (const r of rows) byStatus[r.status] = r._count._all;
    return reply.type('text/plain; version=0.0.4').send(d.metrics.render(byStatus, d.store.figures()));
  });
}
