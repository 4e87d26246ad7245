import { hexId } from '@salient/engine';
import { MAP } from './map.ts';
import { BRITISH_DIVISIONS, GERMAN_SETUP_DIVISIONS } from './scenario/forces.ts';
import { inGermanSetupZone, SECTORS } from './scenario/map.ts';
import type { LoosLike, LoosState, Unit } from './state.ts';
import { canStack, Occupancy } from './units.ts';
import { zoneOfControl } from './zoc.ts';

/**
 * The German set-up zone in map order, as indices into MAP.ids, worked out once: the German set-up
 * choices read it on every query.
 */
const GERMAN_SETUP_ZONE: readonly number[] = MAP.ids.flatMap((hex, i) => (inGermanSetupZone(hex) ? [i] : []));

/** Hexes where a German battalion may set up now (11.2): east of the front line, one unit a hex. */
export function germanSetupHexes(state: LoosLike, occupancy = new Occupancy(state)): string[] {
  const { sides } = occupancy;
  const hexes: string[] = [];
  for (const i of GERMAN_SETUP_ZONE) if (sides[i] === 0) hexes.push(MAP.ids[i]!);
  return hexes;
}

/** Whether a German battalion may set up in `hex` now: germanSetupHexes(state).includes(hex), quicker. */
export function isGermanSetupHex(state: LoosLike, hex: string): boolean {
  return MAP.has(hex) && inGermanSetupZone(hex) && !state.units.some((u) => u.loc === hex);
}

/** The sector a British division has taken by placing its first unit, if any (11.6). */
export function sectorOfDivision(state: LoosLike, division: string): number | null {
  for (const unit of state.units) {
    if (unit.side === 'british' && unit.division === division && MAP.frontLine.has(unit.loc)) {
      return MAP.sectorOfHex.get(unit.loc) ?? null;
    }
  }
  return null;
}

/**
 * What britishSetupHexes reads of a position, worked out once for all the units placed from it:
 * who stands where, and the sector each division has taken (11.6).
 */
export interface BritishSetupContext {
  occupancy: Occupancy;
  sectors: Map<string, number | null>;
}

export function britishSetupContext(state: LoosLike): BritishSetupContext {
  const sectors = new Map<string, number | null>();
  for (const division of BRITISH_DIVISIONS) sectors.set(division.id, sectorOfDivision(state, division.id));
  return { occupancy: new Occupancy(state), sectors };
}

/** Front-line hexes where a British unit may set up (11.6): its division's sector, or a sector no division has taken. */
export function britishSetupHexes(
  state: LoosLike,
  unit: Unit,
  context: BritishSetupContext = britishSetupContext(state),
): string[] {
  const { occupancy, sectors } = context;
  const own = sectors.has(unit.division!)
    ? (sectors.get(unit.division!) ?? null)
    : sectorOfDivision(state, unit.division!);
  const taken = new Set<number>();
  for (const division of BRITISH_DIVISIONS) {
    if (division.id === unit.division) continue;
    const sector = sectors.get(division.id) ?? null;
    if (sector !== null) taken.add(sector);
  }
  const hexes: string[] = [];
  for (const sector of SECTORS) {
    if (own !== null ? sector.number !== own : taken.has(sector.number)) continue;
    for (const hex of sector.front) if (mayJoin(occupancy.at(hex), unit)) hexes.push(hex);
  }
  return hexes;
}

/**
 * Whether `unit` may stand in a hex holding `here` (itself among them if it is there already):
 * canStack of the others with it, without building the list for every hex of every unit's choices.
 */
function mayJoin(here: readonly Unit[], unit: Unit): boolean {
  let other: Unit | undefined;
  let others = 0;
  for (const u of here) {
    if (u.id === unit.id) continue;
    other = u;
    others++;
  }
  return others === 0 || (others === 1 && canStack([other!, unit]));
}

