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

/**
 * How far the attacker is from the objectives it still lacks: for each, the distance of its nearest
 * fighting stand, weighted by the objective's points. Nearest per objective, not per stand, so the
 * attack spreads over every objective the victory needs instead of crowding the closest one.
 */
function attackerReach(state: Readable): number {
  const attacker = state.victory.attacker;
  const stands = state.stands.filter(
    (s) => s.side === attacker && s.hex !== null && s.gone === null && !isCommand(s),
  );
  let sum = 0;
  let points = 0;
  for (const [hex, o] of Object.entries(state.objectives)) {
    if (o.holder === attacker) continue;
    let nearest = 30;
    for (const s of stands) nearest = Math.min(nearest, grid.distance(s.hex!, hex));
    sum += o.vp * nearest;
    points += o.vp;
  }
  return points === 0 ? 0 : sum / points;
}

/** The points of the objectives the attacker lacks that a defending fighting stand still stands on. */
function objectivesHeldInPerson(state: Readable): number {
  const attacker = state.victory.attacker;
  let points = 0;
  for (const [hex, o] of Object.entries(state.objectives)) {
    if (o.holder === attacker) continue;
    if (state.stands.some((s) => s.side !== attacker && s.hex === hex && s.gone === null && !isCommand(s)))
      points += o.vp;
  }
  return points;
}

/**
 * The attacker's chance: the objective points it holds against those the scenario asks for, each
 * side's losses and broken battalions (morale: a side whose battalions all break loses at once),
 * how near its troops stand to every objective still to take, and how many of those the defender
 * still holds with troops on them (an objective is taken by clearing it, not by reaching it).
 */
export function attackerChance(state: Readable): number {
  const attacker = state.victory.attacker;
  const defender = enemyOf(state, attacker);
  const x =
    1.2 * (objectivePoints(state, attacker) - state.victory.needed + 0.5) +
    2 * (attrition(state, defender) - attrition(state, attacker)) -
    0.15 * attackerReach(state) -
    0.25 * objectivesHeldInPerson(state);
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
