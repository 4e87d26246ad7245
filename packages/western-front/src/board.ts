import { type BoardSpec, objectiveRegions, objectivesOverlay, type TerrainKind } from '@salient/engine';
import { grid } from './grid.ts';
import type { ScenarioDef } from './scenarios/scenario.ts';
import { TERRAIN } from './tables.ts';
import type { Terrain } from './types.ts';

const FILLS: Record<Terrain, { fill: string; pattern: TerrainKind['pattern'] }> = {
  open: { fill: '#e8e4c9', pattern: 'none' },
  fields: { fill: '#d9dca8', pattern: 'rough' },
  woods: { fill: '#6b8e4e', pattern: 'trees' },
  village: { fill: '#b0a8a0', pattern: 'buildings' },
  marsh: { fill: '#9fb8ad', pattern: 'rough' },
  trench: { fill: '#a08a6a', pattern: 'rough' },
  breastwork: { fill: '#8c7358', pattern: 'rough' },
  strongpoint: { fill: '#6f6258', pattern: 'buildings' },
  canal: { fill: '#5b8db8', pattern: 'none' },
  crest: { fill: '#c9a66b', pattern: 'rough' },
};

const KINDS: TerrainKind[] = (Object.keys(TERRAIN) as Terrain[]).map((id) => ({
  id,
  label: `${TERRAIN[id].label} (${TERRAIN[id].cover} cover${TERRAIN[id].blocksSight ? ', blocks sight' : ''})`,
  ...FILLS[id],
}));

/** The static board: terrain, roads, the wire as laid at the start, SOS areas and objectives. */
export function boardOf(def: ScenarioDef): BoardSpec {
  const terrain: Record<string, string> = {};
  for (const [hex, t] of Object.entries(def.terrain)) if (t !== 'open') terrain[hex] = t;
  const sos = Object.values(def.batteries)
    .flat()
    .flatMap((b) => (b.sos ?? []).flatMap((a) => a.hexes));
  return {
    topology: { kind: 'hex', grid: grid.spec },
    north: 'up',
    terrainKinds: KINDS,
    terrain,
    overlays: [
      { id: 'roads', label: 'Roads', locs: [...def.roads], style: 'band', color: '#8b5a2b' },
      {
        id: 'wire',
        label: 'Barbed wire (at the start)',
        locs: [...def.wire],
        style: 'hatch',
        color: '#333333',
      },
      ...(sos.length > 0
        ? [
            {
              id: 'sos',
              label: 'Registered SOS areas',
              locs: [...new Set(sos)],
              style: 'ring' as const,
              color: '#e69f00',
            },
          ]
        : []),
      objectivesOverlay(def.objectives),
    ],
    hexsideKinds: [],
    hexsides: [],
    regions: [...def.regions, ...objectiveRegions(def.objectives)],
    sides: def.sides,
  };
}
