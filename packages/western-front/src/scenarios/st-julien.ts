import type { HexId } from '@salient/engine';
import type { Terrain } from '../types.ts';
import { companies, row, type ScenarioDef } from './scenario.ts';

function terrain(): Record<HexId, Terrain> {
  const t: Record<HexId, Terrain> = {};
  // Flanders: small hedged fields everywhere, cut by the Stroombeek's wet meadows.
  for (let r = 1; r <= 18; r++) for (const h of row(1, 24, r)) t[h] = 'fields';
  for (const h of ['0307', '0407', '0507', '0607', '1707', '1807', '1907', '2007']) t[h] = 'marsh';
  // The German front line at dawn, and the Canadians' shallow trench facing it.
  for (const h of row(4, 20, 6)) t[h] = 'trench';
  for (const h of row(5, 19, 9)) t[h] = 'trench';
  // Keerselaere crossroads behind the Canadian line, and St Julien further back.
  for (const h of ['1211', '1311', '1212']) t[h] = 'village';
  for (const h of ['1115', '1215', '1315', '1116', '1216', '1316']) t[h] = 'village';
  // Kitchener's Wood to the west, fought over two nights before.
  for (const h of ['0313', '0413', '0513', '0314', '0414', '0514']) t[h] = 'woods';
  return t;
}

function roads(): HexId[] {
  // The Poelcappelle-St Julien road, running south to Ypres.
  const out: HexId[] = [];
  for (let r = 1; r <= 18; r++) out.push(`12${String(r).padStart(2, '0')}`);
  return out;
}

/**
 * St Julien, 24 April 1915: a short scenario of the Second Battle of Ypres, where a German gas cloud
 * is released on the Canadian line before the assault. Gas appears here, and not at Neuve Chapelle,
 * because the first cloud attack of the war was at Ypres on 22 April 1915 (ruling 42).
 */
