import type { AddressInfo, Socket } from 'node:net';
import { games as registeredGames } from '@salient/games';
import pino, { type Logger } from 'pino';
import { Sessions } from './auth/sessions.ts';
import { BotPlayer } from './bots/botPlayer.ts';
import { ComputerMatches } from './bots/computerMatches.ts';
import { BotPool } from './bots/pool.ts';
import { registerBotRoutes } from './bots/routes.ts';
import { Community } from './community/routes.ts';
import { type Config, usesDevSessionSecret } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createHttpApp } from './http/app.ts';
import { normaliseOrigin, OriginPolicy } from './http/origins.ts';
import { registerRoutes } from './http/routes.ts';
import { registerPositions, registerRulesPages } from './http/rulesPages.ts';
import { LimitGuard } from './limits/guard.ts';
import { Quotas } from './limits/quotas.ts';
import { Lifecycle } from './matches/lifecycle.ts';
import type { AnyGame } from './matches/liveMatch.ts';
import { MatchStore } from './matches/matchStore.ts';
import { Play } from './matches/play.ts';
import { Positions } from './matches/positions.ts';
import { Rematches } from './matches/rematches.ts';
import { Metrics } from './metrics.ts';
import { Notifier } from './notify/notifier.ts';
import { LobbyFeed } from './realtime/lobbyFeed.ts';
import { SeatMemories } from './realtime/seatMemories.ts';
import { SocketLimits } from './realtime/socketLimits.ts';
import { Realtime } from './realtime/socketServer.ts';
import { RuntimeHealth } from './runtimeHealth.ts';

export interface StartOptions {
  /** The games to host; by default every game of @salient/games. */
  games?: AnyGame[];
  logger?: Logger;
  /** Modules (URLs) the bot worker threads import for games beyond @salient/games (tests' fixture game). */
  botGameModules?: string[];
}

