import { edgeKey, HexGrid } from '@salient/engine';
import {
  BROKEN,
  CANAL_HEXSIDES,
  ENTRY_HEXES,
  GRID,
  HIGH_GROUND,
  SECTORS,
  type Sector,
  type TerrainType,
  TOWNS,
  TRENCH_LINES,
  WOODS,
} from './scenario/map.ts';

/** Terrain cost to enter a hex (our standard rules, docs/rules.md 4.2). */
const TERRAIN_COST: Record<TerrainType, number> = { clear: 1, town: 1, woods: 2, broken: 2 };

/** Crossing a German trench hexside costs one more (14.3); crossing the canal two more. */
export const TRENCH_HEXSIDE_COST = 1;
export const CANAL_HEXSIDE_COST = 2;

/** The static map: terrain, lines and hexsides, looked up by hex id. Built once; never changes. */
export class LoosMap {
  readonly grid = new HexGrid(GRID);
  readonly terrain = new Map<string, TerrainType>();
  readonly frontLine = new Set<string>();
  readonly reserveLine = new Set<string>();
  readonly supportLine = new Set<string>();
  readonly sectorOfHex = new Map<string, number>();
  readonly trenchHexes = new Set<string>();
  readonly trenchSides = new Set<string>();
  readonly canalSides = new Set<string>();
  readonly townOfHex = new Map<string, string>();
  readonly townHexes: readonly string[];
  readonly highGround = new Set<string>(HIGH_GROUND);
  readonly entryHexes = new Set<string>(ENTRY_HEXES);
  readonly sectors: readonly Sector[] = SECTORS;
  /** Hexes by a dense index, for the movement search; `adjacency[i]` lists neighbour indices. */
  readonly ids: readonly string[];
  readonly index = new Map<string, number>();
  readonly adjacency: (readonly number[])[] = [];
  /** Movement points to enter `adjacency[i][k]` from hex i, and whether that crosses a trench hexside. */
  readonly stepCost: (readonly number[])[] = [];
  readonly stepTrench: (readonly boolean[])[] = [];
  readonly frontIndex: Uint8Array;
  /** Neighbour indices into which a unit in hex i projects its zone of control in play, by side (5.0). */
  readonly zoneReach: Record<'british' | 'german', (readonly number[])[]> = { british: [], german: [] };
  /** The same for the set-up check (projectsZone with forSetup), asked on every German set-up choice. */
  readonly setupZoneReach: Record<'british' | 'german', (readonly number[])[]> = { british: [], german: [] };
  private readonly trenchNeighbours = new Map<string, Set<string>>();
  private readonly canalNeighbours = new Map<string, Set<string>>();

