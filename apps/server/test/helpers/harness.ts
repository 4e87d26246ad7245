import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Config, configFromEnv, type Limits } from '../../src/config.ts';
import type { DatabaseTarget } from '../../src/db/database.ts';
import type { AnyGame } from '../../src/matches/liveMatch.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { skirmish } from '../fixtures/skirmish.ts';

export { type ClientSocket, Player, type ReceivedUpdate, TestUser } from './clients.ts';

export const GENEROUS_LIMITS = {
  joinRatePerSecond: 10_000,
  socketsPerAccount: 10_000,
  socketsPerAddress: 10_000,
  openMatchesPerAccount: 10_000,
  openMatchesPerAddress: 10_000,
  unfinishedMatchesPerAccount: 10_000,
  createsPerMinutePerAccount: 10_000,
  createsPerMinutePerAddress: 10_000,
  importsPerHourPerAccount: 10_000,
  importsPerHourPerAddress: 10_000,
  chatPerMinute: 10_000,
} as const;

/** Settings for a test server; `limits` are merged into the generous ones. */
export type TestOverrides = Omit<Partial<Config>, 'limits'> & { limits?: Partial<Limits> };

export async function testConfig(database: DatabaseTarget, overrides: TestOverrides = {}): Promise<Config> {
  const { limits, ...rest } = overrides;
  const base = configFromEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SCRYPT_COST: '1024' });
  return {
    ...base,
    database,
    // No built client: the server serves the API only.
    webDist: path.join(tmpdir(), 'salient-no-web-client-here'),
    authRatePerMinute: 10_000,
    actionRatePerSecond: 10_000,
    ...rest,
    // Tests sign everyone up from 127.0.0.1: only the tests of the limits themselves set them low.
    limits: { ...base.limits, ...GENEROUS_LIMITS, ...limits },
  };
}

/** A server on the given database hosting the fixture game, or the games given. */
export async function startTestServer(
  database: DatabaseTarget,
  overrides: TestOverrides = {},
  games: AnyGame[] = [skirmish],
): Promise<RunningServer> {
  return startServer(await testConfig(database, overrides), {
    games,
    // The bot worker threads load the fixture game too.
    botGameModules: [new URL('../fixtures/skirmish.ts', import.meta.url).href],
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
}