export interface RunningServer {
  url: string;
  port: number;
  metrics: Metrics;
  /** Waits for deliveries under way (tests). */
  notificationsIdle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the whole server: database (migrated), HTTP API, socket.io and the built client. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: config.logLevel, base: { service: 'salient' } });
  const games = options.games ?? Object.values(registeredGames);
  const byId = new Map(games.map((g) => [g.id, g]));
  const findGame = (id: string) => byId.get(id);
  if (usesDevSessionSecret(config)) log.warn('SESSION_SECRET is not set: using the development secret');

  const database = await openDatabase(config.database, (err) =>
    log.warn({ err }, 'PostgreSQL closed an idle connection; the pool opens another when needed'),
  );
  if (database.appliedMigrations.length > 0)
    log.info({ migrations: database.appliedMigrations }, 'migrations applied');
  else log.debug({ check: database.migrationCheck }, 'schema up to date');
  const { db } = database;
  const sessions = new Sessions(db, config.sessionSecret);
  const metrics = new Metrics();
  metrics.runtime = new RuntimeHealth();
  const store = new MatchStore(db, findGame, config.limits.matchCacheBytes);
  const guard = new LimitGuard(metrics, log);
  const quotas = new Quotas(db, config.limits, guard, config.sessionSecret);

  const origins = originPolicyOf(config);
  const app = await createHttpApp({
    log,
    sessions,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    origins,
  });
  const realtime = new Realtime(app.server, {
    db,
    store,
    sessions,
    metrics,
    log,
    origins,
    limits: new SocketLimits(config.limits, config.actionRatePerSecond, guard),
    quotas,
    trustProxy: config.trustProxy,
  });
  if (config.redisUrl)
    await realtime.useRedis(config.redisUrl, config.redisKeyPrefix, config.redisCatchUpIntervalMs);
  // Lobby pages hear of every change that passes the realtime listener or the matches API.
  const lobbyFeed = new LobbyFeed(realtime.io, realtime);
  lobbyFeed.watchHttp(app);
  // Matches report their changes through the community layer, which passes them on to the lobby.
  const positions = new Positions(db, store);
  const community = new Community({
    positions,
    db,
    store,
    findGame,
    operators: config.operators,
    log,
    lobby: lobbyFeed,
  });
  const play = new Play(db, database.sql, store, community, metrics, log, {
    snapshotEvery: config.snapshotEvery,
  });
  realtime.play = play;
  const memories = new SeatMemories(db, store, play, log, config.autoPassDelayMs);
  realtime.memories = memories;
  // Bot thinking runs in worker threads, off this event loop (issue 24).
  const botPool = new BotPool(
    config.bots.workers,
    config.bots.queueMax,
    options.botGameModules ?? [],
    metrics,
    log,
    config.bots.nice,
  );
  const bots = new BotPlayer(db, store, play, botPool, log, config.bots);
  realtime.bots = bots;
  community.play = play;
  const notifier = new Notifier(
    db,
    {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      retryDelaysMs: config.notifyRetryDelaysMs,
      webhookAllowPrivate: config.webhookAllowPrivate,
    },
    log,
    (matchId, seat) => realtime.isSeatConnected(matchId, seat),
  );
  realtime.notifier = notifier;
  community.notifier = notifier;
  community.isUserConnected = (userId) => realtime.isUserConnected(userId);
  const lifecycle = new Lifecycle(db, store, play, community, findGame, quotas);
  const rematches = new Rematches(db, store, lifecycle, quotas, realtime);
  registerBotRoutes(app, new ComputerMatches(db, store, play, community, findGame, quotas, botPool));
  community.register(app);
  registerRulesPages(app, {
    findGame,
    features: { email: config.smtpUrl !== null, publicUrl: config.publicUrl !== null },
  });
  registerPositions(app, positions);
  registerRoutes(app, {
    db,
    sessions,
    lifecycle,
    rematches,
    store,
    metrics,
    quotas,
    games,
    findGame,
    authRatePerMinute: config.authRatePerMinute,
    scryptCost: config.scryptCost,
    secureCookies: config.publicUrl?.startsWith('https://') ?? false,
    webhookAllowPrivate: config.webhookAllowPrivate,
    settingsChanged: (userId) => notifier.forget(userId),
    sessionEnded: (token) => realtime.endSession(token),
  });

  // Every TCP connection, websockets included (the HTTP server forgets a socket once it is
  // upgraded), so a shutdown can cut the ones still open when the grace period ends.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await app.listen({ port: config.port, host: config.host });
  // Turn notifications a previous run left pending go out now.
  notifier.start();
  // Bot seats a previous run (or a process that died) left to act are taken up again.
  bots.start();
  community.tournaments.resume().catch((err) => log.error({ err }, 'resuming tournaments failed'));
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  log.info(
    { url, database: config.database.kind, redis: Boolean(config.redisUrl) },
    'salient server listening',
  );

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    metrics,
    notificationsIdle: () => notifier.idle(),
    close() {
      closing ??= (async () => {
        // Refuse new work, let actions already being applied commit and broadcast, then stop.
        // A client that does not answer the close handshake would hold the process for as long
        // as it likes: when the grace period ends, its connection is cut.
        realtime.shuttingDown = true;
        const t = Date.now();
        const orderly = (async () => {
          memories.close();
          bots.close();
          await store.drain();
          play.close();
          await notifier.close();
          lobbyFeed.close();
          await realtime.close();
        })();
        let graceTimer: NodeJS.Timeout | undefined;
        const inTime = await Promise.race([
          orderly.then(() => true),
          new Promise<false>((resolve) => {
            graceTimer = setTimeout(() => resolve(false), config.shutdownGraceMs);
          }),
        ]);
        clearTimeout(graceTimer);
        if (!inTime) {
          log.warn(
            { graceMs: config.shutdownGraceMs, connections: connections.size },
            'grace period over: cutting the connections still open',
          );
          for (const socket of connections) socket.destroy();
          await orderly;
        }
        await app.close();
        await botPool.close();
        await database.close();
        metrics.runtime?.stop();
        log.info({ ms: Date.now() - t }, 'salient server stopped');
      })();
      return closing;
    },
  };
}

/** PUBLIC_URL's origin and ALLOWED_ORIGINS: the pages, besides the addressed origin, that may write. */
function originPolicyOf(config: Config): OriginPolicy {
  const publicOrigin = config.publicUrl ? normaliseOrigin(config.publicUrl) : null;
  return new OriginPolicy([...(publicOrigin ? [publicOrigin] : []), ...config.allowedOrigins]);
}
