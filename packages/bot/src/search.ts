import type { Action, GameModule, Outcome, Policy, RngState, Seat } from '@salient/engine';
import { pickAction, rngFromSeed } from '@salient/engine';
import { actionKey, type CandidateSource, candidates, pickFrom } from './candidates.ts';
import { determinizer } from './determinize.ts';
import { type Budget, LEVELS, type Level } from './levels.ts';

/**
 * Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012),
 * over nothing but the engine contract. Each iteration samples one full state consistent with the
 * seat's view (a determinization: hidden cards and sealed choices drawn, and a dice generator of
 * the bot's own), walks the one tree shared by all determinizations, choosing among the children
 * legal in this determinization by UCB with availability counts, widens the tree by one action,
 * plays on with the game's purposeful player for a few actions and scores the position with the
 * game's evaluation. The action most often chosen at the root is played. The package's README says why.
 */

export interface DecideOptions {
  /** Strength: easy, normal or hard (LEVELS); `budget` overrides any part of it. */
  level?: Level;
  /** The bot's own generator seed: the same seed and view give the same decision. */
  seed: string;
  budget?: Partial<Budget>;
  /** The clock for the time cap; performance.now by default. */
  now?: () => number;
}

export interface Decision {
  action: Action;
  /** Iterations actually run (0 when only one action was possible). */
  iterations: number;
  elapsedMs: number;
  /** The time cap stopped the search before its iterations were done. */
  timedOut: boolean;
  /** Candidate actions considered at the root. */
  candidates: number;
  /** Root actions the search tried at least once. */
  explored: number;
  /** The chosen action's mean score for the seat, 0 to 1 (0.5 when there was no search). */
  value: number;
}

interface Child {
  action: Action;
  key: string;
  visits: number;
  /** Sum of the scores for the seat that chose this action. */
  total: number;
  /** Iterations in which this action was legal at its parent: UCB's count for availability. */
  available: number;
  node: TreeNode | null;
}

interface TreeNode {
  visits: number;
  children: Map<string, Child>;
}

const EXPLORATION = 0.7;

function newNode(): TreeNode {
  return { visits: 0, children: new Map() };
}

function scoreOf(outcome: Outcome, seat: Seat): number {
  if (outcome.winner === null) return 0.5;
  return outcome.winner === seat ? 1 : 0;
}

/** Children a node may have after `visits` visits: progressive widening keeps wide nodes deep enough. */
function widthAt(visits: number): number {
  return 1 + Math.floor(Math.sqrt(visits * 2));
}

/** The seat that decides next, or null when the game is over or nobody can act. */
function actingSeat(game: GameModule, state: object): Seat | null {
  if (game.outcome(state) !== null) return null;
  return game.status(state).toAct[0] ?? null;
}

