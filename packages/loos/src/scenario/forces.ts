/**
 * Orders of battle and counter values: our design from history (docs/design.md), since the folio's
 * counters are not available to us.
 */
export type Side = 'british' | 'german';

export interface Factors {
  attack: number;
  defense: number;
  movement: number;
}

/** British division quality decides its half-brigades' factors. */
export type BritishQuality = 'regular' | 'new-army' | 'green';

export interface BritishDivision {
  id: string;
  name: string;
  quality: BritishQuality;
  brigades: string[];
  /** Sector of the historical deployment, or null for the two reserve divisions. */
  historicalSector: number | null;
}

export const BRITISH_DIVISIONS: BritishDivision[] = [
  { id: '2', name: '2nd Division', quality: 'regular', brigades: ['5', '6', '19'], historicalSector: 1 },
  {
    id: '9',
    name: '9th (Scottish) Division',
    quality: 'new-army',
    brigades: ['26', '27', '28'],
    historicalSector: 2,
  },
  { id: '7', name: '7th Division', quality: 'regular', brigades: ['20', '21', '22'], historicalSector: 3 },
  { id: '1', name: '1st Division', quality: 'regular', brigades: ['1', '2', '3'], historicalSector: 4 },
  {
    id: '15',
    name: '15th (Scottish) Division',
    quality: 'new-army',
    brigades: ['44', '45', '46'],
    historicalSector: 5,
  },
  {
    id: '47',
    name: '47th (London) Division',
    quality: 'new-army',
    brigades: ['140', '141', '142'],
    historicalSector: 6,
  },
  { id: '21', name: '21st Division', quality: 'green', brigades: ['62', '63', '64'], historicalSector: null },
  { id: '24', name: '24th Division', quality: 'green', brigades: ['71', '72', '73'], historicalSector: null },
];

/** Half-brigade factors: [full, depleted]. */
export const BRITISH_FACTORS: Record<BritishQuality, [Factors, Factors]> = {
  regular: [
    { attack: 4, defense: 3, movement: 3 },
    { attack: 2, defense: 2, movement: 3 },
  ],
  'new-army': [
    { attack: 3, defense: 3, movement: 3 },
    { attack: 2, defense: 1, movement: 3 },
  ],
  green: [
    { attack: 3, defense: 2, movement: 3 },
    { attack: 1, defense: 1, movement: 3 },
  ],
};

export interface GermanSetupDivision {
  id: string;
  name: string;
  /** Regiments whose three battalions start on the map. */
  regiments: string[];
}

/** The 27 battalions that set up (11.2): nine regiments of three battalions. */
export const GERMAN_SETUP_DIVISIONS: GermanSetupDivision[] = [
  { id: '14', name: '14th Division', regiments: ['16', '56', '57'] },
  { id: '117', name: '117th Division', regiments: ['11R', '157', '22R'] },
  { id: '111', name: '111th Division', regiments: ['73', '76'] },
  { id: '3B', name: '3rd Bavarian Division', regiments: ['23B'] },
];

export interface GermanReinforcementDivision {
  id: string;
  name: string;
  regiments: string[];
  /** For each game turn from 1, the highest die roll that releases the division (0: never, 6: always). */
  release: Record<number, number>;
}

/** The 11 regiments that arrive by die roll (11.3) and our release table. */
export const GERMAN_REINFORCEMENTS: GermanReinforcementDivision[] = [
  {
    id: '8',
    name: '8th Division',
    regiments: ['72', '93', '153', '36F'],
    release: { 1: 2, 2: 4, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6 },
  },
  {
    id: '2G',
    name: '2nd Guard Reserve Division',
    regiments: ['15GR', '55GR', '77GR', '91GR'],
    release: { 1: 0, 2: 2, 3: 4, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6 },
  },
  {
    id: '4B',
    name: '4th Bavarian Division',
    regiments: ['5B', '9B', '5BR'],
    release: { 1: 0, 2: 0, 3: 2, 4: 4, 5: 6, 6: 6, 7: 6, 8: 6 },
  },
];

/** A battalion counter, named or red-dot, and a regiment at one step (13.1) show these. */
export const BATTALION_FACTORS: Factors = { attack: 1, defense: 2, movement: 4 };

/** Regiment factors by remaining steps (3 full, 2 reduced). */
export const REGIMENT_FACTORS: Record<2 | 3, Factors> = {
  3: { attack: 4, defense: 5, movement: 4 },
  2: { attack: 3, defense: 3, movement: 4 },
};

/** Battalion counters in all: 27 that set up and the 2 blank ones that start in the deadpile (11.2). */
export const BATTALION_COUNTERS = 29;
export const INITIAL_DEADPILE = 2;
