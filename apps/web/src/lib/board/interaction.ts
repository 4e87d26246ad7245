import {
  type Action,
  actionFromChoice,
  type Choice,
  type ChoiceOption,
  type ChoiceParam,
  type Json,
} from '@salient/engine';

/**
 * What the player is doing with the board: which piece is selected and which choice, if any, is being
 * filled in. Kept apart from Svelte so the rules of clicking can be tested on their own.
 */
export interface Interaction {
  selectedPiece: string | null;
  /** A choice being built parameter by parameter; `picks` holds what is chosen so far. */
  active: ActiveChoice | null;
}

export interface ActiveChoice {
  choice: Choice;
  picks: Record<string, Json>;
  /** 'some' parameters the player has confirmed; a 'one' parameter is settled once it has a value. */
  settled: string[];
}

export const idle: Interaction = { selectedPiece: null, active: null };

/**
 * A location the board marks. Clicking it either picks `pick.option` for `pick.param` of `choice`,
 * or (when `pick` is null) starts `choice` itself: a choice about that location, such as a target.
 */
export interface LocHighlight {
  loc: string;
  choice: Choice;
  pick: { param: ChoiceParam; option: ChoiceOption } | null;
  label: string;
  cost?: number;
  picked: boolean;
}

/** What a click does: nothing, a new interaction state, or an action to send to the server. */
export type ClickResult =
  | { kind: 'none' }
  | { kind: 'state'; state: Interaction }
  | { kind: 'send'; action: Action };

export function selectablePieces(choices: readonly Choice[]): Set<string> {
  const out = new Set<string>();
  for (const c of choices) if (c.piece !== undefined) out.add(c.piece);
  return out;
}

/** The first parameter of the active choice still waiting for a value ('some' stays open until confirmed). */
export function pendingParam(active: ActiveChoice): ChoiceParam | null {
  const open = (p: ChoiceParam) =>
    p.kind === 'some' ? !active.settled.includes(p.name) : active.picks[p.name] === undefined;
  return active.choice.params.find(open) ?? null;
}

function isPicked(active: ActiveChoice, param: ChoiceParam, option: ChoiceOption): boolean {
  const v = active.picks[param.name];
  if (param.kind === 'some') return Array.isArray(v) && v.some((x) => sameValue(x, option.value));
  return v !== undefined && sameValue(v, option.value);
}