export function decide<S extends object, V extends object>(
  game: GameModule<S, V>,
  view: V,
  seat: Seat,
  options: DecideOptions,
): Decision {
  const g = game as unknown as GameModule;
  const level = LEVELS[options.level ?? 'normal'];
  const scaled = Math.max(2, Math.round(level.iterations / (g.bot?.cost ?? 1)));
  const depth = Math.min(level.depth, g.bot?.maxDepth ?? level.depth);
  const budget: Budget = { ...level, iterations: scaled, depth, ...options.budget };
  const now = options.now ?? (() => performance.now());
  const started = now();
  const rng: RngState = rngFromSeed(`bot:${options.seed}`);
  if (g.outcome(view) !== null) throw new Error('the game is over');
  if (!g.status(view).toAct.includes(seat)) throw new Error(`${seat} has nothing to decide now`);

  const hooks = g.bot ?? {};
  const policy: Policy | null = hooks.playout ?? null;
  const sourceFor = (state: object, s: Seat): CandidateSource => ({
    policy,
    order: hooks.order ? (actions) => hooks.order!(state, s, actions) : null,
    limit: budget.breadth,
  });
  const rootActions = candidates(g.choices(view, seat), seat, view, rng, sourceFor(view, seat));
  if (rootActions.length === 0) throw new Error(`${seat} is to act but has no choices`);
  let explored = 0;
  const done = (action: Action, iterations: number, timedOut: boolean, value: number): Decision => ({
    action,
    iterations,
    elapsedMs: now() - started,
    timedOut,
    candidates: rootActions.length,
    explored,
    value,
  });
  if (rootActions.length === 1) return done(rootActions[0]!, 0, false, 0.5);

  const determinize = determinizer(g, view, seat);
  const evaluate = (state: object, s: Seat): number => {
    const outcome = g.outcome(state);
    if (outcome) return scoreOf(outcome, s);
    return hooks.evaluate ? hooks.evaluate(state, s) : 0.5;
  };
  const pick = pickFrom(rng);
  const uniform: Policy = (choices) => choices[pick(choices.length)]!;
  const playoutPolicy = policy ?? uniform;

  const root = newNode();
  let iterations = 0;
  let timedOut = false;
  while (iterations < budget.iterations) {
    if (iterations > 0 && now() - started > budget.maxMs) {
      timedOut = true;
      break;
    }
    iterations++;
    let state = determinize(rng);
    let node = root;
    const path: { child: Child; seat: Seat }[] = [];
    let expanded = false;
    // Selection and expansion: down the tree while every step was already there.
    while (!expanded) {
      // At the root it is this seat's decision, even where several seats act at once (sealed orders).
      const s = node === root ? seat : actingSeat(g, state);
      if (s === null) break;
      const actions =
        node === root ? rootActions : candidates(g.choices(state, s), s, state, rng, sourceFor(state, s));
      if (actions.length === 0) break;
      const legal: Child[] = [];
      let fresh: Action | null = null;
      for (const action of actions) {
        const child = node.children.get(actionKey(action));
        if (child) {
          child.available++;
          legal.push(child);
        } else if (fresh === null) fresh = action;
      }
      let chosen: Child;
      if (fresh !== null && legal.length < widthAt(node.visits)) {
        chosen = { action: fresh, key: actionKey(fresh), visits: 0, total: 0, available: 1, node: null };
        node.children.set(chosen.key, chosen);
        expanded = true;
      } else {
        if (legal.length === 0) break;
        chosen = bestByUcb(legal);
      }
      const result = g.apply(state, s, chosen.action);
      if (!result.ok) {
        // An action legal in the view can only fail here if a determinization broke the contract.
        node.children.delete(chosen.key);
        break;
      }
      state = result.state;
      path.push({ child: chosen, seat: s });
      node.visits++;
      if (!expanded) {
        chosen.node ??= newNode();
        node = chosen.node;
      }
    }
    // Playout: the purposeful player for a few actions, then the evaluation.
    for (let i = 0; i < budget.depth; i++) {
      const s = actingSeat(g, state);
      if (s === null) break;
      const choices = g.choices(state, s);
      if (choices.length === 0) break;
      const choice = playoutPolicy(choices, s, state, pick);
      const result = g.apply(state, s, pickAction(choice, pick));
      if (!result.ok) break;
      state = result.state;
    }
    const scores = new Map<Seat, number>();
    for (const { child, seat: s } of path) {
      let score = scores.get(s);
      if (score === undefined) {
        score = evaluate(state, s);
        scores.set(s, score);
      }
      child.visits++;
      child.total += score;
    }
  }

  let best: Child | null = null;
  explored = root.children.size;
  for (const child of root.children.values()) {
    if (
      best === null ||
      child.visits > best.visits ||
      (child.visits === best.visits && child.total > best.total)
    )
      best = child;
  }
  if (best === null) return done(rootActions[0]!, iterations, timedOut, 0.5);
  return done(best.action, iterations, timedOut, best.visits > 0 ? best.total / best.visits : 0.5);
}

function bestByUcb(children: Child[]): Child {
  let best = children[0]!;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const c of children) {
    const score =
      c.visits === 0
        ? Number.POSITIVE_INFINITY
        : c.total / c.visits + EXPLORATION * Math.sqrt(Math.log(Math.max(1, c.available)) / c.visits);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}
