import { laterCombatCard } from './combatCards.ts';
import { card, space, unitData } from './data/index.ts';
import { besiegers, fortSide, intactFort } from './forts.ts';
import { BEF_NATIONS, MAP, mayCross, turnInfo } from './map.ts';
import { openByBeachhead } from './mef.ts';
import { crossingMark } from './movement.ts';
import { nearEastSpace, ruleOn } from './options.ts';
import { italyClosedTo } from './scenarios.ts';
import { isNeutralSpace, type Supply } from './supply.ts';
import { ARMY_TABLE, baseColumn, CORPS_TABLE, type FireTable, shiftColumn } from './tables.ts';
import { type Combat, type Operation, other, type Readable, type Side } from './types.ts';
import { cfOf, isArmy, lfOf, nationOf, nearEastAble, occupancy, sideOf, unitsIn } from './units.ts';

/** Defending units of a space, without those that retreated into it during this action (12.5.6). */
export function defendersOf(state: Readable, target: string, side: Side, op: Operation): string[] {
  return unitsIn(state, target).filter((u) => sideOf(u) === side && !op.retreated.includes(u));
}

/** Whether a unit in an attack-activated space may attack the target space (12.1, 15.1). */
export function mayAttack(
  state: Readable,
  op: Operation,
  id: string,
  target: string,
  supply: Supply,
): boolean {
  const loc = state.units[id]!.loc;
  if (op.activated[loc] !== 'attack' || op.attacked.includes(id)) return false;
  // 11.1.6: units that moved into a space activated for combat take no part in its attacks.
  if (op.moved.includes(id) || op.spent?.[id] !== undefined) return false;
  if (op.onlyAttackers && !op.onlyAttackers.includes(id)) return false;
  if (!supply.unitSupplied(id)) return false; // 14.3.1
  // 5.7.4.6 (historical): only Austro-Hungarian and Italian armies fight into or out of Italy.
  if (italyClosedTo(state, id, target) || italyClosedTo(state, id, loc)) return false;
  const d = unitData(id);
  const side = d.side;
  const t = space(target);
  if (loc === target) {
    // 15.1.3: a besieged fort is attacked only from its own space.
    return intactFort(state, target) && fortSide(target) !== side;
  }
  // 15.2.5: no attack into a desert space in summer.
  if (t.terrain === 'desert' && turnInfo(state.turn).season === 'summer') return false;
  // 15.2.3: out of a space where they besiege an enemy fort, only the units beyond those the siege
  // needs may attack other spaces.
  if (intactFort(state, loc) && fortSide(loc) !== side) {
    const phase = state.phase;
    const joining =
      phase.kind === 'attack' && phase.combat && phase.combat.target !== loc
        ? phase.combat.attackers.filter((u) => state.units[u]!.loc === loc)
        : [];
    const out = new Set([...(op.sortied ?? []), ...joining, id]);
    const here = unitsIn(state, loc);
    if (
      besiegers(state, loc, here) &&
      !besiegers(
        state,
        loc,
        here.filter((u) => !out.has(u)),
      )
    )
      return false;
  }
  if (!MAP.adjacent(loc, target) || isNeutralSpace(state, target)) return false;
  // Cards CP 58 Stavka Timidity and CP 55 Lloyd George: attacks barred for the rest of the turn.
  const trench = state.trenches[target];
  const germansOnly = () => {
    const defenders = unitsIn(state, target).filter((u) => sideOf(u) !== side);
    return defenders.length > 0 && defenders.every((u) => nationOf(u) === 'ge');
  };
  if (
    d.nation === 'ru' &&
    state.turnFlags.includes('stavka-timidity') &&
    trench?.side === 'cp' &&
    germansOnly()
  )
    return false;
  if (
    d.nation === 'br' &&
    state.turnFlags.includes('lloyd-george') &&
    !['michael', 'blucher', 'peace_offensive'].some((k) => state.played.includes(k)) &&
    trench?.side === 'cp' &&
    trench.level === 2 &&
    germansOnly()
  )
    return false;
  // 16.4.9: after Brest-Litovsk Russians never attack, and only Turks attack them, on the Near East map.
  if (state.played.includes('treaty_of_brest_litovsk')) {
    if (d.nation === 'ru') return false;
    if (
      side === 'cp' &&
      unitsIn(state, target).some((u) => nationOf(u) === 'ru') &&
      !(d.nation === 'tu' && t.map === 'neareast')
    )
      return false;
  }
  if (!mayCross(loc, target, d.nation, crossingMark(id)) && !openByBeachhead(state, loc, target))
    return false; // 12.1.9
  if ((id === 'br-army-bef' || id === 'br-corps-bef') && !BEF_NATIONS.includes(t.nation)) return false; // 11.1.16
  if (d.type === 'army' && t.map === 'neareast' && !nearEastAble(state, id)) return false; // 11.3.1, 9.5.3.4
  // 11.3.5 (optional): A-H and Bulgarian corps do not operate on the Near East map.
  if (
    d.type === 'corps' &&
    (d.nation === 'ah' || d.nation === 'bu') &&
    ruleOn(state, 'nonTurkishCorps') &&
    nearEastSpace(state, target)
  )
    return false;
  const enemyFort = intactFort(state, target) && fortSide(target) !== side;
  if (enemyFort) {
    // 15.1.3: once besieged, only the besiegers inside may attack it (they may attack the units there).
    const besiegedNow = unitsIn(state, target).some((u) => sideOf(u) === side);
    if (besiegedNow) return false;
    // 15.1.11: German units attack Russian forts only after OberOst or at war status 4.
    if (d.nation === 'ge' && t.nation === 'ru' && !state.played.includes('oberost') && state.warStatus.cp < 4)
      return false;
    // 15.1.12: no Russian attack on a German fort space in August 1914.
    if (d.nation === 'ru' && state.turn === 1 && t.nation === 'ge') return false;
  }
  // 12.1.10: London attacks only alongside units in France or Belgium (checked on the whole combat).
  return true;
}

