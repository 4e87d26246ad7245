import { rngFromSeed } from '@salient/engine';
import {
  BRITISH_DIVISIONS,
  GERMAN_REINFORCEMENTS,
  GERMAN_SETUP_DIVISIONS,
  INITIAL_DEADPILE,
} from './scenario/forces.ts';
import type { LoosState, Unit } from './state.ts';

export const SCENARIO_ID = 'loos-1915';

/**
 * Field by field in the order every copy of a unit has (index.ts copyUnit): units of one shape keep
 * the code that copies and compares them fast.
 */
function unit(f: Omit<Unit, 'reserve'>): Unit {
  return {
    id: f.id,
    name: f.name,
    side: f.side,
    kind: f.kind,
    division: f.division,
    brigade: f.brigade,
    steps: f.steps,
    loc: f.loc,
    reserve: false,
  };
}

/** The order of battle at the start of set-up (11.1-11.7). */
export function initialUnits(): Unit[] {
  const units: Unit[] = [];
  for (const division of BRITISH_DIVISIONS) {
    for (const brigade of division.brigades) {
      for (const half of [1, 2]) {
        units.push(
          unit({
            id: `${brigade}/${half}`,
            name: `${brigade} Bde/${half} (${division.id} Div)`,
            side: 'british',
            kind: 'half-brigade',
            division: division.id,
            brigade,
            steps: 2,
            loc: division.historicalSector === null ? 'reserves' : 'unplaced',
          }),
        );
      }
    }
  }
  for (const division of GERMAN_SETUP_DIVISIONS) {
    for (const regiment of division.regiments) {
      for (const battalion of ['I', 'II', 'III']) {
        units.push(
          unit({
            id: `${battalion}/${regiment}`,
            name: `${battalion}/${regiment} (${division.id} Div)`,
            side: 'german',
            kind: 'battalion',
            division: division.id,
            brigade: null,
            steps: 1,
            loc: 'unplaced',
          }),
        );
      }
    }
  }
  for (const division of GERMAN_REINFORCEMENTS) {
    for (const regiment of division.regiments) {
      units.push(
        unit({
          id: `IR ${regiment}`,
          name: `IR ${regiment} (${division.id} Div)`,
          side: 'german',
          kind: 'regiment',
          division: division.id,
          brigade: null,
          steps: 3,
          loc: 'awaiting-release',
        }),
      );
    }
  }
  return units;
}

export function initialState(seed: string): LoosState {
  return {
    game: 'loos',
    scenario: SCENARIO_ID,
    turn: 0,
    phase: { kind: 'deployment', side: 'german' },
    units: initialUnits(),
    deadpile: INITIAL_DEADPILE,
    replacementSerial: 0,
    britishHexes: [],
    artilleryUsed: { british: 0, german: 0 },
    aircraft: null,
    released: [],
    committed: {},
    pending: [],
    outcome: null,
    rng: rngFromSeed(seed),
  };
}
