import { bandStart, hexesUnder, hexesWithin } from './scale.ts';
import type { Cover, Quality, Stand, StandKind, Terrain, Weapon } from './types.ts';

/** How a terrain plays: movement row of the table, cover, sight. */
export type TerrainRules = {
  label: string;
  movement: 'crossCountry' | 'close' | 'trench' | 'impassable';
  cover: Cover;
  blocksSight: boolean;
};

export const TERRAIN: Record<Terrain, TerrainRules> = {
  open: { label: 'Open ground', movement: 'crossCountry', cover: 'open', blocksSight: false },
  fields: { label: 'Hedged fields', movement: 'crossCountry', cover: 'soft', blocksSight: false },
  woods: { label: 'Woods', movement: 'close', cover: 'soft', blocksSight: true },
  village: { label: 'Built-up area', movement: 'close', cover: 'medium', blocksSight: true },
  marsh: { label: 'Marsh', movement: 'close', cover: 'open', blocksSight: false },
  trench: { label: 'Trench', movement: 'trench', cover: 'medium', blocksSight: false },
  breastwork: { label: 'Breastwork', movement: 'trench', cover: 'medium', blocksSight: false },
  strongpoint: { label: 'Strongpoint', movement: 'close', cover: 'hard', blocksSight: true },
  canal: { label: 'Canal', movement: 'impassable', cover: 'open', blocksSight: false },
  crest: { label: 'Crest', movement: 'crossCountry', cover: 'soft', blocksSight: true },
};

/** Terrains that count as a defended position for SOS areas and close assault. */
export const DEFENDED: ReadonlySet<Terrain> = new Set(['trench', 'breastwork', 'strongpoint', 'village']);

/** Movement classes: the columns of the movement table, plus the man-handled rates. */
export type MoveClass = 'infantry' | 'cavalry' | 'limberedGun' | 'manhandledWeapon' | 'manhandledGun';

export type MoveRow = 'crossCountry' | 'road' | 'close' | 'trench';

/** The movement table in centimetres (null: not possible). */
export const MOVE_CM: Record<'infantry' | 'cavalry' | 'fieldArtillery', Record<MoveRow, number | null>> = {
  infantry: { crossCountry: 20, road: 25, close: 10, trench: 10 },
  cavalry: { crossCountry: 30, road: 35, close: 15, trench: null },
  fieldArtillery: { crossCountry: 20, road: 35, close: 10, trench: null },
};
export const VETERAN_EXTRA_CM = 5;
export const MANHANDLED_GUN_CM = 3;

/** Hexes a move action covers on one kind of ground. */
export function moveHexes(cls: MoveClass, row: MoveRow, quality: Quality): number | null {
  // A deployed gun is man-handled 3 cm on any ground, but the field artillery column's "No" along a
  // trench holds for it as for a limbered one: a gun cannot be dragged along the bays.
  if (cls === 'manhandledGun') return row === 'trench' ? null : hexesWithin(MANHANDLED_GUN_CM);
  const base =
    cls === 'cavalry' ? MOVE_CM.cavalry : cls === 'limberedGun' ? MOVE_CM.fieldArtillery : MOVE_CM.infantry;
  const cm = base[row];
  if (cm === null) return null;
  if (cls === 'manhandledWeapon') return Math.max(1, hexesWithin(cm / 2));
  const extra = cls === 'infantry' && (quality === 'veteran' || quality === 'storm') ? VETERAN_EXTRA_CM : 0;
  return hexesWithin(cm + extra);
}

export function moveClassOf(stand: Pick<Stand, 'kind' | 'packed' | 'gun'>): MoveClass {
  const { kind, packed } = stand;
  switch (kind) {
    case 'cavalry':
      return 'cavalry';
    case 'mg':
    case 'lightMortar':
    case 'mediumMortar':
      return packed ? 'infantry' : 'manhandledWeapon';
    case 'fieldGun':
    case 'howitzer':
      return stand.gun === 'limbered' ? 'limberedGun' : 'manhandledGun';
    default:
      return 'infantry';
  }
}

/** Actions from an order roll. Rifle companies and cavalry use the company table. */
export type OrderTable = 'mg' | 'artillery' | 'company';

export function orderTableOf(kind: StandKind | 'battery'): OrderTable | null {
  switch (kind) {
    case 'company':
    case 'cavalry':
      return 'company';
    case 'mg':
    case 'lightMortar':
    case 'mediumMortar':
      return 'mg';
    case 'fieldGun':
    case 'howitzer':
    case 'battery':
      return 'artillery';
    default:
      return null;
  }
}

/** Actions for a modified roll; a natural 1 is handled by the caller (always no action). */
export function actionsFor(table: OrderTable, total: number): number {
  switch (table) {
    case 'mg':
      return total <= 1 ? 0 : total === 2 ? 1 : total <= 5 ? 2 : 3;
    case 'artillery':
      return total <= 2 ? 0 : total <= 5 ? 1 : 2;
    case 'company':
      return total <= 1 ? 0 : total <= 4 ? 1 : total <= 6 ? 2 : 3;
  }
}

