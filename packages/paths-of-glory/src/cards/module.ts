import type { Choice, ChoiceOption, EventLog, JsonObject } from '@salient/engine';
import type { PogState, Readable, Side } from '../types.ts';

/**
 * One strategy card's event as a small module (docs/cards.md). The card's number and side name its
 * file: `src/cards/ap/17-italy.ts` is Allied card 17. The framework (src/cards/index.ts, events.ts)
 * does what every event shares: the side and combat-card checks, the once-a-turn reinforcement and
 * neutral entry limits, war status (9.5.1.3), discarding or removing the card (9.5.1.2) and the log;
 * a module says only what its own card adds.
 */
export interface CardModule {
  /** The card's id, `ap-17`. */
  id: string;
  /** What the event does, in this project's words (the published texts are never reproduced). */
  text: string;
  /** A neutral entry event (9.5.2.2): at most one a turn, whichever side plays it. */
  neutralEntry?: boolean;
  /**
   * The card's own condition for play as an event, on top of the framework's. Built from what a
   * seat's view holds, like every choice.
   */
  playable?(state: Readable, side: Side): boolean;
  /**
   * Carries the event out once the card has left the hand and war status has risen (reinforcement
   * cards need none: the framework brings their units). Returns `done`
   * to end the action round, `{ step }` to ask the player (see `choices`), or `phase` when it has
   * opened another phase itself (operations with the card, a placement) that ends the round.
   */
  play?(state: PogState, log: EventLog, side: Side): EventResult;
  /**
   * For reinforcement cards whose units arrive somewhere else than the capital, supply sources and
   * reserve box (9.5.3.2-9.5.3.3 exceptions): the spaces where `unit` may be placed. The framework
   * then places every unit this gives spaces for through the placement phase.
   */
  entry?(state: Readable, unit: string): string[];
  /** For events asking a question: the choices of step `step`; every action's type is `cardEvent`. */
  choices?(state: Readable, side: Side, step: JsonObject): Choice[];
  /** Applies a `cardEvent` action the choices offered; returns what comes next as `play` does. */
  resolve?(state: PogState, log: EventLog, side: Side, action: JsonObject, step: JsonObject): EventResult;
}

/**
 * What follows an event: `done` ends the action round as an event, `doneAsSr` as a strategic
 * redeployment (Salonika, 9.5.2.4), `phase` when the module opened another phase, `step` asks a
 * question, of `actor` when the other side answers it (War in Africa).
 */
export type EventResult = 'done' | 'doneAsSr' | 'phase' | { step: JsonObject; actor?: Side };

/**
 * A `cardEvent` choice with at most one parameter. When a step offers several choices, give each a
 * different `base` (`{ pick: 'corps' }`, `{ pick: 'done' }`): an action is matched to the first
 * choice whose base it carries.
 */
export function eventChoice(
  label: string,
  base: JsonObject,
  param?: { name: string; label: string; options: ChoiceOption[] },
  extra: Partial<Choice> = {},
): Choice {
  return {
    action: 'cardEvent',
    label,
    base,
    params: param ? [{ ...param, kind: 'one' as const }] : [],
    ...extra,
  };
}

/** The turn each module event was played in, for "on any following turn" conditions (16.3.4, 16.4.6). */
export const playedOnTurn = (state: Readable, key: string): number | undefined => state.eventTurns?.[key];

/** Whether event `key` was played on an earlier turn than this one. */
export function playedBefore(state: Readable, key: string): boolean {
  const t = playedOnTurn(state, key);
  return t !== undefined && t < state.turn;
}

/** Moves the VP marker by `delta` (positive: towards the Central Powers) with a line in the log. */
export function moveVp(state: PogState, log: EventLog, delta: number, why: string): void {
  state.vp += delta;
  log.add({ type: 'vp', text: `${why}: VP ${state.vp}`, vp: state.vp });
}
