import { violation } from '@salient/engine';
import { MAP } from './map.ts';
import {
  BATTALION_FACTORS,
  BRITISH_DIVISIONS,
  BRITISH_FACTORS,
  type Factors,
  REGIMENT_FACTORS,
} from './scenario/forces.ts';
import type { LoosLike, Side, Unit } from './state.ts';

const BRITISH_QUALITY = new Map(BRITISH_DIVISIONS.map((d) => [d.id, d.quality]));

/** The factors printed on the side of the counter a unit now shows. */
export function factorsOf(unit: Unit): Factors {
  switch (unit.kind) {
    case 'half-brigade': {
      const quality = BRITISH_QUALITY.get(unit.division ?? '') ?? 'green';
      return BRITISH_FACTORS[quality][unit.steps >= 2 ? 0 : 1];
    }
    case 'regiment':
      return unit.steps >= 2 ? REGIMENT_FACTORS[unit.steps as 2 | 3] : BATTALION_FACTORS;
    default:
      return BATTALION_FACTORS;
  }
}

export function maxSteps(unit: Unit): number {
  return unit.kind === 'half-brigade' ? 2 : unit.kind === 'regiment' ? 3 : 1;
}

export function findUnit(state: LoosLike, id: unknown): Unit {
  const unit = typeof id === 'string' ? state.units.find((u) => u.id === id) : undefined;
  if (!unit) violation('UNKNOWN_UNIT', `There is no unit ${String(id)}.`);
  return unit;
}

/** Units on the map by hex, the front-line unit first. */
export class Occupancy {
  private readonly byIndex: (Unit[] | undefined)[] = new Array(MAP.ids.length);
  /** By hex index: 0 empty, 1 British, 2 German. */
  readonly sides = new Uint8Array(MAP.ids.length);

  constructor(readonly state: LoosLike) {
    for (const unit of state.units) {
      const i = MAP.index.get(unit.loc);
      if (i === undefined) continue;
      this.sides[i] = unit.side === 'british' ? 1 : 2;
      const here = this.byIndex[i];
      if (!here) this.byIndex[i] = [unit];
      else if (unit.reserve) here.push(unit);
      else here.unshift(unit);
    }
  }

  at(hex: string): readonly Unit[] {
    const i = MAP.index.get(hex);
    return (i === undefined ? undefined : this.byIndex[i]) ?? [];
  }

  front(hex: string): Unit | undefined {
    return this.at(hex)[0];
  }

  sideAt(hex: string): Side | null {
    return this.at(hex)[0]?.side ?? null;
  }

  *hexes(): IterableIterator<[string, Unit[]]> {
    for (let i = 0; i < this.byIndex.length; i++) {
      const here = this.byIndex[i];
      if (here) yield [MAP.ids[i]!, here];
    }
  }
}

/**
 * Whether units may end a phase together in one hex (18.1): at most two, of one German division or
 * one British brigade. Replacement battalions belong to no division and never stack.
 */
export function canStack(units: readonly Unit[]): boolean {
  if (units.length <= 1) return true;
  if (units.length > 2) return false;
  const [a, b] = units as [Unit, Unit];
  if (a.side !== b.side) return false;
  if (a.side === 'british') return a.brigade !== null && a.brigade === b.brigade;
  return a.division !== null && a.division === b.division;
}

/** Puts `movers` (a unit, or a front unit with its reserve) into a hex, keeping stack order. */
export function placeInHex(occupants: readonly Unit[], movers: readonly Unit[], hex: string): void {
  const arrivingAsStack = movers.length > 1;
  movers.forEach((unit, i) => {
    unit.loc = hex;
    // A unit joining a hex goes to the reserve line; a moving stack keeps its order (rulings R12).
    unit.reserve = arrivingAsStack ? i > 0 : occupants.length > 0;
  });
}

/** The unit and, if it is the front of a stack, its reserve unit: they retreat and advance together (18.3). */
export function withReserve(occupancy: Occupancy, unit: Unit): Unit[] {
  if (unit.reserve) return [unit];
  const here = occupancy.at(unit.loc);
  return here.length > 1 && here[0] === unit ? [...here] : [unit];
}
