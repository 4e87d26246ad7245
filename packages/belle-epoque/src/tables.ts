import type { Firepower, GeneralQuality, Order, Quality, Terrain, Unit, UnitKind } from './types.ts';

/** Mustering: the most stands one unit of each kind may have. */
export const MAX_STANDS: Record<UnitKind, number> = {
  infantry: 4,
  tribesmen: 6,
  cavalry: 3,
  mountedInfantry: 3,
};

/** March allowance in UD; every kind's basic move is 1 UD. */
export const MARCH: Record<UnitKind, number> = {
  infantry: 2,
  tribesmen: 3,
  cavalry: 4,
  mountedInfantry: 3,
};

export const BASIC_MOVE = 1;

/** Reactivity test: the basic score by quality and order. */
export const BASIC_SCORE: Record<Quality, Record<Order, number>> = {
  poor: { loose: 1, close: 2 },
  trained: { loose: 2, close: 3 },
  elite: { loose: 3, close: 4 },
};

export const COMMAND_DIE: Record<GeneralQuality, number> = { mediocre: 4, average: 6, superior: 8 };

/** Stands per command die. */
export const STANDS_PER_COMMAND_DIE = 8;

/**
 * The fire table, index 0 for 1 UD up to index 3 for 4 UD: the "to hit" number when the firer is
 * still, and when it made a basic move this activation. null means it cannot fire at that range.
 * The 4 UD column comes from the document's flattened list read in A-to-G order (see rulings).
 */
export const FIRE_TABLE: Record<Firepower, { still: (number | null)[]; moving: (number | null)[] }> = {
  A: { still: [5, 4, 3, 2], moving: [3, 2, 1, null] },
  B: { still: [5, 4, 2, 1], moving: [3, 1, null, null] },
  C: { still: [4, 3, 1, null], moving: [2, null, null, null] },
  D: { still: [3, 2, 2, 1], moving: [1, null, null, null] },
  E: { still: [3, 2, 1, null], moving: [null, null, null, null] },
  F: { still: [2, 1, 1, null], moving: [null, null, null, null] },
  G: { still: [1, null, null, null], moving: [null, null, null, null] },
};

export const MAX_FIRE_RANGE = 4;
export const BASIC_SIGHT = 4;

export type TerrainRules = {
  label: string;
  /** Cover: harder to see and to hit. */
  cover: boolean;
  /** Rough: no fire or assault on entering, no march on leaving. */
  rough: boolean;
  /** A moving unit halts on entering. */
  halts: boolean;
  blocksSight: boolean;
  /** Defending infantry gains this many SS levels. */
  defence: number;
  fortified: boolean;
  impassable: boolean;
  height: number;
};

export const TERRAIN: Record<Terrain, TerrainRules> = {
  open: rules('Open', {}),
  hill: rules('Hill', { halts: true, blocksSight: true, defence: 1, height: 1 }),
  woods: rules('Dense woods', { cover: true, rough: true, halts: true, blocksSight: true }),
  village: rules('Village', { cover: true, halts: true, blocksSight: true, defence: 1 }),
  marsh: rules('Marsh', { rough: true }),
  fort: rules('Fortifications', { cover: true, halts: true, defence: 2, fortified: true }),
  river: rules('River', { impassable: true }),
};

function rules(label: string, overrides: Partial<Omit<TerrainRules, 'label'>>): TerrainRules {
  return {
    label,
    cover: false,
    rough: false,
    halts: false,
    blocksSight: false,
    defence: 0,
    fortified: false,
    impassable: false,
    height: 0,
    ...overrides,
  };
}

/** Tribesmen and mounted infantry fight on foot, so they count as infantry wherever the rules say so. */
export function fightsOnFoot(unit: Unit): boolean {
  return unit.kind !== 'cavalry';
}

/** Magazine-rifle armies (A and B) use smokeless powder: a still unit of theirs is hard to spot. */
export function hasSmokelessPowder(unit: Unit): boolean {
  return unit.firepower === 'A' || unit.firepower === 'B';
}

/** Formed infantry (mounted infantry too) chooses its order; tribesmen and cavalry are always close. */
export function choosesOrder(unit: Unit): boolean {
  return unit.kind === 'infantry' || unit.kind === 'mountedInfantry';
}
