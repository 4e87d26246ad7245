import { randomUUID } from 'node:crypto';
import { determinizer } from '@salient/bot';
import { type GameModule, type JsonObject, rngFromSeed } from '@salient/engine';
import {
  type AnalysisMove,
  analysisRequest,
  MAX_ANALYSIS_BYTES,
  MAX_ANALYSIS_MOVES,
  type PublicUser,
  ServerErrorCode,
  type StoredAnalysis,
} from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, notFound, quotaExceeded } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { requireSight } from '../matches/access.ts';
import { type LiveMatch, seatOf } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import { type Positions, viewOf } from '../matches/positions.ts';

/** Analyses one player may store a day: each costs a replay of its moves and a row. */
export const MAX_ANALYSES_PER_DAY = 200;

/** What the tree column holds. */
interface StoredTree {
  draw: string | null;
  moves: AnalysisMove[];
}

const refused = (message: string) => new AppError(ServerErrorCode.AnalysisRefused, message, 400);

/**
 * Stored analysis-board lines (issue 25). The board runs in the browser; what it stores is replayed
 * here first, move by move, with the game's rules from the position it names, so a stored analysis
 * is always one the rules allow: a forged or damaged tree is refused (ANALYSIS_REFUSED) and nothing
 * is kept. An analysis is seen by whoever may see its match (a private match: its players and
 * invite holders; anyone else is told it does not exist).
 */
export class Analyses {
  constructor(
    private readonly db: Db,
    private readonly store: MatchStore,
    private readonly positions: Positions,
  ) {}

  async create(user: PublicUser, body: unknown): Promise<StoredAnalysis> {
    const req = analysisRequest.parse(body);
    if (req.moves.length > MAX_ANALYSIS_MOVES || JSON.stringify(req.moves).length > MAX_ANALYSIS_BYTES)
      throw new AppError(
        ServerErrorCode.AnalysisTooLarge,
        `an analysis may hold at most ${MAX_ANALYSIS_MOVES} moves and ${MAX_ANALYSIS_BYTES} bytes`,
        413,
      );
    const m = await this.store.fresh(req.matchId);
    requireSight(m, user, req.invite);
    const root = await this.startOf(m, user, req);
    replay(m.game, root, req.moves);
    const today = await this.db.analysis.count({
      where: { userId: user.id, createdAt: { gte: new Date(Date.now() - 86_400_000) } },
    });
    if (today >= MAX_ANALYSES_PER_DAY)
      throw quotaExceeded(`at most ${MAX_ANALYSES_PER_DAY} analyses a day may be stored`);
    const tree: StoredTree = { draw: req.draw, moves: req.moves };
    const row = await this.db.analysis.create({
      data: {
        id: randomUUID(),
        matchId: m.id,
        userId: user.id,
        startStep: req.startStep,
        seat: req.seat,
        tree: tree as unknown as Prisma.InputJsonValue,
      },
    });
    return this.view(row, m, user);
  }

  async read(id: string, user: PublicUser | null, invite: string | undefined): Promise<StoredAnalysis> {
    if (typeof id !== 'string' || id.length > 64) throw notFound('analysis');
    const row = await this.db.analysis.findUnique({ where: { id } });
    if (!row) throw notFound('analysis');
    const m = await this.store.fresh(row.matchId).catch(() => null);
    if (!m) throw notFound('analysis');
    try {
      requireSight(m, user, invite);
    } catch {
      throw notFound('analysis');
    }
    // A seat's analysis of a match under way shows that seat's view: its author's alone until the end.
    if (row.seat !== null && m.status !== 'finished' && user?.id !== row.userId) throw notFound('analysis');
    return this.view(row, m, user);
  }

  /**
   * The state the tree starts from. From the real position only when the match is finished: then
   * its record reveals everything anyway. A match under way is analysed only by one of its players,
   * from their own seat's view: what that seat cannot see is drawn from the view alone with the
   * game's determinization (the engine's `bot.determinize`, or the view with dice of its own), seeded
   * by `draw`, exactly as the board in the browser does, so the real hidden state is never used.
   */
  private async startOf(
    m: LiveMatch,
    user: PublicUser,
    req: { startStep: number; seat: string | null; draw: string | null },
  ): Promise<object> {
    if (req.seat === null) {
      if (m.status !== 'finished')
        throw new AppError(
          ServerErrorCode.AnalysisNotAllowed,
          'a match under way is analysed only by its players, from their own seat',
          403,
        );
      return (await this.positions.stateAt(m, req.startStep)).state;
    }
    if (seatOf(m, user.id) !== req.seat || req.draw === null)
      throw new AppError(
        ServerErrorCode.AnalysisNotAllowed,
        "an analysis from a seat's view is made by that seat's player, with its draw",
        403,
      );
    return fromSeatView(m.game, await this.seatView(m, req.startStep, req.seat), req.seat, req.draw);
  }

  /** The seat's view at a step, as the client received it (through JSON). */
  private async seatView(m: LiveMatch, step: number, seat: string): Promise<JsonObject> {
    const { state } = await this.positions.stateAt(m, step);
    return JSON.parse(JSON.stringify(viewOf(m.game, state, seat))) as JsonObject;
  }

  private async view(
    row: {
      id: string;
      matchId: string;
      userId: string;
      startStep: number;
      seat: string | null;
      tree: unknown;
      createdAt: Date;
    },
    m: LiveMatch,
    _viewer: PublicUser | null,
  ): Promise<StoredAnalysis> {
    const tree = row.tree as StoredTree;
    const by = await this.db.user.findUnique({
      where: { id: row.userId },
      select: { id: true, username: true },
    });
    return {
      id: row.id,
      matchId: row.matchId,
      game: m.gameId,
      scenario: m.scenario,
      startStep: row.startStep,
      seat: row.seat,
      draw: tree.draw,
      moves: tree.moves,
      startView: row.seat === null ? null : await this.seatView(m, row.startStep, row.seat),
      by: by ?? { id: row.userId, username: '?' },
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/**
 * Plays every move from `root`, each after its parent (which must come before it), as the board
 * does; throws ANALYSIS_REFUSED naming the first move that is malformed or that the rules refuse.
 */
export function replay(game: GameModule, root: object, moves: readonly AnalysisMove[]): void {
  const states: object[] = [];
  for (const [i, [parent, seat, action]] of moves.entries()) {
    if (parent >= i) throw refused(`move ${i + 1} follows a move that does not come before it`);
    const before = parent < 0 ? root : states[parent]!;
    const result = game.apply(before, seat, action as JsonObject);
    if (!result.ok)
      throw refused(`move ${i + 1} is refused by the rules (${result.error.code}): ${result.error.message}`);
    states.push(result.state);
  }
}

/** A full state built from a seat's view alone: what the seat cannot see drawn with `draw`. */
export function fromSeatView(game: GameModule, view: JsonObject, seat: string, draw: string): object {
  return determinizer(game, structuredClone(view), seat)(rngFromSeed(draw));
}
