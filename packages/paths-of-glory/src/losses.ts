import type { EventLog } from '@salient/engine';
import { setLoc } from './cache.ts';
import { anaLeaves } from './control.ts';
import { unitData } from './data/index.ts';
import { type Supply, supplyOf } from './supply.ts';
import { ELIMINATED, type PogState, REMOVED, RESERVE, type Readable } from './types.ts';
import { boxUnits, isArmy, label, lfOf, sideOf } from './units.ts';

/** Corps that may stand in for an eliminated army (12.4.4, 12.4.4.3), full ones first. */
export function replacementCorps(state: Readable, armyId: string, taken: string[] = []): string | null {
  const army = unitData(armyId);
  const pool = boxUnits(state, army.side, RESERVE).filter((c) => !taken.includes(c));
  const fits = (c: string) => {
    const d = unitData(c);
    if (d.type !== 'corps' || d.nation !== army.nation) return false;
    if (armyId === 'br-army-bef') return c === 'br-corps-bef';
    if (c === 'br-corps-bef') return false;
    return !['br-corps-ana', 'br-corps-aus', 'br-corps-cnd', 'br-corps-pt'].includes(c);
  };
  const candidates = pool.filter(fits);
  return candidates.find((c) => !state.units[c]!.reduced) ?? candidates[0] ?? null;
}

/**
 * The loss factor of each step a unit can still give, in order: its own steps, then for an army
 * those of the corps that would replace it. Replacement corps are shared out to the armies in turn.
 */
export function stepChains(state: Readable, units: string[]): Map<string, number[]> {
  const taken: string[] = [];
  const chains = new Map<string, number[]>();
  for (const id of units) {
    const d = unitData(id);
    const chain = state.units[id]!.reduced ? [d.reducedLf] : [d.lf, d.reducedLf];
    if (d.type === 'army') {
      const corps = replacementCorps(state, id, taken);
      if (corps) {
        taken.push(corps);
        const c = unitData(corps);
        chain.push(...(state.units[corps]!.reduced ? [c.reducedLf] : [c.lf, c.reducedLf]));
      }
    }
    chains.set(id, chain);
  }
  return chains;
}

/** The greatest total no more than `limit` that whole steps can make (12.4.3). */
export function bestLoss(chains: number[][], limit: number): number {
  let reachable = new Set<number>([0]);
  for (const chain of chains) {
    const next = new Set<number>();
    for (const base of reachable) {
      let sum = base;
      next.add(sum);
      for (const lf of chain) {
        sum += lf;
        if (sum > limit) break;
        next.add(sum);
      }
    }
    reachable = next;
  }
  return Math.max(...reachable);
}

/**
 * The units that may take the next step: those whose step keeps the most loss still reachable
 * without going over the loss number (12.4.3). When British units attack, the loss priority of
 * 12.4.5 comes first.
 */
export function legalStepUnits(
  state: Readable,
  units: string[],
  remaining: number,
  priority: string[] = [],
): string[] {
  const chains = stepChains(state, units);
  const all = [...chains.values()];
  const best = bestLoss(all, remaining);
  if (best === 0) return [];
  for (const p of priority) {
    const chain = chains.get(p);
    if (chain && chain.length > 0 && chain[0]! <= remaining) return [p];
  }
  return units.filter((u) => {
    const chain = chains.get(u)!;
    const first = chain[0];
    if (first === undefined || first > remaining) return false;
    const rest = [...chains.entries()].map(([id, c]) => (id === u ? c.slice(1) : c));
    return first + bestLoss(rest, remaining - first) === best;
  });
}

/**
 * 12.4.4.2: when the loss number is more than the units can give and some of them are armies with
 * no corps left to replace them, the loss goes to one such army until it is gone before any other
 * unit takes a step. The armies offered are those whose whole elimination still lets the side take
 * the most it can (12.4.3). Null when the rule does not apply.
 */
