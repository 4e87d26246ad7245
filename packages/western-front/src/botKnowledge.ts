import type { BotKnowledge, Seat } from '@salient/engine';
import { purposefulPlayer } from './bot.ts';
import { orderWfActions } from './botOrder.ts';
import { grid } from './grid.ts';
import { enemyOf, isCommand, isRifle } from './stands.ts';
import type { Readable, WfState, WfView } from './types.ts';
import { objectivePoints } from './victory.ts';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A side's fighting stands lost and battalions broken, as a share of what it had. */
function attrition(state: Readable, side: Seat): number {
  const stands = state.stands.filter((s) => s.side === side && !isCommand(s));
  const gone = stands.filter((s) => s.gone !== null).length;
  const battalions = state.battalions.filter((b) => b.side === side);
  const routed = battalions.filter((b) => b.routed).length;
  return gone / Math.max(1, stands.length) + routed / Math.max(1, battalions.length);
}

/** Mean distance of the attacker's fighting stands to the nearest objective it does not hold. */
function attackerReach(state: Readable): number {
  const attacker = state.victory.attacker;
  const targets = Object.entries(state.objectives)
    .filter(([, o]) => o.holder !== attacker)
    .map(([h]) => h);
  if (targets.length === 0) return 0;
  let sum = 0;
  let n = 0;
  for (const s of state.stands) {
    if (s.side !== attacker || s.hex === null || s.gone !== null || isCommand(s)) continue;
    let nearest = 30;
    for (const t of targets) nearest = Math.min(nearest, grid.distance(s.hex, t));
    sum += nearest;
    n++;
  }
  return n === 0 ? 10 : sum / n;
}

/**
 * How firmly the defender holds the objectives the attacker still needs, by the close assault's own
 * sums (assault.ts): each fighting stand on one counts its platoons, one more while it is
 * unsuppressed (it still gives defensive fire), less a level of suppression, times the objective's
 * points. Firing on a held village before going in lowers it; taking the objective's points alone
 * rewarded nothing until the assault won, too far ahead for the search to see.
 */
function defenderGrip(state: Readable): number {
  const attacker = state.victory.attacker;
  let grip = 0;
  for (const [hex, objective] of Object.entries(state.objectives)) {
    if (objective.holder === attacker) continue;
    for (const s of state.stands) {
      if (s.hex !== hex || s.side === attacker || s.gone !== null || isCommand(s)) continue;
      grip += objective.vp * (s.steps + (s.suppression === 0 ? 1 : 0) - s.suppression);
    }
  }
  return grip;
}

/** Unsuppressed rifle companies of the attacker next to an objective it still needs (at most 3 each). */
function assaultReady(state: Readable): number {
  const attacker = state.victory.attacker;
  let ready = 0;
  for (const [hex, objective] of Object.entries(state.objectives)) {
    if (objective.holder === attacker) continue;
    let here = 0;
    for (const s of state.stands)
      if (
        s.side === attacker &&
        s.hex !== null &&
        s.gone === null &&
        isRifle(s) &&
        s.suppression === 0 &&
        grid.distance(s.hex, hex) === 1
      )
        here++;
    ready += Math.min(3, here);
  }
  return ready;
}

/**
 * The attacker's chance: the objective points it holds against those the scenario asks for, each
 * side's losses and broken battalions (morale: a side whose battalions all break loses at once),
 * how near its troops stand to the objectives still to take, how firmly the defenders hold those,
 * and how many companies stand ready to assault them.
 */
export function attackerChance(state: Readable): number {
  const attacker = state.victory.attacker;
  const defender = enemyOf(state, attacker);
  const x =
    1.2 * (objectivePoints(state, attacker) - state.victory.needed + 0.5) +
    2 * (attrition(state, defender) - attrition(state, attacker)) -
    0.08 * attackerReach(state) -
    0.12 * defenderGrip(state) +
    0.15 * assaultReady(state);
  return sigmoid(x);
}

/** The search bot's knowledge of Western Front 1914 (engine BotKnowledge). */
export const wfBotKnowledge: BotKnowledge<WfState, WfView> = {
  evaluate(state, seat) {
    const p = attackerChance(state);
    return seat === state.victory.attacker ? p : 1 - p;
  },
  playout: purposefulPlayer,
  order: orderWfActions,
  /** Fire and sight are dearer to work out than Loos' or Belle Epoque's moves. */
  cost: 2,
  /**
   * Nearly every action here rolls dice, and longer playouts drowned what the searched action did
   * in the dice of the actions after it: four searches of the same position with other seeds chose
   * the same action 17 % of the time at the hard level's 24 playout actions, 47 % at 1 (design.md).
   */
  maxDepth: 2,
};
