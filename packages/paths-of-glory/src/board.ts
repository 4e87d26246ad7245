import type { BoardSpec } from '@salient/engine';
import { SPACES } from './data/index.ts';
import { MAP } from './map.ts';

/** The static board: both maps as one point-to-point graph, laid out by the reference coordinates. */
export function boardOf(): BoardSpec {
  const terrain: Record<string, string> = {};
  for (const s of SPACES) if (s.terrain !== 'clear') terrain[s.id] = s.terrain;
  const ids = (pred: (s: (typeof SPACES)[number]) => boolean) => SPACES.filter(pred).map((s) => s.id);
  const nations = [...new Set(SPACES.map((s) => s.nation))].filter((n) => n !== 'none');
  return {
    topology: {
      kind: 'graph',
      // The rules' graph with, for drawing only, each space's printed name and box size.
      graph: {
        ...MAP.spec,
        nodes: SPACES.map((s) => ({ id: s.id, x: s.x, y: s.y, label: s.name, w: s.w, h: s.h })),
      },
    },
    north: 'up',
    terrainKinds: [
      { id: 'clear', label: 'Clear', fill: '#e9e4d4', pattern: 'none' },
      { id: 'mountain', label: 'Mountain', fill: '#c9b79c', pattern: 'rough' },
      { id: 'swamp', label: 'Swamp', fill: '#b9cfc0', pattern: 'none' },
      { id: 'desert', label: 'Desert', fill: '#f0dca0', pattern: 'none' },
      { id: 'forest', label: 'Forest', fill: '#a9c59a', pattern: 'trees' },
    ],
    terrain,
    overlays: [
      { id: 'vp', label: 'VP space', locs: ids((s) => s.vp), style: 'ring', color: '#b3261e' },
      { id: 'fort', label: 'Fort', locs: ids((s) => s.fort > 0), style: 'hatch', color: '#4a4a4a' },
      {
        id: 'supply',
        label: 'Supply source',
        locs: ids((s) => s.supplySource),
        style: 'band',
        color: '#1f6f3f',
      },
      { id: 'capital', label: 'Capital', locs: ids((s) => s.capital), style: 'contour', color: '#6a3d9a' },
      {
        id: 'neareast',
        label: 'Near East map',
        locs: ids((s) => s.map === 'neareast'),
        style: 'contour',
        color: '#8c6d1f',
      },
    ],
    hexsideKinds: [],
    hexsides: [],
    regions: nations.map((n) => ({
      id: n,
      name: n.toUpperCase(),
      kind: 'nation',
      locs: ids((s) => s.nation === n),
    })),
    areas: [
      { id: 'europe', label: 'Europe', locs: ids((s) => s.map === 'europe') },
      { id: 'neareast', label: 'Near East', locs: ids((s) => s.map === 'neareast') },
    ],
    sides: [
      { seat: 'ap', name: 'Allied Powers', fill: '#2b5c8a', ink: '#ffffff' },
      { seat: 'cp', name: 'Central Powers', fill: '#5b5b5b', ink: '#ffffff' },
    ],
    pieceStates: PIECE_STATES,
  };
}

/** What a counter's badges say: its supply (14.1) and its own side's trench where it stands (11.2), read without hovering. */
export const PIECE_STATES = [
  { id: 'out-of-supply', short: 'OOS', label: 'Out of supply', color: '#b3261e' },
  { id: 'trench-1', short: 'T1', label: 'In its own level 1 trench', color: '#5a4a3a' },
  { id: 'trench-2', short: 'T2', label: 'In its own level 2 trench', color: '#2f2418' },
];
