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
  readonly sectorOfHex = new Map<string, number>();
  readonly trenchHexes = new Set<string>();
  readonly trenchSides = new Set<string>();
  readonly canalSides = new Set<string>();
  readonly townOfHex = new Map<string, string>();
  readonly townHexes: readonly string[];
  readonly highGround = new Set<string>(HIGH_GROUND);
  readonly entryHexes = new Set<string>(ENTRY_HEXES);
  readonly sectors: readonly Sector[] = SECTORS;

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
    return this.trenchSides.has(edgeKey(a, b));
  }

  isCanalSide(a: string, b: string): boolean {
    return this.canalSides.has(edgeKey(a, b));
  }

  /** Movement points to move from `from` into the adjacent hex `to`. */
  enterCost(from: string, to: string): number {
    let cost = TERRAIN_COST[this.terrainOf(to)];
    if (this.isTrenchSide(from, to)) cost += TRENCH_HEXSIDE_COST;
    if (this.isCanalSide(from, to)) cost += CANAL_HEXSIDE_COST;
    return cost;
  }

  /** Blocks line of sight (17.2): anything other than clear, high ground included. */
  blocksSight(hex: string): boolean {
    return this.terrainOf(hex) !== 'clear' || this.highGround.has(hex);
  }

  /** The British trenches of 12.2: front and reserve lines. */
  isBritishTrench(hex: string): boolean {
    return this.frontLine.has(hex) || this.reserveLine.has(hex);
  }
}

export const MAP = new LoosMap();
