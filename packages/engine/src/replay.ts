import type { GameEvent } from './events.ts';
import type { GameModule, Seat } from './game.ts';
import type { JsonObject } from './json.ts';

export interface RecordedAction {
  seat: Seat;
  action: JsonObject;
}

export interface MatchRecord {
  game: string;
  scenario: string;
  options: JsonObject;
  seed: string;
  actions: RecordedAction[];
}

/** Replays a record from its seed; throws if any recorded action is refused. */
export function replay<S extends object>(
  game: GameModule<S, object>,
  record: MatchRecord,
  onStep?: (state: S, events: GameEvent[], index: number) => void,
): S {
  let state = game.setup(record.scenario, record.options, record.seed);
  record.actions.forEach(({ seat, action }, index) => {
    const result = game.apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `action ${index} (${JSON.stringify(action)}) was refused: ${result.error.code} ${result.error.message}`,
      );
    }
    state = result.state;
    onStep?.(state, result.events, index);
  });
  return state;
}
