import { CommonErrorCode, RuleViolation, violation } from './errors.ts';
import { EventLog, isIrreversible } from './events.ts';
import type { ApplyResult, Seat } from './game.ts';
import { isJsonObject, type JsonObject } from './json.ts';
import type { RngState } from './rng.ts';

/**
 * Runs a game's mutation on a private copy and turns rule violations into errors, so `apply`
 * keeps its promise: the caller's state is never touched and nothing is thrown.
 */
export function applyOnCopy<S extends { rng: RngState }>(
  state: S,
  copy: (state: S) => S,
  mutate: (draft: S, log: EventLog) => void,
): ApplyResult<S> {
  const draft = copy(state);
  const log = new EventLog([...state.rng] as RngState);
  try {
    mutate(draft, log);
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: { code: err.code, message: err.message } };
    const message = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      error: { code: 'INTERNAL_ERROR', message: `the rules failed on this action: ${message}` },
    };
  }
  draft.rng = log.rng;
  return { ok: true, state: draft, events: log.events, undoable: !log.events.some(isIrreversible) };
}

/** An action as a game's apply reads it once the common checks have passed. */
export type TypedAction = JsonObject & { type: string };

/** The action, if it is an object with a string type; MALFORMED_ACTION otherwise. */
export function typedAction(action: unknown): TypedAction {
  if (!isJsonObject(action) || typeof action.type !== 'string') {
    violation(CommonErrorCode.Malformed, 'an action is an object with a string type');
  }
  return action as TypedAction;
}

/**
 * What a game's table says of an action type (the phases it belongs to, say); UNKNOWN_ACTION when
 * the table, and so the game `title`, has no such action.
 */
export function actionEntry<T>(table: Readonly<Record<string, T>>, type: string, title: string): T {
  if (!Object.hasOwn(table, type))
    violation(CommonErrorCode.UnknownAction, `there is no action ${type} in ${title}`);
  return table[type]!;
}

/** GAME_OVER once the game is over, else NOT_YOUR_TURN unless `seat` is among those to act. */
export function checkMayAct(over: boolean, toAct: readonly Seat[], seat: Seat): void {
  if (over) violation(CommonErrorCode.GameOver, 'the game is over');
  if (!toAct.includes(seat)) violation(CommonErrorCode.NotYourTurn, `${seat} has nothing to decide now`);
}
