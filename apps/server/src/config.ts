import path from 'node:path';
import { AUTO_PASS_DELAY_MS } from '@salient/protocol';
import { z } from 'zod';
import type { DatabaseTarget } from './db/database.ts';
import { parseAllowedOrigins } from './http/origins.ts';
import { repoRoot } from './paths.ts';

const DEV_SESSION_SECRET = 'salient-development-secret-change-me';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
    .optional(),
  // The workspace's .data, whichever directory the server is started from (pnpm runs it in apps/server).
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'must be a size such as 32MB')
    .default('32MB'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('salient'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Salient <salient@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .superRefine((text, ctx) => {
      try {
        parseAllowedOrigins(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  SNAPSHOT_EVERY: z.coerce.number().int().min(1).default(50),
  AUTH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ACTION_RATE_PER_SECOND: z.coerce.number().min(1).default(20),
  // Security and limits (docs/server.md): quotas, rates and the match cache's memory budget.
  JOIN_RATE_PER_SECOND: z.coerce.number().min(1).default(5),
  SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(1).default(16),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(64),
  OPEN_MATCHES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  OPEN_MATCHES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  UNFINISHED_MATCHES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  CREATES_PER_MINUTE_PER_ACCOUNT: z.coerce.number().min(1).default(6),
  CREATES_PER_MINUTE_PER_ADDRESS: z.coerce.number().min(1).default(20),
  IMPORTS_PER_HOUR_PER_ACCOUNT: z.coerce.number().min(1).default(30),
  IMPORTS_PER_HOUR_PER_ADDRESS: z.coerce.number().min(1).default(60),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  IMPORT_MAX_ACTIONS: z.coerce.number().int().min(1).default(10_000),
  CHAT_PER_MINUTE: z.coerce.number().min(1).default(20),
  CHAT_PER_MATCH_PER_SENDER: z.coerce.number().int().min(1).default(500),
  CHAT_PER_MATCH_CHANNEL: z.coerce.number().int().min(1).default(5_000),
  MATCH_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(256 * 1024 * 1024),
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && (n & (n - 1)) === 0, 'must be a power of two, at least 1024')
    .default(16_384),
  REDIS_CATCHUP_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  OPERATORS: z.string().max(2000).optional(),
  BOT_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  BOT_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(1_000),
  BOT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  BOT_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  BOT_NICE: z.coerce.number().int().min(0).max(19).default(10),
  BOT_PACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
});

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  redisUrl: string | null;
  /** Deployments sharing one Redis keep apart by prefix. */
  redisKeyPrefix: string;
  /** While Redis is down: how often each process looks in the database for other processes' steps. */
  redisCatchUpIntervalMs: number;
  webDist: string;
  sessionSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** The address in notification links. */
  publicUrl: string | null;
  /**
   * Origins besides the server's own (PUBLIC_URL's, or the one a request is addressed to) whose pages
   * may change state: post, put, delete, open a socket. Normalised `scheme://host[:port]`.
   */
  allowedOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind a load balancer: take the client's address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  snapshotEvery: number;
  authRatePerMinute: number;
  actionRatePerSecond: number;
  limits: Limits;
  scryptCost: number;
  /** Delays between webhook/e-mail attempts; the number of entries is the number of retries. */
  notifyRetryDelaysMs: number[];
  /** On SIGTERM: how long work under way and clients get before the remaining connections are cut. */
  shutdownGraceMs: number;
  /** Webhooks may point at loopback, private and link-local addresses (tests, closed networks). */
  webhookAllowPrivate: boolean;
  /** The bounds of the random wait before an automatic pass (tests shorten it). */
  autoPassDelayMs: { min: number; max: number };
  /** OPERATORS: account names (comma-separated, any case) that may create tournaments. */
  operators: string[];
  /** Computer players: see bots/botPlayer.ts and "Playing against the computer" in docs/server.md. */
  bots: BotSettings;
}

export interface BotSettings {
  /** Worker threads that think for bot seats (BOT_WORKERS). */
  workers: number;
  /** Decisions waiting for a worker beyond this are refused, retried by the sweep (BOT_QUEUE_MAX). */
  queueMax: number;
  /** How long a process's claim on a bot decision holds before another process may take it over. */
  leaseMs: number;
  /** How often each process looks for bot seats to act that nobody is deciding (restarts, crashes). */
  sweepMs: number;
  /** In a match of computers only, the least time between two moves, so spectators can follow. */
  paceMs: number;
  /** The worker threads' niceness (Linux: per thread), so thinking yields the cores to acks. */
  nice: number;
}

/**
 * Quotas and rates that keep one person (an account, or a guest by address) from exhausting the
 * server: see "Security and limits" in docs/server.md. Rates are token buckets: the number per
 * window on average, and at most that many at once.
 */
export interface Limits {
  /** Joins and syncs per second per person (bursts up to four times that: a reconnect syncs every match). */
  joinRatePerSecond: number;
  socketsPerAccount: number;
  socketsPerAddress: number;
  /** Matches waiting for an opponent that one account, or one address, created. */
  openMatchesPerAccount: number;
  openMatchesPerAddress: number;
  /** Matches not finished (waiting or in play) in which the account holds a seat. */
  unfinishedMatchesPerAccount: number;
  createsPerMinutePerAccount: number;
  createsPerMinutePerAddress: number;
  importsPerHourPerAccount: number;
  importsPerHourPerAddress: number;
  importMaxBytes: number;
  importMaxActions: number;
  chatPerMinute: number;
  chatPerMatchPerSender: number;
  chatPerMatchChannel: number;
  /** The memory the loaded matches may take, estimated (see MatchStore). */
  matchCacheBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment; every problem is listed at once, by variable name. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (docker compose passes `${SMTP_URL:-}` through as "").
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR), sharedBuffers: e.PGLITE_SHARED_BUFFERS },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisCatchUpIntervalMs: e.REDIS_CATCHUP_MS,
    webDist: path.resolve(e.WEB_DIST),
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? null,
    allowedOrigins: parseAllowedOrigins(e.ALLOWED_ORIGINS),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    snapshotEvery: e.SNAPSHOT_EVERY,
    authRatePerMinute: e.AUTH_RATE_PER_MINUTE,
    actionRatePerSecond: e.ACTION_RATE_PER_SECOND,
    limits: {
      joinRatePerSecond: e.JOIN_RATE_PER_SECOND,
      socketsPerAccount: e.SOCKETS_PER_ACCOUNT,
      socketsPerAddress: e.SOCKETS_PER_ADDRESS,
      openMatchesPerAccount: e.OPEN_MATCHES_PER_ACCOUNT,
      openMatchesPerAddress: e.OPEN_MATCHES_PER_ADDRESS,
      unfinishedMatchesPerAccount: e.UNFINISHED_MATCHES_PER_ACCOUNT,
      createsPerMinutePerAccount: e.CREATES_PER_MINUTE_PER_ACCOUNT,
      createsPerMinutePerAddress: e.CREATES_PER_MINUTE_PER_ADDRESS,
      importsPerHourPerAccount: e.IMPORTS_PER_HOUR_PER_ACCOUNT,
      importsPerHourPerAddress: e.IMPORTS_PER_HOUR_PER_ADDRESS,
      importMaxBytes: e.IMPORT_MAX_BYTES,
      importMaxActions: e.IMPORT_MAX_ACTIONS,
      chatPerMinute: e.CHAT_PER_MINUTE,
      chatPerMatchPerSender: e.CHAT_PER_MATCH_PER_SENDER,
      chatPerMatchChannel: e.CHAT_PER_MATCH_CHANNEL,
      matchCacheBytes: e.MATCH_CACHE_BYTES,
    },
    scryptCost: e.SCRYPT_COST,
    notifyRetryDelaysMs: [1_000, 10_000, 60_000],
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    autoPassDelayMs: { ...AUTO_PASS_DELAY_MS },
    bots: {
      workers: e.BOT_WORKERS,
      queueMax: e.BOT_QUEUE_MAX,
      leaseMs: e.BOT_LEASE_MS,
      sweepMs: e.BOT_SWEEP_MS,
      paceMs: e.BOT_PACE_MS,
      nice: e.BOT_NICE,
    },
    operators: (e.OPERATORS ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== ''),
  };
}

export const usesDevSessionSecret = (config: Config) => config.sessionSecret === DEV_SESSION_SECRET;
