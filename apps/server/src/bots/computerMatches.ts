import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isLevel, type Level } from '@salient/bot';
import {
  type ComputerMatchRequest,
  computerMatchRequest,
  type Hint,
  type MatchSummary,
  type PublicUser,
  ServerErrorCode,
} from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, conflict, forbidden } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Quotas } from '../limits/quotas.ts';
import { nextDeadline, startingClock } from '../matches/clocks.ts';
import { type GameRegistry, type LiveMatch, seatOf } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import { checkOptions } from '../matches/options.ts';
import type { MatchListener, MatchListsListener, Play } from '../matches/play.ts';
import { summaryFor } from '../matches/summary.ts';
import { viewFor } from '../realtime/views.ts';
import { decisionSeed } from './botPlayer.ts';
import type { BotPool } from './pool.ts';

const json = (v: unknown) => v as Prisma.InputJsonValue;

const unknownLevel = (level: unknown) =>
  new AppError(ServerErrorCode.UnknownLevel, `no computer strength ${String(level)}: easy, normal or hard`);

/** The strength hints are given at: the middle one, a fair "what would a decent player do". */
const HINT_LEVEL: Level = 'normal';

/**
 * Matches against the computer (or between two computers, for anyone to watch), and hints. Such a
 * match is created full and starts at once; it is never rated (its row says rated = false, which is
 * all the community layer's ratings look at) and is tagged `computer`.
 */
export class ComputerMatches {
  private readonly hintsInFlight = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly play: Play,
    private readonly listener: MatchListener & MatchListsListener,
    private readonly findGame: GameRegistry,
    private readonly quotas: Quotas,
    private readonly pool: BotPool,
  ) {}

  async create(user: PublicUser, body: ComputerMatchRequest, address: string): Promise<MatchSummary> {
    const req = computerMatchRequest.parse(body ?? {});
    const game = this.findGame(req.game);
    if (!game) throw new AppError(ServerErrorCode.UnknownGame, `no game ${req.game}`);
    const scenario = game.scenarios.find((s) => s.id === req.scenario);
    if (!scenario)
      throw new AppError(ServerErrorCode.UnknownScenario, `${game.title} has no scenario ${req.scenario}`);
    if (req.seat !== null && !scenario.seats.some((s) => s.id === req.seat))
      throw new AppError(ServerErrorCode.UnknownSeat, `${scenario.name} has no seat ${req.seat}`);
    if (!isLevel(req.level)) throw unknownLevel(req.level);
    const levels = new Map<string, Level>();
    for (const s of scenario.seats) if (s.id !== req.seat) levels.set(s.id, req.level);
    for (const [seat, level] of Object.entries(req.levels ?? {})) {
      if (!levels.has(seat))
        throw new AppError(ServerErrorCode.UnknownSeat, `${seat} is not a seat the computer plays here`);
      if (!isLevel(level)) throw unknownLevel(level);
      levels.set(seat, level);
    }
    const checked = checkOptions(scenario.options, req.options);
    if (!checked.ok) throw new AppError(ServerErrorCode.BadRequest, checked.message);
    await this.quotas.beforeCreate(user, address);
    const seed = randomBytes(24).toString('base64url');
    let initial: object;
    try {
      initial = game.setup(scenario.id, checked.options, seed);
    } catch (err) {
      throw new AppError(
        ServerErrorCode.BadRequest,
        `the game refused these options: ${(err as Error).message}`,
      );
    }
    const status = game.status(initial);
    const id = randomUUID();
    const now = Date.now();
    // The clock and deadline as a match that has just started has them (Lifecycle.start).
    const clock = startingClock({
      timeControl: req.timeControl,
      seats: scenario.seats.map((s) => ({ seat: s.id })),
    } as unknown as LiveMatch);
    const deadline = nextDeadline(
      { timeControl: req.timeControl, status: 'active', toAct: status.toAct } as unknown as LiveMatch,
      now,
    );
    await this.db.match.create({
      data: {
        id,
        game: game.id,
        scenario: scenario.id,
        options: json(checked.options),
        status: 'active',
        visibility: 'open',
        timeControl: json(req.timeControl),
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        turn: status.turn,
        phase: status.phase,
        toAct: json(status.toAct),
        createdById: user.id,
        createdFrom: this.quotas.addressKey(address),
        rated: false,
        computer: true,
        // Hints only for a person playing the computer: there is no other person to agree.
        hints: req.hints && req.seat !== null,
        clock: clock ? json(clock) : Prisma.DbNull,
        clockSince: clock ? new Date(now) : null,
        deadline,
        seats: {
          create: scenario.seats.map((s, position) => ({
            seat: s.id,
            position,
            userId: s.id === req.seat ? user.id : null,
            bot: levels.get(s.id) ?? null,
          })),
        },
      },
    });
    const m = await this.store.reload(id);
    this.play.scheduleFlag(m);
    this.listener.listsChanged(m);
    this.listener.summaryChanged(m);
    return summaryFor(m, req.seat);
  }

  /**
   * What the computer would play for the caller's seat now: the action a bot at normal strength
   * picks from the caller's own view. Only in a match created with hints (never a rated one), only
   * on the caller's turn, one hint at a time per player. Changes nothing.
   */
  async hint(matchId: string, user: PublicUser): Promise<Hint> {
    const m = await this.store.fresh(matchId);
    const seat = seatOf(m, user.id);
    if (!seat) throw forbidden('you hold no seat in this match');
    if (!m.hints || m.rated) throw conflict(ServerErrorCode.HintsOff, 'this match was created without hints');
    if (m.status !== 'active') throw conflict(ServerErrorCode.MatchNotActive, `the match is ${m.status}`);
    if (!m.toAct.includes(seat)) throw conflict(ServerErrorCode.Conflict, 'it is not your turn');
    if (this.hintsInFlight.has(user.id))
      throw conflict(ServerErrorCode.Conflict, 'the computer is still thinking about your last hint');
    this.hintsInFlight.add(user.id);
    try {
      const seq = m.seq;
      const answer = await this.pool.decide({
        game: m.gameId,
        view: viewFor(m, seat),
        seat,
        level: HINT_LEVEL,
        seed: `${decisionSeed(m.seed, seq)}:hint`,
      });
      if (!answer.ok)
        throw new AppError(ServerErrorCode.BotFailed, `the computer could not answer: ${answer.error}`, 503);
      return { seq, action: answer.action };
    } finally {
      this.hintsInFlight.delete(user.id);
    }
  }
}
