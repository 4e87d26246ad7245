import type { Action, Seat } from './game.ts';
import type { Policy } from './playout.ts';
import type { RngState } from './rng.ts';

/**
 * What a game may tell a computer player beyond the rules themselves. Every hook is optional: the
 * generic search bot (packages/bot) plays any game from `choices`, `apply`, `status` and `outcome`
 * alone, and uses these where plain random playouts would be too weak or too slow. Every hook reads
 * a state the bot built itself (a determinization of its seat's view, or a position reached from
 * one), never the match's real state, so none of them can leak what the seat cannot see.
 */
export interface BotKnowledge<S extends object = object, V extends object = object> {
  /**
   * A full state consistent with everything `seat` sees in `view`: what the seat cannot see (the
   * other side's hand, draw piles' order, sealed choices) sampled with `rng`, and a fresh dice
   * generator drawn from `rng` in place of the match's. Must read nothing but its arguments, and
   * advance `rng` only by the draws it makes, so the same view and generator give the same state.
   * Without it the bot gives the view a generator of its own, which is right only for games whose
   * views hide nothing but the dice.
   */
  determinize?(view: V, seat: Seat, rng: RngState): S;
  /**
   * How good the position is for `seat`, from 0 (lost) to 1 (won), read as that seat would see it.
   * The bot scores its playouts with it when it cuts them short of the end; 0.5 when absent.
   */
  evaluate?(state: S | V, seat: Seat): number;
  /** A purposeful player for playouts and for the first moves the search tries; uniform when absent. */
  playout?: Policy;
  /**
   * Orders a seat's candidate actions, most promising first: the search widens its tree in this
   * order, so with a large branching factor it looks at the promising actions before the rest.
   */
  order?(state: S | V, seat: Seat, actions: Action[]): Action[];
  /**
   * How many times dearer one search iteration is in this game than in a typical one (its rules
   * and purposeful player being slower): the bot divides a strength level's iterations by it, so
   * every level keeps within its time budget while iterations, not the clock, bound the search and
   * its decisions stay deterministic. 1 when absent.
   */
  cost?: number;
  /**
   * The most actions a playout plays in this game before the evaluation scores the position, at
   * every level (a level's own depth applies when smaller). Where most actions roll dice, as in a
   * firefight, each playout action adds its dice's noise to the score faster than it adds
   * information, and a short playout leaves the evaluation to judge what the searched line did.
   */
  maxDepth?: number;
}