export const MAX_ACTIONS: Record<OrderTable, number> = { mg: 3, artillery: 2, company: 3 };

/** The firing table: [suppress, kill] by cover; kill null means "Ass": only a close assault will do. */
export const FIRE_TABLE: Record<Weapon, Record<Cover, [number, number | null]>> = {
  mg: { open: [3, 4], soft: [4, 5], medium: [5, 7], hard: [6, 7] },
  infantry: { open: [3, 4], soft: [5, 6], medium: [6, 7], hard: [7, null] },
  fieldGun: { open: [3, 4], soft: [4, 5], medium: [5, 6], hard: [6, 7] },
  howitzer: { open: [3, 4], soft: [3, 4], medium: [4, 6], hard: [6, 7] },
  heavy: { open: [2, 3], soft: [3, 4], medium: [4, 5], hard: [5, 6] },
  gas: { open: [3, 5], soft: [3, 5], medium: [3, 5], hard: [3, 5] },
};

/** The weapon line a stand fires on (null: it does not fire). */
export function weaponOf(kind: StandKind): Weapon | null {
  switch (kind) {
    case 'company':
    case 'cavalry':
      return 'infantry';
    case 'mg':
      return 'mg';
    case 'fieldGun':
      return 'fieldGun';
    case 'howitzer':
    case 'lightMortar':
      return 'howitzer';
    case 'mediumMortar':
      return 'heavy';
    default:
      return null;
  }
}

/** Maximum ranges in hexes. Guns fire over open sights out to 200 cm. */
export const RANGE: Record<'mg' | 'infantry' | 'gun' | 'lightMortar' | 'mediumMortar', number> = {
  mg: hexesWithin(70),
  infantry: hexesWithin(45),
  gun: hexesWithin(200),
  lightMortar: hexesWithin(80),
  mediumMortar: hexesWithin(120),
};

export function rangeOf(kind: StandKind): number {
  switch (kind) {
    case 'mg':
      return RANGE.mg;
    case 'company':
    case 'cavalry':
      return RANGE.infantry;
    case 'fieldGun':
    case 'howitzer':
      return RANGE.gun;
    case 'lightMortar':
      return RANGE.lightMortar;
    case 'mediumMortar':
      return RANGE.mediumMortar;
    default:
      return 0;
  }
}

/** Direct-fire factors. */
export const MG_SHORT_RANGE = hexesUnder(10);
export const INFANTRY_SHORT_RANGE = hexesUnder(5);
/**
 * Open-sights bands, measured like the short-range bands as the gap between bases: from 100 cm -1
 * (21 hexes and more), from 150 cm -2 (31 and more, to the 40-hex maximum measured centre to centre).
 */
export const OPEN_SIGHTS_FAR = bandStart(150);
export const OPEN_SIGHTS_MID = bandStart(100);
export const MG_BEATEN_ZONE = hexesWithin(15);

/** Command radius: 25 cm from the battalion commander. */
export const COMMAND_RADIUS = hexesWithin(25);

/** Morale retreats. */
export const LONG_RETREAT = hexesWithin(40);
export const SHORT_RETREAT = hexesWithin(20);

/** SOS: the area's centre within 5 cm of a defended position, so each of its hexes is within 1 hex. */
export const SOS_REACH = hexesWithin(5);
/** A defender calling SOS fire must be this close to the area (designed: 10 cm). */
export const SOS_CALLER_REACH = hexesWithin(10);

/** Designed: the chance a battery's fire cuts wire in a hex of its template (roll at or above). */
export const WIRE_CUT: Record<Weapon, number | null> = {
  fieldGun: 6,
  howitzer: 4,
  heavy: 3,
  mg: null,
  infantry: null,
  gas: null,
};

export type MoraleResult = 'rout' | 'longRetreat' | 'shortRetreat' | 'ok';

/** The morale table for a modified roll. */
export function moraleResult(total: number): MoraleResult {
  if (total <= 0) return 'rout';
  if (total === 1) return 'longRetreat';
  if (total <= 3) return 'shortRetreat';
  return 'ok';
}

export function moraleModifier(quality: Quality): number {
  return quality === 'veteran' || quality === 'storm' ? 1 : quality === 'raw' ? -1 : 0;
}

export const COMMAND_KINDS: ReadonlySet<StandKind> = new Set(['bnCommander', 'regtCommander', 'liaison']);
export const CREWED_KINDS: ReadonlySet<StandKind> = new Set([
  'mg',
  'lightMortar',
  'mediumMortar',
  'fieldGun',
  'howitzer',
]);
export const RIFLE_KINDS: ReadonlySet<StandKind> = new Set(['company', 'cavalry']);
/** Stands on the field artillery column: limbered or deployed. */
export const GUN_KINDS: ReadonlySet<StandKind> = new Set(['fieldGun', 'howitzer']);