export function oneArmyFirst(
  state: Readable,
  units: string[],
  remaining: number,
  legal: string[],
): string[] | null {
  const chains = stepChains(state, units);
  const best = bestLoss([...chains.values()], remaining);
  if (best >= remaining) return null;
  const armies = units.filter((u) => {
    if (!isArmy(u) || !legal.includes(u)) return false;
    const chain = chains.get(u)!;
    // An army with no replacement corps gives only its own steps.
    if (chain.length !== (state.units[u]!.reduced ? 1 : 2)) return false;
    const whole = chain.reduce((a, b) => a + b, 0);
    if (whole > remaining) return false;
    const rest = [...chains.entries()].filter(([id]) => id !== u).map(([, c]) => c);
    return whole + bestLoss(rest, remaining - whole) === best;
  });
  return armies.length > 0 ? armies : null;
}

/**
 * Takes one step from a unit: a full unit is flipped; a reduced corps goes to the eliminated box; a
 * reduced army is replaced by a corps from the reserve box (12.4.4) and goes to the eliminated box,
 * or leaves the game when it cannot be rebuilt (12.4.7). Returns the corps that replaced it, if any.
 */
export function takeStep(state: PogState, log: EventLog, id: string, supply: Supply | null): string | null {
  const unit = state.units[id]!;
  const lf = lfOf(state, id);
  if (!unit.reduced) {
    unit.reduced = true;
    log.add({ type: 'step', text: `${label(id)} is reduced (${lf})`, unit: id, lf });
    return null;
  }
  const at = unit.loc;
  if (!isArmy(id)) {
    if (id === 'br-corps-ana') anaLeaves(state, log, null);
    setLoc(state, id, ELIMINATED);
    unit.reduced = false;
    log.add({ type: 'eliminated', text: `${label(id)} is eliminated (${lf})`, unit: id, lf });
    return null;
  }
  const d = unitData(id);
  const corps = replacementCorps(state, id);
  const oos = supply ? !supply.unitSupplied(id) : unit.oos;
  setLoc(state, id, corps && !oos && !d.notReplaceable ? ELIMINATED : REMOVED);
  unit.reduced = false;
  if (corps) setLoc(state, corps, at);
  log.add({
    type: 'eliminated',
    text: `${label(id)} is eliminated (${lf})${corps ? `; ${label(corps)} takes its place` : ' for good'}`,
    unit: id,
    lf,
    replacement: corps,
  });
  return corps;
}

/** Eliminates a unit outright (retreat blocked, attrition): armies never come back (12.4.7, 12.5.4, 14.3.5). */
export function eliminate(state: PogState, log: EventLog, id: string, why: string): void {
  const unit = state.units[id]!;
  if (id === 'br-corps-ana') anaLeaves(state, log, null);
  setLoc(state, id, isArmy(id) ? REMOVED : ELIMINATED);
  unit.reduced = false;
  log.add({ type: 'eliminated', text: `${label(id)} is eliminated: ${why}`, unit: id });
}

/**
 * 12.5.6: units caught again after retreating are eliminated to the eliminated box, where they may
 * be rebuilt, with no corps from the reserve box taking an army's place; an army is lost for good
 * only where 12.4.7 says so for any army (marked with a dot, or out of supply).
 */
export function eliminateRetreated(state: PogState, log: EventLog, id: string): void {
  const unit = state.units[id]!;
  if (id === 'br-corps-ana') anaLeaves(state, log, null);
  const forGood = isArmy(id) && (unitData(id).notReplaceable || !supplyOf(state).unitSupplied(id));
  setLoc(state, id, forGood ? REMOVED : ELIMINATED);
  unit.reduced = false;
  log.add({
    type: 'eliminated',
    text: `${label(id)} is eliminated${forGood ? ' for good' : ''}: caught again after retreating`,
    unit: id,
  });
}

export const sideUnits = (units: string[], side: string) => units.filter((u) => sideOf(u) === side);