/** Whether a space is worth offering as a target: it holds enemy units or an enemy fort, or nobody (12.2.1). */
/** 12.2.1 (seed, ruling 77): a target with neither enemy units nor an intact enemy fort, won without a roll. */
export const undefended = (kind: ReturnType<typeof targetKind>): boolean =>
  kind === 'empty' || kind === 'friendly';

export function targetKind(
  state: Readable,
  target: string,
  side: Side,
): 'enemy' | 'fort' | 'empty' | 'friendly' {
  const units = unitsIn(state, target);
  if (units.some((u) => sideOf(u) !== side)) return 'enemy';
  if (intactFort(state, target) && fortSide(target) !== side) return 'fort';
  if (units.length === 0) return 'empty';
  return 'friendly';
}

/**
 * Multi-national attacks (12.1.11): units of several nations attack together only if one of the
 * attacking spaces holds all of those nations. London (12.1.10) joins only with France or Belgium.
 */
export function validAttackingGroup(state: Readable, attackers: string[]): boolean {
  if (attackers.length === 0) return false;
  const nations = new Set(attackers.map(nationOf));
  const spaces = [...new Set(attackers.map((u) => state.units[u]!.loc))];
  if (spaces.includes('london') && !spaces.some((s) => ['fr', 'be'].includes(space(s).nation))) return false;
  if (nations.size <= 1) return true;
  return spaces.some((s) => {
    const here = new Set(unitsIn(state, s).map(nationOf));
    return [...nations].every((n) => here.has(n));
  });
}

/** Whether adding a unit keeps a designation completable: its group with the others is valid, or London waits for a French or Belgian partner. */
export function mayJoin(state: Readable, attackers: string[], id: string): boolean {
  const group = [...attackers, id];
  if (validAttackingGroup(state, group)) return true;
  // A London unit may be designated first: the French or Belgian partner is added next.
  const withoutLondon = group.filter((u) => state.units[u]!.loc !== 'london');
  return withoutLondon.length === 0 || validAttackingGroup(state, withoutLondon);
}

/** Level of trench protecting the defender, counting the level 0 trenches of 11.2.10-11.2.11; null for none. */
export function defenderTrench(state: Readable, target: string, defender: Side): 0 | 1 | 2 | null {
  const trench = state.trenches[target];
  if (trench && trench.side === defender) return trench.level;
  const played = state.played.includes(defender === 'cp' ? 'cp_entrench' : 'ap_entrench');
  if (!played) return null;
  const units = unitsIn(state, target).filter((u) => sideOf(u) === defender);
  const s = space(target);
  const armyOf = (nations: string[]) => units.some((u) => isArmy(u) && nations.includes(nationOf(u)));
  if (defender === 'cp') {
    if (armyOf(['ge']) || (s.nation === 'ah' && state.control[target] === 'cp')) return 0;
    if (s.terrain === 'mountain' && armyOf(['ah'])) return 0;
  } else {
    if (armyOf(['fr', 'us', 'br']) || (s.nation === 'it' && state.control[target] === 'ap')) return 0;
    if (s.terrain === 'mountain' && armyOf(['it'])) return 0;
  }
  return null;
}

/** The spaces the attackers stand in. */
export const attackingSpaces = (state: Readable, attackers: string[]) => [
  ...new Set(attackers.map((u) => state.units[u]!.loc)),
];

