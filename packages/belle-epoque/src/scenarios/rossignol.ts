import type { HexId } from '@salient/engine';
import { hexId } from '@salient/engine';
import type { Terrain } from '../types.ts';
import type { ScenarioDef } from './scenario.ts';
import { unitDef } from './scenario.ts';

/** The forest north of the village, cut by the Neufchâteau road (column 7). */
function rossignolTerrain(): Record<HexId, Terrain> {
  const terrain: Record<HexId, Terrain> = {};
  for (let column = 2; column <= 12; column++) {
    for (let row = 2; row <= 4; row++) if (column !== 7) terrain[hexId(column, row)] = 'woods';
  }
  // The Semois: water meadows along row 8, the river itself on row 9, crossed at Breuvanne.
  for (let column = 1; column <= 13; column++) {
    if (column !== 7) terrain[hexId(column, 8)] = 'marsh';
    if (column !== 7 && column !== 12) terrain[hexId(column, 9)] = 'river';
  }
  terrain['0706'] = 'village';
  terrain['0709'] = 'village';
  terrain['1207'] = 'village';
  terrain['1209'] = 'village';
  terrain['1005'] = 'hill';
  terrain['0405'] = 'hill';
  return terrain;
}

/**
 * Rossignol, 22 August 1914: the French 3rd Colonial Division, marching north in column through the
 * village into the forest, meets the German VI Corps coming south. Sources and design notes are in
 * docs/rules.md.
 */
export const rossignol: ScenarioDef = {
  info: {
    id: 'rossignol-1914',
    name: 'Rossignol, 22 August 1914',
    description:
      'The French 3rd Colonial Division, strung out on the road from the Semois, runs into the German VI Corps in the forest north of Rossignol. The French must break through or hold the village and their bridge; 8 turns.',
    seats: [
      { id: 'french', name: 'French 3rd Colonial Division' },
      { id: 'german', name: 'German VI Corps' },
    ],
    options: [],
  },
  lastTurn: 8,
  home: { french: 'south', german: 'north' },
  generals: { french: 'mediocre', german: 'average' },
  hiddenTerrain: false,
  // Ruling 28: the long-service colonial regiments hold a stand longer; at 9 the Germans won more often.
  breakAt: { french: 10, german: 12 },
  terrain: rossignolTerrain(),
  // The wet meadows either side of the Breuvanne causeway: horses keep to the road to the bridge.
  impassableTo: { '0608': ['cavalry'], '0808': ['cavalry'] },
  forces: {
    french: [
      unitDef('f1', '1er RIC', '0704', 'infantry', 'A', 'elite', 4, ['conspicuous', 'dashing']),
      unitDef('f2', '2e RIC', '0706', 'infantry', 'A', 'elite', 4, ['conspicuous', 'dashing', 'stubborn']),
      unitDef('f3', '3e RIC', '0707', 'infantry', 'A', 'elite', 4, ['conspicuous', 'dashing']),
      unitDef('f4', '7e RIC', '0708', 'infantry', 'A', 'elite', 4, ['conspicuous', 'dashing']),
      unitDef('f5', "Chasseurs d'Afrique", '0605', 'cavalry', 'F', 'trained', 2, ['conspicuous', 'dashing']),
    ],
    german: [
      unitDef('g1', '21. Inf.-Brig. (right)', '0503', 'infantry', 'A', 'trained', 4, [], 'loose'),
      unitDef('g2', '21. Inf.-Brig. (left)', '0903', 'infantry', 'A', 'trained', 4, [], 'loose'),
      unitDef('g3', '22. Inf.-Brig. (right)', '0402', 'infantry', 'A', 'trained', 4),
      unitDef('g4', '22. Inf.-Brig. (left)', '1002', 'infantry', 'A', 'trained', 4),
      unitDef('g5', '12. Inf.-Div. (advance guard)', '1205', 'infantry', 'A', 'trained', 4, ['bold']),
      unitDef('g6', 'Divisional cavalry', '1306', 'cavalry', 'F', 'trained', 3),
    ],
  },
  objectives: {
    '0706': { vp: 4, holder: 'french', name: 'Rossignol' },
    '0709': { vp: 3, holder: 'french', name: 'Breuvanne bridge' },
    '0701': { vp: 3, holder: 'german', name: 'Neufchâteau road' },
  },
  regions: [
    { id: 'rossignol', name: 'Rossignol', kind: 'village', locs: ['0706'] },
    { id: 'breuvanne', name: 'Breuvanne', kind: 'village', locs: ['0709'] },
    { id: 'tintigny', name: 'Tintigny', kind: 'village', locs: ['1207', '1209'] },
    { id: 'forest', name: 'Forêt de Rossignol', kind: 'forest', locs: ['0303', '0603', '0803', '1103'] },
    { id: 'semois', name: 'Semois', kind: 'river', locs: ['0309', '1009'] },
  ],
  sides: [
    { seat: 'french', name: 'French', fill: '#0072b2', ink: '#ffffff' },
    { seat: 'german', name: 'German', fill: '#7f7f7f', ink: '#ffffff' },
  ],
};