  constructor() {
    for (const id of this.grid.ids) this.terrain.set(id, 'clear');
    for (const town of TOWNS) {
      for (const hex of town.hexes) {
        this.terrain.set(hex, 'town');
        this.townOfHex.set(hex, town.name);
      }
    }
    this.townHexes = TOWNS.flatMap((t) => t.hexes);
    for (const hex of WOODS) this.terrain.set(hex, 'woods');
    for (const hex of BROKEN) this.terrain.set(hex, 'broken');
    for (const sector of SECTORS) {
      for (const hex of sector.front) {
        this.frontLine.add(hex);
        this.sectorOfHex.set(hex, sector.number);
      }
      for (const hex of sector.reserve) {
        this.reserveLine.add(hex);
        this.sectorOfHex.set(hex, sector.number);
      }
      for (const hex of sector.support) {
        this.supportLine.add(hex);
        this.sectorOfHex.set(hex, sector.number);
      }
    }
    for (const line of TRENCH_LINES) {
      const inLine = new Set(line);
      for (const hex of line) {
        this.trenchHexes.add(hex);
        const y = this.grid.center(hex).y;
        // A trench faces west, which is down the map: its hexsides are those toward lower hexes
        // that are not part of the same line.
        for (const n of this.grid.neighbors(hex)) {
          if (!inLine.has(n) && this.grid.center(n).y > y + 1e-9) this.trenchSides.add(edgeKey(hex, n));
        }
      }
    }
    for (const [a, b] of CANAL_HEXSIDES) this.canalSides.add(edgeKey(a, b));
    const link = (sides: Map<string, Set<string>>, key: string) => {
      const [a, b] = key.split('-') as [string, string];
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const set = sides.get(x);
        if (set) set.add(y);
        else sides.set(x, new Set([y]));
      }
    };
    for (const key of this.trenchSides) link(this.trenchNeighbours, key);
    for (const key of this.canalSides) link(this.canalNeighbours, key);
    this.ids = this.grid.ids;
    for (const [i, id] of this.ids.entries()) this.index.set(id, i);
    this.frontIndex = new Uint8Array(this.ids.length);
    for (const hex of this.frontLine) this.frontIndex[this.index.get(hex)!] = 1;
    for (const id of this.ids) {
      const around = this.grid.neighbors(id);
      this.adjacency.push(around.map((n) => this.index.get(n)!));
      this.stepCost.push(around.map((n) => this.enterCost(id, n)));
      this.stepTrench.push(around.map((n) => this.isTrenchSide(id, n)));
      for (const side of ['british', 'german'] as const) {
        this.zoneReach[side].push(
          around.filter((n) => this.projectsZone(side, id, n, false)).map((n) => this.index.get(n)!),
        );
        this.setupZoneReach[side].push(
          around.filter((n) => this.projectsZone(side, id, n, true)).map((n) => this.index.get(n)!),
        );
      }
    }
  }

  has(hex: string): boolean {
    return this.grid.has(hex);
  }

  neighbors(hex: string): readonly string[] {
    return this.grid.neighbors(hex);
  }

  terrainOf(hex: string): TerrainType {
    return this.terrain.get(hex) ?? 'clear';
  }

  isTrenchSide(a: string, b: string): boolean {
    return this.trenchNeighbours.get(a)?.has(b) ?? false;
  }

  isCanalSide(a: string, b: string): boolean {
    return this.canalNeighbours.get(a)?.has(b) ?? false;
  }

  /**
   * Whether a unit of `side` in `from` has the adjacent hex `into` in its zone of control (5.0):
   * not across the canal; German zones not into the British front line (14.2) save for the set-up
   * check; British zones not into a trench hex across its trench hexside (14.3.1).
   */
  projectsZone(side: 'british' | 'german', from: string, into: string, forSetup: boolean): boolean {
    if (this.isCanalSide(from, into)) return false;
    if (side === 'german') return forSetup || !this.frontLine.has(into);
    return !(this.trenchHexes.has(into) && this.isTrenchSide(from, into));
  }

  /** Movement points to move from `from` into the adjacent hex `to`. */
  enterCost(from: string, to: string): number {
    let cost = TERRAIN_COST[this.terrainOf(to)];
    if (this.isTrenchSide(from, to)) cost += TRENCH_HEXSIDE_COST;
    if (this.isCanalSide(from, to)) cost += CANAL_HEXSIDE_COST;
    return cost;
  }

  private readonly sight = new Map<number, number[]>();

  /**
   * Hexes (by index) from which a unit observes hex `target` by adjacency or line of sight (17.2).
   * Terrain never changes, so each answer is worked out once.
   */
  sightOf(target: number): readonly number[] {
    let observers = this.sight.get(target);
    if (!observers) {
      const id = this.ids[target]!;
      observers = [];
      for (let i = 0; i < this.ids.length; i++) {
        const d = this.grid.distance(this.ids[i]!, id);
        if (d === 0 || d > SIGHT_RANGE) continue;
        if (d === 1 || lineOfSight(this.ids[i]!, id)) observers.push(i);
      }
      this.sight.set(target, observers);
    }
    return observers;
  }

  /** Blocks line of sight (17.2): anything other than clear, high ground included. */
  blocksSight(hex: string): boolean {
    return this.terrainOf(hex) !== 'clear' || this.highGround.has(hex);
  }

  /** The British trenches of 12.2: front and reserve lines, not the support hexes between (rulings R18). */
  isBritishTrench(hex: string): boolean {
    return this.frontLine.has(hex) || this.reserveLine.has(hex);
  }
}

export const MAP = new LoosMap();

/** The longest line of sight, in hexes (17.2). */
export const SIGHT_RANGE = 4;

/**
 * A line of sight from hex centre to hex centre is blocked by any hex on it other than clear, the
 * target's included and the observer's not; along a hexside, only when both hexes block. An observer
 * on high ground ignores all blocking terrain except intervening high ground (rulings R9).
 */
export function lineOfSight(observer: string, target: string): boolean {
  const elevated = MAP.highGround.has(observer);
  const steps = MAP.grid.line(observer, target);
  for (let i = 1; i < steps.length; i++) {
    const isTarget = i === steps.length - 1;
    if (steps[i]!.every((hex) => blocksFrom(hex, elevated, isTarget))) return false;
  }
  return true;
}

function blocksFrom(hex: string, elevatedObserver: boolean, isTarget: boolean): boolean {
  if (!elevatedObserver) return MAP.blocksSight(hex);
  return !isTarget && MAP.highGround.has(hex);
}