export function sameValue(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The locations to mark. With a choice being built: the locations of its pending parameter's options.
 * With a piece selected: the locations of the first parameter of each of that piece's choices.
 * With nothing selected: the locations that choices of no piece are about (targets to bombard).
 */
export function locHighlights(choices: readonly Choice[], state: Interaction): Map<string, LocHighlight> {
  const out = new Map<string, LocHighlight>();
  const mark = (loc: string, choice: Choice, param: ChoiceParam, option: ChoiceOption, picked: boolean) => {
    if (!out.has(loc))
      out.set(loc, { loc, choice, pick: { param, option }, label: option.label, cost: option.cost, picked });
  };
  if (state.active) {
    const active = state.active;
    const param = pendingParam(active);
    if (!param) return out;
    for (const option of param.options) {
      if (option.loc !== undefined)
        mark(option.loc, active.choice, param, option, isPicked(active, param, option));
    }
    return out;
  }
  if (state.selectedPiece === null) {
    for (const choice of choices) {
      if (choice.piece !== undefined || choice.loc === undefined || out.has(choice.loc)) continue;
      out.set(choice.loc, {
        loc: choice.loc,
        choice,
        pick: null,
        label: choice.label,
        ...costOf(choice),
        picked: false,
      });
    }
    return out;
  }
  for (const choice of choices) {
    if (choice.piece !== state.selectedPiece) continue;
    const param = choice.params[0];
    if (!param) continue;
    for (const option of param.options)
      if (option.loc !== undefined) mark(option.loc, choice, param, option, false);
  }
  return out;
}

/**
 * What starting a choice about a location costs, when every option of its first parameter costs the
 * same (a space to activate, whatever it is activated for): shown on the map before it is clicked.
 */
function costOf(choice: Choice): { cost?: number } {
  const costs = new Set(choice.params[0]?.options.map((o) => o.cost));
  const [only] = costs;
  return costs.size === 1 && only !== undefined ? { cost: only } : {};
}

/** Pieces the pending parameter lets one pick by clicking them, and whether each is picked. */
export function pieceHighlights(state: Interaction): Map<string, { option: ChoiceOption; picked: boolean }> {
  const out = new Map<string, { option: ChoiceOption; picked: boolean }>();
  if (!state.active) return out;
  const param = pendingParam(state.active);
  if (!param) return out;
  for (const option of param.options) {
    if (option.piece !== undefined)
      out.set(option.piece, { option, picked: isPicked(state.active, param, option) });
  }
  return out;
}

/** Sets a parameter's value and sends the action once nothing is left to choose. */
export function pick(
  state: Interaction,
  choice: Choice,
  param: ChoiceParam,
  option: ChoiceOption,
): ClickResult {
  const active = state.active?.choice === choice ? state.active : { choice, picks: {}, settled: [] };
  if (param.kind === 'some') {
    const current = pickedValues(active, param);
    const has = current.some((v) => sameValue(v, option.value));
    if (!has && current.length >= param.max) return { kind: 'none' };
    const next = has ? current.filter((v) => !sameValue(v, option.value)) : [...current, option.value];
    return {
      kind: 'state',
      state: { ...state, active: { ...active, picks: { ...active.picks, [param.name]: next } } },
    };
  }
  return advance(state, { ...active, picks: { ...active.picks, [param.name]: option.value } });
}

/** Starts building a choice, or sends it at once when it has nothing to choose. */
export function begin(state: Interaction, choice: Choice): ClickResult {
  return advance(state, { choice, picks: {}, settled: [] });
}

/** Confirms a 'some' parameter's selection when its count is allowed, and moves on. */
export function confirmSome(state: Interaction): ClickResult {
  const active = state.active;
  if (!active) return { kind: 'none' };
  const param = pendingParam(active);
  if (param?.kind !== 'some') return { kind: 'none' };
  const picked = pickedValues(active, param);
  if (picked.length < param.min || picked.length > param.max) return { kind: 'none' };
  return advance(state, {
    ...active,
    picks: { ...active.picks, [param.name]: picked },
    settled: [...active.settled, param.name],
  });
}

export function canConfirm(state: Interaction): boolean {
  return confirmSome(state).kind !== 'none';
}

export function pickedValues(active: ActiveChoice, param: ChoiceParam): Json[] {
  const v = active.picks[param.name];
  return Array.isArray(v) ? v : [];
}

/**
 * Sends the action once every parameter is set, except that a choice that rolls dice or reveals
 * something waits for an explicit commit, so the player sees what it will be (and its preview) first.
 */
function advance(state: Interaction, active: ActiveChoice): ClickResult {
  if (pendingParam(active) === null && !active.choice.irreversible) {
    return { kind: 'send', action: actionFromChoice(active.choice, active.picks) };
  }
  return { kind: 'state', state: { selectedPiece: state.selectedPiece, active } };
}

/** The finished action of the choice being built, or null while parameters are still open. */
export function completeAction(state: Interaction): Action | null {
  const active = state.active;
  if (!active || pendingParam(active) !== null) return null;
  return actionFromChoice(active.choice, active.picks);
}

/**
 * The action as built so far, with the parameters already given (a 'some' parameter with what is
 * picked before it is confirmed) and the open ones left out: what a game's preview can already
 * forecast while the player is still choosing, e.g. the odds of an attack as attackers are added.
 */
export function draftAction(state: Interaction): Action | null {
  const active = state.active;
  if (!active) return null;
  const action: Action = { type: active.choice.action, ...active.choice.base };
  for (const param of active.choice.params) {
    const picked = active.picks[param.name];
    if (picked !== undefined) action[param.name] = picked;
  }
  return action;
}

/** Commits a finished irreversible choice. */
export function commit(state: Interaction): ClickResult {
  const action = completeAction(state);
  return action === null ? { kind: 'none' } : { kind: 'send', action };
}

/**
 * A click on a location: picks the highlighted option there, starts the choice about it, or selects
 * the top selectable piece (one's own units come before a choice about their hex).
 */
export function clickLoc(
  choices: readonly Choice[],
  state: Interaction,
  loc: string,
  piecesAt: readonly string[],
): ClickResult {
  const target = locHighlights(choices, state).get(loc);
  if (target?.pick) return pick(state, target.choice, target.pick.param, target.pick.option);
  const selectable = selectablePieces(choices);
  const candidates = piecesAt.filter((p) => selectable.has(p));
  if (target && candidates.length === 0) return begin(state, target.choice);
  if (candidates.length === 0) {
    return state.selectedPiece === null && state.active === null
      ? { kind: 'none' }
      : { kind: 'state', state: idle };
  }
  // Clicking a stack again cycles through its selectable pieces.
  const i = state.selectedPiece === null ? -1 : candidates.indexOf(state.selectedPiece);
  const next = candidates[(i + 1) % candidates.length]!;
  return { kind: 'state', state: { selectedPiece: next, active: null } };
}

/** A click on one counter: picks it for the pending parameter, or selects it. */
export function clickPiece(choices: readonly Choice[], state: Interaction, piece: string): ClickResult {
  if (state.active) {
    const param = pendingParam(state.active);
    const option = param?.options.find((o) => o.piece === piece);
    if (param && option) return pick(state, state.active.choice, param, option);
  }
  if (selectablePieces(choices).has(piece))
    return { kind: 'state', state: { selectedPiece: piece, active: null } };
  return { kind: 'none' };
}

/**
 * A finished action the player would send without ever having seen its forecast, held back as a
 * choice ready to commit so the forecast shows first (declaring an attack by picking its target: the
 * game forecasts the attack, but not the declaration before a target is picked). Returns null when
 * the action may go at once: the game forecasts nothing for it, the forecast was already on screen
 * while it was built (attackers being added), or no offered choice matches it.
 */
export function holdForForecast(
  choices: readonly Choice[],
  action: Action,
  forecasts: (action: Action) => boolean,
): Interaction | null {
  const choice = choices.find((c) => matches(c, action));
  const last = choice?.params.at(-1);
  // A 'some' parameter is shown with its forecast while picked, before it is confirmed (draftAction).
  if (!choice || !last || choice.irreversible || last.kind === 'some') return null;
  if (!forecasts(action)) return null;
  const before: Action = { ...action };
  delete before[last.name];
  if (forecasts(before)) return null;
  const picks: Record<string, Json> = {};
  for (const p of choice.params) {
    const v = action[p.name];
    if (v === undefined) return null;
    picks[p.name] = v;
  }
  const settled = choice.params.filter((p) => p.kind === 'some').map((p) => p.name);
  return { selectedPiece: null, active: { choice, picks, settled } };
}

/** Whether an action is one built from this choice: its type, its fixed values and its parameters. */
function matches(choice: Choice, action: Action): boolean {
  if (choice.action !== action.type) return false;
  for (const [k, v] of Object.entries(choice.base))
    if (!sameValue(action[k] as Json, v as Json)) return false;
  return choice.params.every((p) => action[p.name] !== undefined);
}
