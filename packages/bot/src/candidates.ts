import {
  type Action,
  type Choice,
  type ChoiceParam,
  type Json,
  type Policy,
  pickAction,
  type RngState,
  rollInPlace,
  type Seat,
} from '@salient/engine';

/**
 * The actions a search node considers: every combination the offered choices allow when there are
 * few, a deterministic sample when there are many (a 'some' parameter alone can allow millions).
 * Their order is the order the tree widens in: the purposeful player's pick first, then the
 * game's move ordering, then the rest shuffled by the bot's own generator.
 */

/** A uniform integer in [0, n) from the bot's generator. */
export function pickFrom(rng: RngState): (n: number) => number {
  return (n) => rollInPlace(rng, n) - 1;
}

/** The key an action is known by in the tree (actions are built in one key order, so JSON will do). */
export function actionKey(action: Action): string {
  return JSON.stringify(action);
}

/**
 * A sampled action with the values of each 'some' parameter put back in the order offered, so the
 * same set picked in another order is the same action (and the same tree node).
 */
function sampled(choice: Choice, pick: (n: number) => number): Action {
  const action = pickAction(choice, pick);
  for (const param of choice.params) {
    if (param.kind !== 'some') continue;
    const picked = new Set((action[param.name] as Json[]).map((v) => JSON.stringify(v)));
    action[param.name] = param.options.map((o) => o.value).filter((v) => picked.has(JSON.stringify(v)));
  }
  return action;
}

/** Combinations of 'one' parameters beyond which a choice is sampled instead of enumerated. */
const ENUMERATE_LIMIT = 48;
/** Samples drawn from a choice too large to enumerate. */
const SAMPLES_PER_CHOICE = 12;

function productSize(params: ChoiceParam[]): number {
  let n = 1;
  for (const p of params) {
    if (p.kind === 'some') return Number.POSITIVE_INFINITY;
    n *= Math.max(1, p.options.length);
  }
  return n;
}

function enumerateChoice(choice: Choice): Action[] {
  let partial: Record<string, Json>[] = [{}];
  for (const param of choice.params) {
    if (param.kind !== 'one') return [];
    partial = partial.flatMap((p) => param.options.map((o) => ({ ...p, [param.name]: o.value })));
  }
  return partial.map((picks) => ({ type: choice.action, ...choice.base, ...picks }));
}

/** A 'some' parameter's natural extremes: everything it allows, and the smallest pick in order. */
function extremes(choice: Choice): Action[] {
  if (choice.params.length !== 1) return [];
  const param = choice.params[0]!;
  if (param.kind !== 'some') return [];
  const values = param.options.map((o) => o.value);
  const out: Action[] = [];
  const all = values.slice(0, param.max);
  if (all.length >= param.min) out.push({ type: choice.action, ...choice.base, [param.name]: all });
  if (param.min <= values.length)
    out.push({ type: choice.action, ...choice.base, [param.name]: values.slice(0, param.min) });
  return out;
}

export interface CandidateSource {
  policy: Policy | null;
  order: ((actions: Action[]) => Action[]) | null;
  /** Candidates kept per node at most. */
  limit: number;
}

/** The candidate actions of `seat` in `state`, deduplicated, in the order the search should try them. */
export function candidates(
  choices: Choice[],
  seat: Seat,
  state: object,
  rng: RngState,
  source: CandidateSource,
): Action[] {
  const pick = pickFrom(rng);
  const seen = new Set<string>();
  const first: Action[] = [];
  const rest: Action[] = [];
  const add = (list: Action[], action: Action) => {
    const key = actionKey(action);
    if (seen.has(key)) return;
    seen.add(key);
    list.push(action);
  };
  if (source.policy && choices.length > 0)
    add(first, sampled(source.policy(choices, seat, state, pick), pick));
  for (const choice of choices) {
    if (productSize(choice.params) <= ENUMERATE_LIMIT) {
      for (const a of enumerateChoice(choice)) add(rest, a);
    } else {
      for (const a of extremes(choice)) add(rest, a);
      for (let i = 0; i < SAMPLES_PER_CHOICE; i++) add(rest, sampled(choice, pick));
    }
  }
  // Shuffle (Fisher-Yates with the bot's generator), then let the game's ordering sort them.
  for (let i = rest.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  const ordered = source.order ? source.order(rest) : rest;
  return [...first, ...ordered].slice(0, Math.max(1, source.limit));
}
