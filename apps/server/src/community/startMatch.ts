import { randomBytes, randomUUID } from 'node:crypto';
import type { JsonObject } from '@salient/engine';
import { ServerErrorCode, type TimeControl, type Visibility } from '@salient/protocol';
import { AppError } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { nextDeadline, startingClock } from '../matches/clocks.ts';
import { hashSeed } from '../matches/lifecycle.ts';
import type { AnyGame, GameRegistry, LiveMatch } from '../matches/liveMatch.ts';
import { checkOptions } from '../matches/options.ts';
import { recordStartingRatings, type Tx } from './ratings.ts';

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** What a challenge or a tournament asks of a match: checked as match creation checks it. */
export interface MatchSpec {
  game: string;
  scenario: string;
  options: JsonObject;
  timeControl: TimeControl;
  rated: boolean;
}

/** The game, scenario and options of a spec, or the error match creation would give. */
export function checkSpec(findGame: GameRegistry, spec: MatchSpec, seat?: string) {
  const game = findGame(spec.game);
  if (!game) throw new AppError(ServerErrorCode.UnknownGame, `no game ${spec.game}`);
  const scenario = game.scenarios.find((s) => s.id === spec.scenario);
  if (!scenario)
    throw new AppError(ServerErrorCode.UnknownScenario, `${game.title} has no scenario ${spec.scenario}`);
  if (seat !== undefined && !scenario.seats.some((s) => s.id === seat))
    throw new AppError(ServerErrorCode.UnknownSeat, `${scenario.name} has no seat ${seat}`);
  const checked = checkOptions(scenario.options, spec.options);
  if (!checked.ok) throw new AppError(ServerErrorCode.BadRequest, checked.message);
  return { game, scenario, options: checked.options };
}

/**
 * Creates a match with every seat already taken and starts it at once, in `tx`: what an accepted
 * challenge and a tournament's pairing make (no open seek in between, so no quotas for open
 * matches). The players' ratings at the start are stored with it. Returns the new match's id; the
 * caller loads it into the store once the transaction has committed.
 */
export async function createStartedMatch(
  tx: Tx,
  game: AnyGame,
  spec: MatchSpec & {
    visibility: Visibility;
    createdById: string;
    tournament?: { id: string; round: number };
  },
  seatUsers: Record<string, string>,
  now = Date.now(),
): Promise<string> {
  const scenario = game.scenarios.find((s) => s.id === spec.scenario)!;
  const seed = randomBytes(24).toString('base64url');
  const initial = game.setup(scenario.id, spec.options, seed);
  const status = game.status(initial);
  const id = randomUUID();
  // The clock and deadline as joining the last seat would set them.
  const started = { status: 'active', timeControl: spec.timeControl, toAct: status.toAct, imported: false };
  const clock = startingClock({
    ...started,
    seats: scenario.seats.map((s) => ({ seat: s.id })),
  } as LiveMatch);
  await tx.match.create({
    data: {
      id,
      game: game.id,
      scenario: scenario.id,
      options: json(spec.options),
      status: 'active',
      visibility: spec.visibility,
      inviteCode: spec.visibility === 'private' ? randomBytes(12).toString('base64url') : null,
      timeControl: json(spec.timeControl),
      seed,
      seedHash: hashSeed(seed),
      turn: status.turn,
      phase: status.phase,
      toAct: json(status.toAct),
      createdById: spec.createdById,
      rated: spec.rated,
      tournamentId: spec.tournament?.id ?? null,
      tournamentRound: spec.tournament?.round ?? null,
      clock: clock ? json(clock) : Prisma.DbNull,
      clockSince: clock ? new Date(now) : null,
      deadline: nextDeadline(started as LiveMatch, now),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      seats: {
        create: scenario.seats.map((s, position) => ({
          seat: s.id,
          position,
          userId: seatUsers[s.id] ?? null,
        })),
      },
    },
  });
  await recordStartingRatings(tx, id);
  return id;
}
