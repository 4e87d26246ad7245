import type { HexId, Region, ScenarioInfo, Seat, SideStyle } from '@salient/engine';
import type { Edge, Firepower, GeneralQuality, Order, Quality, Rating, Terrain, UnitKind } from '../types.ts';

export type UnitDef = {
  id: string;
  name: string;
  kind: UnitKind;
  firepower: Firepower;
  quality: Quality;
  /** The order the unit takes if its side does not choose loose order for it. */
  order: Order;
  ratings: Rating[];
  stands: number;
  hex: HexId;
};

export type ScenarioDef = {
  info: ScenarioInfo;
  lastTurn: number;
  home: Record<Seat, Edge>;
  generals: Record<Seat, GeneralQuality>;
  /** Hidden terrain is rolled as units come to see it; otherwise `terrain` is the whole map. */
  hiddenTerrain: boolean;
  /** Known terrain; sectors missing here are open (when the terrain is not hidden). */
  terrain: Record<HexId, Terrain>;
  /** Sectors impassable to the listed kinds of unit only (terrain impassable to all is `river`). */
  impassableTo?: Record<HexId, UnitKind[]>;
  forces: Record<Seat, UnitDef[]>;
  /**
   * Stands lost at which each army breaks (at the end of a turn); a side not listed breaks at half
   * its starting stands. Set where play showed the halfway point to favour one side (rulings).
   */
  breakAt?: Record<Seat, number>;
  objectives: Record<HexId, { vp: number; holder: Seat | null; name: string }>;
  regions: Region[];
  sides: SideStyle[];
};

/** Builds a unit definition from the few fields that usually vary. */
export function unitDef(
  id: string,
  name: string,
  hex: HexId,
  kind: UnitKind,
  firepower: Firepower,
  quality: Quality,
  stands: number,
  ratings: Rating[] = [],
  order: Order = 'close',
): UnitDef {
  return { id, name, kind, firepower, quality, order, ratings, stands, hex };
}