export const stJulien: ScenarioDef = {
  info: {
    id: 'st-julien-1915',
    name: 'St Julien: the gas at Keerselaere, 24 April 1915',
    description:
      'A short gas attack: at dawn German pioneers open their cylinders in front of the 15th Canadian Battalion at Keerselaere, and two reserve battalions follow the cloud. The Canadians, in their first battle, hold a shallow trench with two Colt guns and one field battery, and two companies of the 14th Battalion come up from St Julien. The Germans need 4 of the 6 objective points (the trench left and centre, Keerselaere crossroads, St Julien) at the end of turn 8.',
    seats: [
      { id: 'german', name: 'German XXVI Reserve Corps (a reserve infantry regiment)' },
      { id: 'canadian', name: '3rd Canadian Brigade (15th and 14th Battalions)' },
    ],
    options: [],
  },
  lastTurn: 8,
  home: { german: 'north', canadian: 'south' },
  firstSide: 'german',
  terrain: terrain(),
  roads: roads(),
  wire: [],
  regiments: [
    { id: 'rir', side: 'german', name: 'Reserve-Infanterie-Regiment' },
    { id: 'cb3', side: 'canadian', name: '3rd Canadian Brigade' },
  ],
  battalions: [
    { id: 'rir1', side: 'german', name: 'I./RIR', regiment: 'rir', quality: 'regular' },
    { id: 'rir2', side: 'german', name: 'II./RIR', regiment: 'rir', quality: 'regular' },
    { id: 'c15', side: 'canadian', name: '15th Bn (48th Highlanders)', regiment: 'cb3', quality: 'raw' },
    { id: 'c14', side: 'canadian', name: '14th Bn, two companies', regiment: 'cb3', quality: 'raw' },
  ],
  stands: {
    german: [
      {
        id: 'rir-cmd',
        name: 'Oberst, RIR',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'rir',
        hex: '1204',
      },
      {
        id: 'rir-foo',
        name: 'Artillery observer, RIR',
        kind: 'liaison',
        quality: 'regular',
        battalion: null,
        regiment: 'rir',
        hex: '0905',
      },
      {
        id: 'rir1-cmd',
        name: 'Major, I./RIR',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'rir1',
        regiment: 'rir',
        hex: '0805',
      },
      ...companies(
        'I./RIR',
        'rir1',
        'rir',
        'regular',
        3,
        ['1.', '2.', '3.', '4.'],
        ['0506', '0706', '0906', '1106'],
      ),
      {
        id: 'rir1-mg',
        name: 'MG Zug, I./RIR',
        kind: 'mg',
        quality: 'regular',
        battalion: 'rir1',
        regiment: 'rir',
        hex: '1006',
      },
      {
        id: 'rir2-cmd',
        name: 'Major, II./RIR',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'rir2',
        regiment: 'rir',
        hex: '1505',
      },
      ...companies(
        'II./RIR',
        'rir2',
        'rir',
        'regular',
        3,
        ['5.', '6.', '7.', '8.'],
        ['1306', '1506', '1706', '1906'],
      ),
      {
        id: 'rir2-mg',
        name: 'MG Zug, II./RIR',
        kind: 'mg',
        quality: 'regular',
        battalion: 'rir2',
        regiment: 'rir',
        hex: '1406',
      },
    ],
    canadian: [
      {
        id: 'cb3-cmd',
        name: 'Brigadier, 3rd Canadian Brigade',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'cb3',
        hex: '1215',
      },
      {
        id: 'cb3-foo',
        name: 'CFA liaison officer',
        kind: 'liaison',
        quality: 'regular',
        battalion: null,
        regiment: 'cb3',
        hex: '1311',
      },
      {
        id: 'c15-cmd',
        name: 'Lt-Col, 15th Bn',
        kind: 'bnCommander',
        quality: 'raw',
        battalion: 'c15',
        regiment: 'cb3',
        hex: '1211',
      },
      ...companies(
        '15th Bn',
        'c15',
        'cb3',
        'raw',
        4,
        ['No. 1', 'No. 2', 'No. 3', 'No. 4'],
        ['0709', '1009', '1209', '1509'],
      ),
      {
        id: 'c15-mg1',
        name: 'Colt gun, 15th Bn (left)',
        kind: 'mg',
        quality: 'raw',
        battalion: 'c15',
        regiment: 'cb3',
        hex: '0909',
      },
      {
        id: 'c15-mg2',
        name: 'Colt gun, 15th Bn (right)',
        kind: 'mg',
        quality: 'raw',
        battalion: 'c15',
        regiment: 'cb3',
        hex: '1409',
      },
      {
        id: 'c14-cmd',
        name: 'Major, 14th Bn',
        kind: 'bnCommander',
        quality: 'raw',
        battalion: 'c14',
        regiment: 'cb3',
        hex: null,
        arrives: 3,
        entry: '1218',
      },
      ...companies('14th Bn', 'c14', 'cb3', 'raw', 4, ['No. 1', 'No. 2'], [], {
        arrives: 3,
        entry: '1218',
      }),
    ],
  },
  batteries: {
    german: [
      { id: 'g-fk', name: 'Field battery (7.7 cm)', kind: 'fieldGun', regiment: 'rir', aim: '1209' },
      { id: 'g-sfh', name: 'Heavy howitzer battery (15 cm)', kind: 'heavy', regiment: 'rir', aim: '1211' },
    ],
    canadian: [
      {
        id: 'c-cfa',
        name: '18-pdr battery, Canadian Field Artillery',
        kind: 'fieldGun',
        regiment: 'cb3',
        aim: null,
        sos: [{ id: 'sos-front', name: 'SOS in front of Keerselaere', hexes: ['1108', '1208'] }],
      },
    ],
  },
  staffMarkers: { german: 1, canadian: 1 },
  // The German shelling before dawn has cut the Canadian gunners' lines: slow answers on turn 1.
  deepSuppression: { german: [], canadian: [1] },
  // The pioneers' cylinders: one release, as on the morning of 24 April.
  gasReleases: { german: 1, canadian: 0 },
  // A north-east breeze carries the cloud south, onto the Canadian line, one hex a turn.
  wind: 3,
  bombardment: { side: 'german', rounds: 1 },
  objectives: {
    '0709': { name: 'Canadian trench, left', vp: 1, holder: 'canadian' },
    '1209': { name: 'Canadian trench, centre', vp: 1, holder: 'canadian' },
    '1211': { name: 'Keerselaere crossroads', vp: 2, holder: 'canadian' },
    '1215': { name: 'St Julien', vp: 2, holder: 'canadian' },
  },
  victory: { attacker: 'german', needed: 4 },
  regions: [
    { id: 'keerselaere', name: 'Keerselaere', kind: 'village', locs: ['1312'] },
    { id: 'st-julien', name: 'St Julien', kind: 'town', locs: ['1216'] },
    { id: 'stroombeek', name: 'Stroombeek', kind: 'river', locs: ['0407'] },
    { id: 'kitchener', name: "Kitchener's Wood", kind: 'forest', locs: ['0413'] },
  ],
  people: { german: 'Germans', canadian: 'Canadians' },
  sides: [
    { seat: 'german', name: 'German', fill: '#7f7f7f', ink: '#ffffff' },
    { seat: 'canadian', name: 'Canadian', fill: '#0072b2', ink: '#ffffff' },
  ],
  note: 'On 22 April 1915 the Germans opened chlorine cylinders north of Ypres, the first cloud gas attack of the war; the French line broke and the 1st Canadian Division, in its first battle, was left holding the flank. Before dawn on 24 April a second cloud was released against the Canadian apex near Keerselaere, where the 15th Battalion (48th Highlanders) and the 8th Battalion held shallow trenches. With no masks, the men held wet cloths over their faces; Ross rifles jammed; the 15th lost more than 600 men that day, and by the afternoon St Julien had fallen. Here the Germans follow their cloud; the Canadians must hold Keerselaere and St Julien.',
};
