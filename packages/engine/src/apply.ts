import { RuleViolation } from './errors.ts';
import { EventLog, isIrreversible } from './events.ts';
import type { ApplyResult } from './game.ts';
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
