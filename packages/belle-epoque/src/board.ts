import { type BoardSpec, objectiveRegions, objectivesOverlay, type TerrainKind } from '@salient/engine';
import { grid, ROWS } from './grid.ts';
import type { ScenarioDef } from './scenarios/scenario.ts';
import { TERRAIN } from './tables.ts';
import type { Terrain, UnitKind } from './types.ts';

const FILLS: Record<Terrain, { fill: string; pattern: TerrainKind['pattern'] }> = {
  open: { fill: '#e8e4c9', pattern: 'none' },
  hill: { fill: '#c9a66b', pattern: 'rough' },
  woods: { fill: '#6b8e4e', pattern: 'trees' },
  village: { fill: '#b0a8a0', pattern: 'buildings' },
  marsh: { fill: '#9fb8ad', pattern: 'rough' },
  fort: { fill: '#8c7b6b', pattern: 'buildings' },
  river: { fill: '#5b8db8', pattern: 'none' },
};

const KNOWN_KINDS: TerrainKind[] = (Object.keys(TERRAIN) as Terrain[]).map((id) => ({
  id,
  label: TERRAIN[id].label,
  ...FILLS[id],
}));

const KIND_NAMES: Record<UnitKind, string> = {
  infantry: 'infantry',
  tribesmen: 'tribesmen',
  cavalry: 'cavalry',
  mountedInfantry: 'mounted infantry',
};

/** One hatched overlay per group of kinds the scenario shuts out of some sectors. */
function closedOverlays(def: ScenarioDef): BoardSpec['overlays'] {
  const byKinds = new Map<string, string[]>();
  for (const [hex, kinds] of Object.entries(def.impassableTo ?? {})) {
    const key = kinds.map((k) => KIND_NAMES[k]).join(', ');
    byKinds.set(key, [...(byKinds.get(key) ?? []), hex]);
  }
  return [...byKinds].map(([kinds, locs]) => ({
    id: `impassable-${kinds.replace(/\W+/g, '-')}`,
    label: `Impassable to ${kinds}`,
    locs,
    style: 'hatch' as const,
    color: '#333333',
  }));
}

/** The static board: on a hidden-terrain scenario every sector is drawn unknown until discovered. */
export function boardOf(def: ScenarioDef): BoardSpec {
  const unknown: TerrainKind = { id: 'unknown', label: 'Unexplored', fill: '#c8c8c8', pattern: 'none' };
  const terrain: Record<string, string> = {};
  if (!def.hiddenTerrain)
    for (const [hex, t] of Object.entries(def.terrain)) if (t !== 'open') terrain[hex] = t;
  const [first, second] = def.info.seats.map((s) => s.id);
  const edgeRow = (side: string | undefined) => (side !== undefined && def.home[side] === 'north' ? 1 : ROWS);
  return {
    topology: { kind: 'hex', grid: grid.spec },
    north: 'up',
    terrainKinds: def.hiddenTerrain ? [unknown, ...KNOWN_KINDS] : KNOWN_KINDS,
    terrain,
    overlays: [
      objectivesOverlay(def.objectives),
      ...closedOverlays(def),
      ...[first, second].map((side) => ({
        id: `edge-${side}`,
        label: `${def.sides.find((s) => s.seat === side)?.name ?? side} home edge`,
        locs: grid.ids.filter((h) => Number(h.slice(2)) === edgeRow(side)),
        style: 'band' as const,
        color: def.sides.find((s) => s.seat === side)?.fill ?? '#000000',
      })),
    ],
    hexsideKinds: [],
    hexsides: [],
    regions: [...def.regions, ...objectiveRegions(def.objectives)],
    sides: def.sides,
    pieceStates: PIECE_STATES,
  };
}

/** A brigade's order and what it has done this turn, as badges on its counter. */
export const PIECE_STATES = [
  { id: 'loose', short: 'L', label: 'Loose order', color: '#1d6b3a' },
  { id: 'close', short: 'C', label: 'Close order', color: '#4b2e83' },
  { id: 'activated', short: 'A', label: 'Activated this turn', color: '#9a4a00' },
  { id: 'rough', short: 'R', label: 'Entered rough ground: no fire or assault this turn', color: '#5c4a1f' },
];
