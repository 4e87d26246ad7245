import type { GameEvent, GameModule, JsonObject } from '@salient/engine';

export interface ReplayInput {
  scenario: string;
  options: JsonObject;
  seed: string;
  actions: { seat: string; action: JsonObject }[];
}

/** Every position of a finished match, rebuilt in the browser with the same rules as the server. */
export interface Timeline {
  /** states[0] is the setup, states[i] the position after action i. */
  states: object[];
  events: GameEvent[][];
  /** The first position of each turn, for "jump to turn". */
  turns: { turn: string; index: number }[];
  /** Set when an action was refused: the record and these rules disagree from that step on. */
  brokenAt: number | null;
}

export function buildTimeline(game: GameModule, record: ReplayInput): Timeline {
  let state: object = game.setup(record.scenario, record.options, record.seed);
  const states = [state];
  const events: GameEvent[][] = [[]];
  const turns = [{ turn: game.status(state).turn, index: 0 }];
  let brokenAt: number | null = null;
  for (const [i, { seat, action }] of record.actions.entries()) {
    const result = game.apply(state, seat, action);
    if (!result.ok) {
      brokenAt = i + 1;
      break;
    }
    state = result.state;
    states.push(state);
    events.push(result.events);
    const turn = game.status(state).turn;
    if (turns[turns.length - 1]?.turn !== turn) turns.push({ turn, index: states.length - 1 });
  }
  return { states, events, turns, brokenAt };
}

export function clampStep(index: number, timeline: Timeline): number {
  return Math.min(timeline.states.length - 1, Math.max(0, Math.trunc(index)));
}

/** The step a key press leads to, or null when the key is not a replay key. */
export function stepForKey(key: string, index: number, timeline: Timeline): number | null {
  switch (key) {
    case 'ArrowRight':
      return clampStep(index + 1, timeline);
    case 'ArrowLeft':
      return clampStep(index - 1, timeline);
    case 'Home':
      return 0;
    case 'End':
      return timeline.states.length - 1;
    case 'PageDown': {
      const next = timeline.turns.find((t) => t.index > index);
      return next ? next.index : timeline.states.length - 1;
    }
    case 'PageUp': {
      const prev = [...timeline.turns].reverse().find((t) => t.index < index);
      return prev ? prev.index : 0;
    }
    default:
      return null;
  }
}
