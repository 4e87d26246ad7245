import type { BoardSpec, Presentation } from './board.ts';
import type { BotKnowledge } from './botHooks.ts';
import type { GameError } from './errors.ts';
import type { GameEvent } from './events.ts';
import type { Json, JsonObject } from './json.ts';
import type { Selection, SelectionOverlay } from './overlay.ts';

export type Seat = string;

/** An action is a plain JSON object whose `type` names what is done. */
export interface Action extends JsonObject {
  type: string;
}

export interface SeatInfo {
  id: Seat;
  name: string;
}

export interface ScenarioOption {
  id: string;
  label: string;
  /** Allowed values; the first is the default. */
  values: Json[];
}

export interface ScenarioInfo {
  id: string;
  name: string;
  description: string;
  seats: SeatInfo[];
  options: ScenarioOption[];
}

/**
 * One value the player may pick for a parameter. `loc` and `piece` let a generic board highlight
 * where the option is; `cost` and `detail` are shown beside it.
 */
export interface ChoiceOption {
  value: Json;
  label: string;
  loc?: string;
  piece?: string;
  cost?: number;
  detail?: JsonObject;
}

export type ChoiceParam =
  | { name: string; label: string; kind: 'one'; options: ChoiceOption[] }
  | { name: string; label: string; kind: 'some'; options: ChoiceOption[]; min: number; max: number };

/**
 * A thing a seat may do now. The action sent is `{ type: action, ...base, [param.name]: picked }`:
 * for a 'one' parameter the picked option's value, for 'some' an array of the picked values.
 * Every combination the parameters allow is a legal action, so a bot can enumerate or sample them
 * and a client can render them without knowing the game.
 */
export interface Choice {
  action: string;
  label: string;
  base: JsonObject;
  params: ChoiceParam[];
  /** The piece the choice belongs to: the board offers it when that piece is selected. */
  piece?: string;
  /** The location the choice is about (a target hex, a hex to place in). */
  loc?: string;
  /** Taking this choice rolls dice or reveals information, so it cannot be undone. */
  irreversible?: boolean;
  /**
   * This choice declines an optional play ("no combat card") and has no parameters. When it is the
   * only thing a seat may do, a player who opted in has the server take it for them after a short
   * random wait, so neither the prompt nor its timing tells the opponent what the seat holds.
   */
  autoPass?: true;
}

export interface Preview {
  title: string;
  facts: { label: string; value: string }[];
  /** Possible results with their chances, summing to 1. */
  outcomes: { label: string; chance: number }[];
}

export interface Outcome {
  /** null for a draw. */
  winner: Seat | null;
  reason: string;
}

export interface Status {
  /** Human-readable turn and phase, for lists and headers. */
  turn: string;
  phase: string;
  /** Seats that must act before the game can go on. */
  toAct: Seat[];
}

export type ApplyResult<S> =
  | { ok: true; state: S; events: GameEvent[]; undoable: boolean }
  | { ok: false; error: GameError };

/**
 * The contract every game fulfils; the server and the client use nothing else.
 * S is the full state (plain JSON, including the generator's state); V is what one seat, or a
 * spectator (seat null), may see. `choices` reads only what the seat's view holds, so the client can
 * compute it from its view and the server from the full state, with the same result.
 */
export interface GameModule<S extends object = object, V extends object = object> {
  id: string;
  title: string;
  /**
   * Changed whenever the shape of the state or what an action does changes (a rules correction, a
   * new field): the server keeps it with every saved state and never resumes a match from a state
   * another version saved; it replays the match's actions from its seed instead. Absent: the game
   * has kept one version since states were first saved.
   */
  rulesVersion?: string;
  scenarios: ScenarioInfo[];
  /** The map and the static data a board needs to draw this scenario. */
  board(scenarioId: string): BoardSpec;
  setup(scenarioId: string, options: JsonObject, seed: string): S;
  status(state: S | V): Status;
  choices(state: S | V, seat: Seat): Choice[];
  /** Never throws and never mutates `state`: an illegal or malformed action gives an error. */
  apply(state: S, seat: Seat, action: unknown): ApplyResult<S>;
  view(state: S, seat: Seat | null): V;
  /**
   * What an action would risk before it is taken (an attack's odds), for a player deciding; null
   * when the game has nothing to say about it. The client also asks while the action is being
   * built, with the parameters not yet chosen left out: answer null until there is enough to say.
   */
  preview?(view: V, seat: Seat, action: Action): Preview | null;
  /**
   * What to draw for what the player has selected (a commander's radius, a weapon's range and line
   * of sight with the chances per target); null when there is nothing to show. Read from the view
   * alone, like `choices`, and never sent to the server.
   */
  inspect?(view: V, seat: Seat | null, selection: Selection): SelectionOverlay | null;
  /** What a board draws of a view: pieces, markers, control, boxes and tracks. */
  present(view: V, seat: Seat | null): Presentation;
  outcome(state: S | V): Outcome | null;
  /** What a computer player may use beyond the rules (botHooks.ts); the bot plays without it too. */
  bot?: BotKnowledge<S, V>;
}