/** Why the German set-up is not finished yet, or null when it is (11.2). */
export function germanSetupProblem(state: LoosLike, occupancy?: Occupancy): string | null {
  let unplaced = 0;
  for (const u of state.units) if (u.side === 'german' && u.loc === 'unplaced') unplaced++;
  if (unplaced > 0) return `${unplaced} battalions are not yet placed.`;
  const zone = zoneOfControl(occupancy ?? new Occupancy(state), 'german', true);
  const open: string[] = [];
  for (const hex of MAP.frontLine) if (!zone.has(hex)) open.push(hex);
  if (open.length > 0)
    return `Every British front-line hex must be in a German zone of control; not yet: ${open.join(', ')}.`;
  return null;
}

/** Why the British set-up is not finished yet, or null when it is (11.6). */
export function britishSetupProblem(state: LoosLike): string | null {
  const unplaced = state.units.filter((u) => u.side === 'british' && u.loc === 'unplaced').length;
  return unplaced > 0 ? `${unplaced} half-brigades are not yet placed.` : null;
}

/**
 * Our suggested German set-up, from history: a battalion in every other hex of the first position
 * (which puts every front-line hex in a zone of control), the rest in the villages and the second
 * position. Divisions are laid out north to south.
 */
export function standardGermanSetup(): ReadonlyMap<string, string> {
  return STANDARD_GERMAN_SETUP;
}

/** Worked out once: the plan is fixed, and a uniformly random player asks for it again and again. */
const STANDARD_GERMAN_SETUP: ReadonlyMap<string, string> = planStandardGermanSetup();

function planStandardGermanSetup(): Map<string, string> {
  const cover: string[] = [];
  for (let column = 4; column <= 28; column += 2) {
    const front = SECTORS.flatMap((s) => s.front).find((hex) => Number(hex.slice(0, 2)) === column)!;
    cover.push(hexId(column, Number(front.slice(2)) - 1));
  }
  const depth = [
    '0209',
    '0513',
    '0908',
    '1110',
    '1208',
    '1410',
    '1508',
    '1710',
    '2010',
    '2212',
    '2310',
    '2312',
    '2809',
    '3205',
  ];
  const hexes = [...cover, ...depth].sort();
  const order = ['14', '111', '3B', '117'];
  const battalions = GERMAN_SETUP_DIVISIONS.slice()
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .flatMap((d) => d.regiments.flatMap((r) => ['I', 'II', 'III'].map((b) => `${b}/${r}`)));
  return new Map(battalions.map((id, i) => [id, hexes[i]!]));
}

/** Our suggested British set-up: each division in its historical sector, brigades stacked. */
export function standardBritishSetup(): Map<string, string> {
  const placement = new Map<string, string>();
  for (const division of BRITISH_DIVISIONS) {
    if (division.historicalSector === null) continue;
    const front = SECTORS[division.historicalSector - 1]!.front;
    division.brigades.forEach((brigade, i) => {
      const hex = front[Math.round((i * (front.length - 1)) / 2)]!;
      placement.set(`${brigade}/1`, hex);
      placement.set(`${brigade}/2`, hex);
    });
  }
  return placement;
}

/** Places a whole side from a plan, resetting the stack order. */
/** Whether the units already stand as `applyPlan` would put them (the same hexes, the same reserves). */
export function followsPlan(s: LoosLike, plan: ReadonlyMap<string, string>): boolean {
  const seen = new Set<string>();
  for (const unit of s.units) {
    const hex = plan.get(unit.id);
    if (hex === undefined) continue;
    if (unit.loc !== hex || unit.reserve !== seen.has(hex)) return false;
    seen.add(hex);
  }
  return true;
}

export function applyPlan(s: LoosState, plan: ReadonlyMap<string, string>): void {
  for (const unit of s.units) {
    const hex = plan.get(unit.id);
    if (hex === undefined) continue;
    unit.loc = hex;
    unit.reserve = false;
  }
  const seen = new Set<string>();
  for (const unit of s.units) {
    const hex = plan.get(unit.id);
    if (hex === undefined) continue;
    unit.reserve = seen.has(hex);
    seen.add(hex);
  }
}
