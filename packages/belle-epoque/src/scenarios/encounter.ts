import type { ScenarioDef } from './scenario.ts';
import { unitDef } from './scenario.ts';

/**
 * The rule book's Encounter: two armies of about 1900, 30 stands each, meet on unknown ground.
 * Both sides have the same weapons; they differ in character (Blue steadier, Red bolder).
 */
export const encounter: ScenarioDef = {
  info: {
    id: 'encounter',
    name: 'Encounter',
    description:
      'Two armies of about 1900 march onto unknown ground, 13 by 9 sectors. The terrain is rolled as units come to see it. Hold the three crossroads and break the enemy within 8 turns.',
    seats: [
      { id: 'blue', name: 'Blue army' },
      { id: 'red', name: 'Red army' },
    ],
    options: [],
  },
  lastTurn: 8,
  home: { blue: 'south', red: 'north' },
  generals: { blue: 'average', red: 'average' },
  hiddenTerrain: true,
  // Ruling 28: Red's shock troops and militia make it the more brittle army; at 15 it won more often.
  breakAt: { blue: 15, red: 14 },
  terrain: {},
  forces: {
    blue: [
      unitDef('b1', 'Blue 1st Brigade', '0209', 'infantry', 'B', 'trained', 4),
      unitDef('b2', 'Blue 2nd Brigade', '0309', 'infantry', 'B', 'trained', 4),
      unitDef('b3', 'Blue Guard Brigade', '0509', 'infantry', 'B', 'elite', 4, ['stubborn']),
      unitDef('b4', 'Blue 3rd Brigade', '0609', 'infantry', 'B', 'trained', 4),
      unitDef('b5', 'Blue Rifle Brigade', '0809', 'infantry', 'B', 'elite', 4, [], 'loose'),
      unitDef('b6', 'Blue 4th Brigade', '0909', 'infantry', 'B', 'trained', 4),
      unitDef('b7', 'Blue 1st Cavalry Brigade', '1109', 'cavalry', 'F', 'trained', 3, ['dashing']),
      unitDef('b8', 'Blue 2nd Cavalry Brigade', '1209', 'cavalry', 'F', 'trained', 3, ['dashing']),
    ],
    red: [
      unitDef('r1', 'Red 1st Brigade', '0201', 'infantry', 'B', 'trained', 4),
      unitDef('r2', 'Red 2nd Brigade', '0301', 'infantry', 'B', 'trained', 4),
      unitDef('r3', 'Red Grenadier Brigade', '0501', 'infantry', 'B', 'elite', 4, ['bold', 'choc']),
      unitDef('r4', 'Red 3rd Brigade', '0601', 'infantry', 'B', 'trained', 4),
      unitDef('r5', 'Red Reserve Brigade', '0801', 'infantry', 'C', 'poor', 4, ['militia']),
      unitDef('r6', 'Red 4th Brigade', '0901', 'infantry', 'B', 'trained', 4),
      unitDef('r7', 'Red Mounted Rifles', '1101', 'mountedInfantry', 'D', 'trained', 3, ['special'], 'loose'),
      unitDef('r8', 'Red Hussar Brigade', '1201', 'cavalry', 'F', 'trained', 3, ['dashing', 'bold']),
    ],
  },
  objectives: {
    '0305': { vp: 3, holder: null, name: 'West crossroads' },
    '0705': { vp: 3, holder: null, name: 'Centre crossroads' },
    '1105': { vp: 3, holder: null, name: 'East crossroads' },
  },
  regions: [],
  sides: [
    { seat: 'blue', name: 'Blue', fill: '#2b6cb0', ink: '#ffffff' },
    { seat: 'red', name: 'Red', fill: '#d55e00', ink: '#ffffff' },
  ],
};
