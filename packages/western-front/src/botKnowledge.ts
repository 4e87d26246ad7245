import type { BotKnowledge, Seat } from '@salient/engine';
import { purposefulPlayer } from './bot.ts';
import { grid } from './grid.ts';
import { enemyOf, isCommand } from './stands.ts';
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
 * The attacker's chance: the objective points it holds against those the scenario asks for, each
 * side's losses and broken battalions (morale: a side whose battalions all break loses at once),
 * and how near its troops stand to the objectives still to take.
 */
export function attackerChance(state: Readable): number {
  const attacker = state.victory.attacker;
  const defender = enemyOf(state, attacker);
  const x =
    1.2 * (objectivePoints(state, attacker) - state.victory.needed + 0.5) +
    2 * (attrition(state, defender) - attrition(state, attacker)) -
    0.08 * attackerReach(state);
  return sigmoid(x);
}

/** The search bot's knowledge of Western Front 1914 (engine BotKnowledge). */
export const wfBotKnowledge: BotKnowledge<WfState, WfView> = {
  evaluate(state, seat) {
    const p = attackerChance(state);
    return seat === state.victory.attacker ? p : 1 - p;
  },
  playout: purposefulPlayer,
  /** Fire and sight are dearer to work out than Loos' or Belle Epoque's moves. */
  cost: 2,
};
