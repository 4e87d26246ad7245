import type { EventLog } from '@salient/engine';
import { CRT_LINE_NAMES, type CrtLine, type CrtResult, crtColumn, crtResult, lineColumns } from './crt.ts';
import { eliminate, loseStep } from './losses.ts';
import { MAP } from './map.ts';
import type { TerrainType } from './scenario/map.ts';
import type { CombatRecord, Decision, LoosLike, LoosState, Unit } from './state.ts';
import { factorsOf, Occupancy } from './units.ts';

const TERRAIN_LINE: Record<TerrainType, CrtLine> = {
  clear: 'clear',
  town: 'town',
  woods: 'woods',
  broken: 'town',
};

/** The CRT line of a hex's own terrain, ignoring trenches. */
export function otherTerrainLine(hex: string): CrtLine {
  return TERRAIN_LINE[MAP.terrainOf(hex)];
}

/**
 * The CRT line of a ground attack on `target` (14.3, rulings R3-R5): a German defender in an unbreached
 * trench hex attacked only across trench hexsides uses Trench; if some attacker crosses a plain
 * hexside, and all who do stand in trench hexes, Secondary Trench (the Town line); otherwise the
 * hex's other terrain. Attacks made wholly across the canal use the River line (our rule 7.3).
 */
export function attackLine(
  state: LoosLike,
  target: string,
  attackerHexes: readonly string[],
  breached: readonly string[],
): CrtLine {
  const defender = new Occupancy(state).front(target);
  const entrenched = defender?.side === 'german' && MAP.trenchHexes.has(target) && !breached.includes(target);
  if (entrenched) {
    const plain = attackerHexes.filter((hex) => !MAP.isTrenchSide(hex, target));
    if (plain.length === 0) return 'trench';
    if (plain.every((hex) => MAP.trenchHexes.has(hex))) return 'town';
    return otherTerrainLine(target);
  }
  if (attackerHexes.length > 0 && attackerHexes.every((hex) => MAP.isCanalSide(hex, target))) return 'trench';
  return otherTerrainLine(target);
}

export function lineLabel(line: CrtLine, secondaryTrench: boolean): string {
  return secondaryTrench ? 'Secondary Trench (Town line)' : CRT_LINE_NAMES[line];
}

export interface AttackOdds {
  attack: number;
  defense: number;
  differential: number;
  line: CrtLine;
  lineName: string;
  column: string;
  /** Entrenched neighbours whose defence is added because they are not attacked separately (14.3.3). */
  supporting: string[];
  results: CrtResult[];
}

/** Strengths, line and the six possible results of an attack, before any die is rolled. */
export function attackOdds(
  state: LoosLike,
  target: string,
  attackers: readonly Unit[],
  combat: CombatRecord,
): AttackOdds {
  const occupancy = new Occupancy(state);
  const defender = occupancy.front(target)!;
  const attack = attackers.reduce((sum, u) => sum + factorsOf(u).attack, 0);
  const supporting = entrenchedNeighbours(occupancy, target, attackers, combat);
  const defense =
    factorsOf(defender).defense +
    supporting.reduce((sum, hex) => sum + factorsOf(occupancy.front(hex)!).defense, 0);
  const attackerHexes = attackers.map((u) => u.loc);
  const line = attackLine(state, target, attackerHexes, combat.breached);
  const differential = attack - defense;
  const secondary = line === 'town' && MAP.trenchHexes.has(target) && otherTerrainLine(target) !== 'town';
  return {
    attack,
    defense,
    differential,
    line,
    lineName: lineLabel(line, secondary),
    column: lineColumns(line)[crtColumn(line, differential)]!,
    supporting,
    results: [1, 2, 3, 4, 5, 6].map((die) => crtResult(line, differential, die)),
  };
}

/**
 * 14.3.3 (rulings R5): an attack across a trench hexside by a unit that is also next to other
 * entrenched Germans behind trench hexsides must be matched by separate attacks on them; those that
 * no attack of the phase targets add their defence to this one. Every attack of a phase is declared
 * before any is resolved, so the targets of the phase are known whatever the order of resolution:
 * resolved (`attackedHexes`) and still to resolve (`declared`) together are the same set throughout.
 * Once the declarations have closed, only units standing where they stood then count (`held`), so a
 * unit that retreats next to an attacker during the phase does not support anyone either.
 */
