import type { GameEvent, JsonObject } from '@salient/engine';
import { ServerErrorCode, timeControl } from '@salient/protocol';
import type { Db } from '../db/database.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { nextDeadline } from './clocks.ts';
import type { GameRegistry } from './liveMatch.ts';

const json = (v: unknown) => v as import('../generated/prisma/client.ts').Prisma.InputJsonValue;

/** What a rewind found and did. */
export type RewindResult =
  | { matchId: string; rewound: false; seq: number }
  | {
      matchId: string;
      rewound: true;
      /** The steps set aside: the first that the rules now refuse, and every step in force after it. */
      setAside: number[];
      /** Why the first was refused. */
      refusal: string;
      /** The match's step after the rewind (the rewind is a step of its own, as an undo is). */
      seq: number;
    };

/**
 * Puts a match that the rules no longer replay back into play (an operator's tool: `pnpm --filter
 * @salient/server rewind -- <match id>`). When a rules correction refuses one of a match's steps,
 * the match cannot be loaded (RULES_CHANGED) and nobody can play on. The rewind sets that step and
 * every later one aside, as an undo would: they stay in the database marked undone, with a step that
 * says why, and play goes on from the last position the rules still reach. Only an active match:
 * a finished one keeps its result and its record. A match the rules still replay is left as it is.
 * Two rewinds at once, or a step landing meanwhile, cannot both succeed: the match row's step
 * number is the condition of the update.
 */
export async function rewindToRules(
  db: Db,
  findGame: GameRegistry,
  matchId: string,
  now = Date.now(),
): Promise<RewindResult> {
  const row = await db.match.findUnique({ where: { id: matchId } });
  if (!row) throw notFound('match');
  const game = findGame(row.game);
  if (!game) throw new AppError(ServerErrorCode.UnknownGame, `this server does not host ${row.game}`, 500);
  const steps = await db.matchAction.findMany({
    where: { matchId, kind: 'action', undone: false },
    select: { seq: true, seat: true, action: true },
    orderBy: { seq: 'asc' },
  });
  // From the seed: a snapshot is a state the old rules made, the very thing in doubt.
  let state: object = game.setup(row.scenario, row.options as JsonObject, row.seed);
  let refused = -1;
  let refusal = '';
  for (const [i, step] of steps.entries()) {
    const result = game.apply(state, step.seat, step.action);
    if (!result.ok) {
      refused = i;
      refusal = `${result.error.code}: ${result.error.message}`;
      break;
    }
    state = result.state;
  }
  if (refused < 0) return { matchId, rewound: false, seq: row.seq };
  if (row.imported)
    throw conflict(ServerErrorCode.MatchNotActive, 'an imported record is an archive: it is kept as it is');
  if (row.status !== 'active')
    throw conflict(
      ServerErrorCode.MatchNotActive,
      `the match is ${row.status}: its result stands and its record is kept as it is`,
    );

  const setAside = steps.slice(refused).map((s) => s.seq);
  const first = setAside[0]!;
  const newSeq = row.seq + 1;
  const status = game.status(state);
  const outcome = game.outcome(state);
  const tc = timeControl.parse(row.timeControl);
  const toAct = outcome ? [] : status.toAct;
  const event: GameEvent = {
    type: 'undo',
    text:
      setAside.length === 1
        ? `The rules were corrected after step ${first} was played, and no longer allow it: it was set aside, and play goes on from before it`
        : `The rules were corrected after steps ${first}-${setAside.at(-1)} were played, and no longer allow step ${first}: those ${setAside.length} steps were set aside, and play goes on from before them`,
    seq: first,
  };
  await db.$transaction(async (tx) => {
    const moved = await tx.match.updateMany({
      where: { id: matchId, seq: row.seq, status: 'active' },
      data: {
        seq: newSeq,
        status: outcome ? 'finished' : 'active',
        turn: status.turn,
        phase: status.phase,
        toAct: json(toAct),
        outcome: outcome ? json(outcome) : undefined,
        finishedAt: outcome ? new Date(now) : null,
        // The time the match stood unplayable is nobody's: the clocks run again from now.
        clockSince: row.clock ? new Date(now) : null,
        deadline: nextDeadline(
          { timeControl: tc, status: outcome ? 'finished' : 'active', imported: false, toAct },
          now,
        ),
        updatedAt: new Date(now),
      },
    });
    if (moved.count !== 1)
      throw conflict(ServerErrorCode.StaleSeq, 'the match changed during the rewind: run it again');
    await tx.matchAction.updateMany({ where: { matchId, seq: { in: setAside } }, data: { undone: true } });
    await tx.matchAction.create({
      data: {
        matchId,
        seq: newSeq,
        kind: 'undo',
        // A step row names a seat: the one whose step the rules refused, as an undo names the taker.
        seat: steps[refused]!.seat,
        events: json([event]),
        undoable: false,
        undoes: json(setAside),
      },
    });
    await tx.matchSnapshot.deleteMany({ where: { matchId, seq: { gte: first } } });
  });
  return { matchId, rewound: true, setAside, refusal, seq: newSeq };
}