/** A flank attack may be tried (12.3.1): two or more attacking spaces, no mountain, swamp or trench, and defenders present. */
export function flankPossible(state: Readable, combat: Combat, defender: Side): boolean {
  if (attackingSpaces(state, combat.attackers).length < 2) return false;
  const t = space(combat.target);
  if (t.terrain === 'mountain' || t.terrain === 'swamp') return false;
  if (defenderTrench(state, combat.target, defender) !== null) return false;
  return combat.defenders.length > 0;
}

/** +1 for each attacking space but the pinning one that touches no other enemy-held space by a solid line (12.3.2). */
export function flankDrm(state: Readable, combat: Combat, pin: string): number {
  const side = sideOf(combat.attackers[0]!);
  const occupied = occupancy(state);
  const enemyHeld = (s: string) => (occupied.get(s) ?? []).some((u) => sideOf(u) !== side);
  let drm = 0;
  for (const s of attackingSpaces(state, combat.attackers)) {
    if (s === pin) continue;
    const exposed = MAP.neighbors(s).some(
      (n) => n !== combat.target && enemyHeld(n) && MAP.edgeKind(s, n) !== 'dotted',
    );
    if (!exposed) drm++;
  }
  return drm;
}

/** The combat cards this project implements, with the side of the combat they help. */
const COMBAT_CARD_RULES: Record<string, { role: 'attacker' | 'defender' | 'either' }> = {
  pleve: { role: 'either' },
  putnik: { role: 'either' },
  ap_severe_weather: { role: 'defender' },
  cp_severe_weather: { role: 'defender' },
  von_francois: { role: 'attacker' },
  wireless_intercepts: { role: 'attacker' },
  kaisertreu: { role: 'either' },
  ap_withdrawal: { role: 'defender' },
  cp_withdrawal: { role: 'defender' },
};

function severeWeatherApplies(state: Readable, target: string): boolean {
  const season = turnInfo(state.turn).season;
  const t = space(target).terrain;
  return (
    (t === 'mountain' && (season === 'fall' || season === 'winter')) ||
    (t === 'swamp' && (season === 'spring' || season === 'fall'))
  );
}

/**
 * Whether a combat card may be used by a side in this combat (9.5.4, each card's condition): the
 * nation it names must fight on that side (9.5.4.1.1), and out-of-supply defenders use none (14.3.4).
 */
export function cardUsable(
  state: Readable,
  cardId: string,
  combat: Combat,
  side: Side,
  supply: Supply,
): boolean {
  const c = card(cardId);
  if (!c.combatCard || c.side !== side || !c.event) return false;
  const later = laterCombatCard(c.event);
  const rule = COMBAT_CARD_RULES[c.event] ?? later;
  if (!rule) return false;
  const attacker = sideOf(combat.attackers[0]!);
  const role = side === attacker ? 'attacker' : 'defender';
  if (rule.role !== 'either' && rule.role !== role) return false;
  const mine = role === 'attacker' ? combat.attackers : combat.defenders;
  const theirs = role === 'attacker' ? combat.defenders : combat.attackers;
  if (role === 'defender' && (mine.length === 0 || mine.some((u) => !supply.unitSupplied(u)))) return false;
  if (later) return later.usable(state, combat, mine, theirs);
  const has = (units: string[], nation: string) => units.some((u) => nationOf(u) === nation);
  switch (c.event) {
    case 'pleve':
      return has(mine, 'ru');
    case 'putnik':
      return has(mine, 'sb') && turnInfo(state.turn).year <= 1915;
    case 'kaisertreu':
      return has(mine, 'ah');
    case 'ap_withdrawal':
    case 'cp_withdrawal':
      return true;
    case 'ap_severe_weather':
    case 'cp_severe_weather':
      return severeWeatherApplies(state, combat.target);
    case 'von_francois':
      return has(mine, 'ge') && has(theirs, 'ru');
    case 'wireless_intercepts':
      return (
        has(mine, 'ge') &&
        theirs.length > 0 &&
        theirs.every((u) => nationOf(u) === 'ru') &&
        flankPossible(state, combat, other(side))
      );
    default:
      return false;
  }
}

/** The die modifier a side's combat cards give it (12.2.6). */
export function cardDrm(cards: string[]): number {
  let drm = 0;
  for (const id of cards) {
    const e = card(id).event;
    if (e === 'pleve' || e === 'putnik' || e === 'von_francois' || e === 'kaisertreu') drm += 1;
    if (e === 'ap_severe_weather' || e === 'cp_severe_weather') drm += 2;
    if (e) drm += laterCombatCard(e)?.drm ?? 0;
  }
  return drm;
}