function entrenchedNeighbours(
  occupancy: Occupancy,
  target: string,
  attackers: readonly Unit[],
  combat: CombatRecord,
): string[] {
  const extra = new Set<string>();
  const dealtWith = new Set([...combat.attackedHexes, ...combat.declared.map((d) => d.target)]);
  for (const attacker of attackers) {
    if (!MAP.isTrenchSide(attacker.loc, target)) continue;
    for (const hex of MAP.neighbors(attacker.loc)) {
      if (hex === target || dealtWith.has(hex) || !MAP.trenchHexes.has(hex)) continue;
      if (combat.held !== null && !combat.held.includes(hex)) continue;
      if (!MAP.isTrenchSide(attacker.loc, hex)) continue;
      const front = occupancy.front(hex);
      if (front && front.side === 'german' && front.side !== attacker.side) extra.add(hex);
    }
  }
  return [...extra].sort();
}

/**
 * Resolves one ground attack: rolls, applies what the result decides by itself, and queues the
 * decisions it leaves to the players (7.6-7.9 as modified by 16.0).
 */
export function resolveAttack(
  s: LoosState,
  log: EventLog,
  target: string,
  attackerIds: readonly string[],
  combat: CombatRecord,
): void {
  const attackers = attackerIds.map((id) => s.units.find((u) => u.id === id)!);
  const defender = new Occupancy(s).front(target)!;
  const odds = attackOdds(s, target, attackers, combat);
  combat.attackedHexes.push(target);
  combat.attackers.push(...attackerIds);
  const names = attackers.map((u) => u.name).join(', ');
  log.add({
    type: 'attack',
    target,
    attackers: [...attackerIds],
    attack: odds.attack,
    defense: odds.defense,
    differential: odds.differential,
    line: odds.lineName,
    text: `${names} attack ${defender.name} in ${target}: ${odds.attack} against ${odds.defense}, differential ${signed(odds.differential)} on the ${odds.lineName} line${odds.supporting.length ? ` (with the defence of ${odds.supporting.join(', ')} added, 14.3.3)` : ''}.`,
  });
  const die = log.die('combat', 'Combat');
  const result = odds.results[die - 1]!;
  log.add({ type: 'result', target, result, text: `Result: ${describe(result)}.` });
  applyResult(s, log, result, defender, attackers, target);
}

function applyResult(
  s: LoosState,
  log: EventLog,
  result: CrtResult,
  defender: Unit,
  attackers: Unit[],
  target: string,
): void {
  const attackerSide = attackers[0]!.side;
  const pending: Decision[] = [];
  const attackerLoss = (eliminateOne: boolean) => {
    if (attackers.length === 1) loseStep(s, log, attackers[0]!, 'combat result');
    else
      pending.push({
        kind: 'attacker-loss',
        seat: attackerSide,
        units: attackers.map((u) => u.id),
        eliminate: eliminateOne,
      });
  };
  switch (result) {
    case '-':
      break;
    case 'Ae':
      for (const unit of attackers) eliminate(s, log, unit, 'Ae: every attacker eliminated, 7.6');
      break;
    case '(A)':
    case 'A1':
    case 'A2':
    case 'A3':
      // Attackers never retreat; an A1-A3 costs the one step that depletion would (16.0 7.6, rulings R6).
      attackerLoss(false);
      break;
    case 'Ex':
      loseStep(s, log, defender, 'Ex: an exchange, 7.6');
      attackerLoss(false);
      break;
    case 'De':
      eliminate(s, log, defender, 'De: defender eliminated, 7.6');
      break;
    case 'D2':
    case 'D3':
      pending.push({
        kind: 'retreat-or-deplete',
        seat: defender.side,
        unit: defender.id,
        hexes: result === 'D2' ? 2 : 3,
        from: target,
        path: [],
      });
      break;
  }
  s.pending.push(...pending);
  s.pending.push({ kind: 'advance', seat: attackerSide, units: attackers.map((u) => u.id), vacated: target });
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function describe(result: CrtResult): string {
  switch (result) {
    case '-':
      return 'no effect';
    case 'Ae':
      return 'Ae, every attacking unit is eliminated';
    case '(A)':
      return '(A), one attacking unit loses a step';
    case 'Ex':
      return 'Ex, an exchange: the defender and one attacking unit each lose a step';
    case 'De':
      return 'De, the defending unit is eliminated';
    default:
      return result.startsWith('A')
        ? `${result}, one attacking unit loses a step instead of retreating (16.0)`
        : `${result}, the defender retreats ${result.slice(1)} hexes or loses a step (7.8)`;
  }
}