/** Whether the attacker's cards cancel every trench effect of the combat (Royal Tank Corps, Von Below, Michael, Blucher). */
export const trenchNegated = (attackerCards: string[]) =>
  attackerCards.some((c) => laterCombatCard(card(c).event ?? '')?.negatesTrench === true);

export interface FireSetup {
  strength: number;
  table: FireTable;
  column: number;
  shift: number;
  drm: number;
}

/**
 * A side's fire (12.2.2, 12.2.6, 12.2.7): its strength, the Army table if it has an army, the terrain
 * and trench shifts of the defending space, and its cards' modifier. Defenders that all retreated in
 * earlier this action fire on the leftmost column with no help (12.1.2).
 */
export function fireSetup(
  state: Readable,
  role: 'attacker' | 'defender',
  units: string[],
  target: string,
  cards: string[],
  defenderSide: Side,
  armyOption = false,
  noTrench = false,
  trench1 = false,
  armyTableCard = false,
): FireSetup {
  let strength = units.reduce((sum, u) => sum + cfOf(state, u), 0);
  const fortHere = intactFort(state, target) && fortSide(target) === defenderSide;
  if (role === 'defender' && fortHere) strength += space(target).fort;
  const elected = armyOption && !units.some(isArmy);
  // Cards CP 31 Kemal and AP 61 Maude let corps fire on the Army table, keeping their shifts.
  const table = units.some(isArmy) || elected || armyTableCard ? ARMY_TABLE : CORPS_TABLE;
  let shift = 0;
  // 11.2.9, 15.1.6: a fort alone never benefits from a trench; defending units in its space do.
  const defended =
    role === 'defender' ? units.length > 0 : unitsIn(state, target).some((u) => sideOf(u) === defenderSide);
  const trench = !defended || noTrench ? null : trench1 ? 1 : defenderTrench(state, target, defenderSide);
  if (role === 'attacker') {
    const terrain = space(target).terrain;
    if (terrain === 'mountain' || terrain === 'swamp') shift -= 1;
    if (trench === 0 || trench === 1) shift -= 1;
    if (trench === 2) shift -= 2;
  } else if (trench === 1 || trench === 2) shift += 1;
  // 12.2.7 (seed): a side electing the Army table gives up every shift in its favour.
  if (elected) shift = Math.min(0, shift);
  const column = shiftColumn(table, baseColumn(table, strength), shift);
  const drm = cardDrm(cards) + (role === 'attacker' ? sinaiDrm(state, units) : 0);
  return { strength, table, column, shift, drm };
}

/**
 * 12.2.6 (seed, 12.2.7 of the living rules): an attack made from the Sinai space alone fires at -3,
 * whichever side makes it; with units attacking from another space too, no penalty. AP 49 Sinai
 * Pipeline lifts it for the Allies only (its card text; ruling 78).
 */
export function sinaiDrm(state: Readable, attackers: string[]): number {
  if (attackers.length === 0 || !attackers.every((u) => state.units[u]?.loc === 'sinai')) return 0;
  if (sideOf(attackers[0]!) === 'ap' && state.played.includes('sinai_pipeline')) return 0;
  return -3;
}

/**
 * 12.1.2 (seed), 12.5.6: defenders that all retreated into the space earlier in this action fire on
 * the leftmost column of their own table (the Army table if one of them is an army), adding no
 * strength, with no shift in their favour and no positive die modifier.
 */
export function retreatedFire(units: string[], cards: string[]): FireSetup {
  const table = units.some(isArmy) ? ARMY_TABLE : CORPS_TABLE;
  return { strength: 0, table, column: 0, shift: 0, drm: Math.min(0, cardDrm(cards)) };
}

/**
 * The Army-table option of 12.2.7 (seed): a side with no army in the combat whose units reach a loss
 * factor of 4 in one of its attacking spaces (the defending space for the defender, its fort's LF
 * counted) may fire on the Army table instead of the Corps table.
 */
export function armyTableOption(state: Readable, combat: Combat, side: Side): boolean {
  const attacker = sideOf(combat.attackers[0]!);
  const units = side === attacker ? combat.attackers : combat.defenders;
  if (units.length === 0 || units.some(isArmy)) return false;
  if (side !== attacker) {
    const fort =
      intactFort(state, combat.target) && fortSide(combat.target) === side ? space(combat.target).fort : 0;
    return totalLf(state, units) + fort >= 4;
  }
  return attackingSpaces(state, units).some(
    (s) =>
      totalLf(
        state,
        units.filter((u) => state.units[u]!.loc === s),
      ) >= 4,
  );
}

/** Total loss factor a force could absorb: used to tell when a side is wiped out. */
export const totalLf = (state: Readable, units: string[]) => units.reduce((s, u) => s + lfOf(state, u), 0);
