import type { HexId } from '@salient/engine';
import type { Terrain } from '../types.ts';
import { companies, row, type ScenarioDef } from './scenario.ts';

function monsTerrain(): Record<HexId, Terrain> {
  const t: Record<HexId, Terrain> = {};
  // North bank: hedged fields and the woods the Germans came out of.
  for (let r = 2; r <= 7; r++) for (const h of row(1, 24, r)) t[h] = 'fields';
  for (const h of ['0303', '0403', '0304', '0404', '2002', '2102', '2003', '2103', '1104', '1204'])
    t[h] = 'woods';
  // The Mons-Condé canal, crossed by the railway bridge (column 8) and the Nimy road bridge (column 16).
  for (const h of row(1, 24, 8)) if (h !== '0808' && h !== '1608') t[h] = 'canal';
  // The south bank: Nimy, the station, the outskirts of Mons, and the fusiliers' shallow scrapes.
  for (const h of ['1509', '1709', '1510', '1610', '1710', '1511', '1611']) t[h] = 'village';
  for (const h of ['0709', '0909', '1109', '1309', '1809', '2009']) t[h] = 'trench';
  for (const h of ['0812', '0912', '0813']) t[h] = 'village';
  for (const h of ['1416', '1516', '1616', '1417', '1517', '1617', '1717', '1518']) t[h] = 'village';
  for (const h of ['0414', '0514', '0415', '2014', '2114', '2115']) t[h] = 'woods';
  t['1213'] = 'crest';
  t['1313'] = 'crest';
  return t;
}

function monsRoads(): HexId[] {
  const road: HexId[] = [];
  for (let r = 1; r <= 18; r++) road.push(`16${String(r).padStart(2, '0')}`);
  // The Obourg road along the south bank.
  for (const h of row(17, 24, 10)) road.push(h);
  return road;
}

/**
 * Mons, 23 August 1914: the 4th Royal Fusiliers hold the Nimy bridges on the Mons-Condé canal
 * against Infanterie-Regiment 84 of the German IX Corps.
 */
export const mons: ScenarioDef = {
  info: {
    id: 'mons-1914',
    name: 'Mons: the Nimy bridges, 23 August 1914',
    description:
      'Open warfare on the canal: the regulars of the 4th Royal Fusiliers, with two machine guns on the railway bridge, hold Nimy against two battalions of Infanterie-Regiment 84. The Germans need 5 of the 6 objective points (Nimy, both bridges, the road to Mons) at the end of turn 10.',
    seats: [
      { id: 'german', name: 'German IX Corps (IR 84)' },
      { id: 'british', name: 'British 9th Brigade (4th Royal Fusiliers)' },
    ],
    options: [],
  },
  lastTurn: 10,
  home: { german: 'north', british: 'south' },
  firstSide: 'german',
  terrain: monsTerrain(),
  roads: monsRoads(),
  wire: [],
  regiments: [
    { id: 'ir84', side: 'german', name: 'Infanterie-Regiment 84' },
    { id: 'bde9', side: 'british', name: '9th Infantry Brigade' },
  ],
  battalions: [
    { id: 'i84', side: 'german', name: 'I./IR 84', regiment: 'ir84', quality: 'regular' },
    { id: 'ii84', side: 'german', name: 'II./IR 84', regiment: 'ir84', quality: 'regular' },
    { id: 'iii84', side: 'german', name: 'III./IR 84', regiment: 'ir84', quality: 'regular' },
    { id: 'rf4', side: 'british', name: '4th Royal Fusiliers', regiment: 'bde9', quality: 'veteran' },
  ],
  stands: {
    german: [
      {
        id: 'ir84-cmd',
        name: 'Oberst, IR 84',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'ir84',
        hex: '1602',
      },
      {
        id: 'ir84-foo',
        name: 'Artillery observer, IR 84',
        kind: 'liaison',
        quality: 'regular',
        battalion: null,
        regiment: 'ir84',
        hex: '1203',
      },
      {
        id: 'i84-cmd',
        name: 'Major, I./IR 84',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'i84',
        regiment: 'ir84',
        hex: '1104',
      },
      ...companies(
        'I./84',
        'i84',
        'ir84',
        'regular',
        3,
        ['1.', '2.', '3.', '4.'],
        ['0705', '0905', '1305', '1505'],
      ),
      {
        id: 'i84-mg1',
        name: 'MG Zug, I./IR 84',
        kind: 'mg',
        quality: 'regular',
        battalion: 'i84',
        regiment: 'ir84',
        hex: '1005',
      },
      {
        id: 'ii84-cmd',
        name: 'Major, II./IR 84',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'ii84',
        regiment: 'ir84',
        hex: null,
        arrives: 3,
        entry: '1601',
      },
      ...companies('II./84', 'ii84', 'ir84', 'regular', 3, ['5.', '6.', '7.', '8.'], [], {
        arrives: 3,
        entry: '1601',
      }),
      {
        id: 'iii84-cmd',
        name: 'Major, III./IR 84',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'iii84',
        regiment: 'ir84',
        hex: null,
        arrives: 5,
        entry: '0801',
      },
      ...companies('III./84', 'iii84', 'ir84', 'regular', 3, ['9.', '10.', '11.', '12.'], [], {
        arrives: 5,
        entry: '0801',
      }),
      {
        id: 'ir84-mgk',
        name: 'MG-Kompanie 84',
        kind: 'mg',
        quality: 'regular',
        battalion: null,
        regiment: 'ir84',
        supports: 'i84',
        hex: '1404',
      },
      {
        id: 'ir84-mgk2',
        name: 'MG-Kompanie 84 (2nd Zug)',
        kind: 'mg',
        quality: 'regular',
        battalion: null,
        regiment: 'ir84',
        supports: 'ii84',
        hex: '1804',
      },
    ],
    british: [
      {
        id: 'bde9-cmd',
        name: 'Brigadier, 9th Brigade',
        kind: 'regtCommander',
        quality: 'veteran',
        battalion: null,
        regiment: 'bde9',
        hex: '1614',
      },
      {
        id: 'bde9-foo',
        name: 'RFA liaison officer',
        kind: 'liaison',
        quality: 'veteran',
        battalion: null,
        regiment: 'bde9',
        hex: '1213',
      },
      {
        id: 'rf4-cmd',
        name: 'Lt-Col, 4th Royal Fusiliers',
        kind: 'bnCommander',
        quality: 'veteran',
        battalion: 'rf4',
        regiment: 'bde9',
        hex: '1611',
      },
      ...companies(
        '4/RF',
        'rf4',
        'bde9',
        'veteran',
        4,
        ['A', 'B', 'C', 'D'],
        ['0909', '1309', '1609', '1809'],
      ),
      {
        id: 'rf4-mg1',
        name: 'MG section (Dease), left gun',
        kind: 'mg',
        quality: 'veteran',
        battalion: 'rf4',
        regiment: 'bde9',
        hex: '0709',
        packed: true,
      },
      {
        id: 'rf4-mg2',
        name: 'MG section (Dease), right gun',
        kind: 'mg',
        quality: 'veteran',
        battalion: 'rf4',
        regiment: 'bde9',
        hex: '1109',
        packed: true,
      },
      {
        // The 1914 RFA fought its 18-pounders from the open, close behind the infantry, over open sights.
        id: 'rfa-sec',
        name: '18-pdr section RFA (in the open)',
        kind: 'fieldGun',
        quality: 'veteran',
        battalion: null,
        regiment: 'bde9',
        supports: 'rf4',
        hex: '1313',
      },
      {
        // The 3rd Division's divisional cavalry squadron, sent up from Mons as the line came under attack.
        id: 'h15-c',
        name: 'C Sqn, 15th Hussars',
        kind: 'cavalry',
        quality: 'veteran',
        battalion: null,
        regiment: 'bde9',
        hex: null,
        steps: 4,
        arrives: 2,
        entry: '1618',
      },
    ],
  },
  batteries: {
    german: [
      { id: 'g-fk', name: 'Field battery (7.7 cm)', kind: 'fieldGun', regiment: 'ir84', aim: '1309' },
      {
        id: 'g-lfh',
        name: 'Light field howitzer battery (10.5 cm)',
        kind: 'howitzer',
        regiment: 'ir84',
        aim: '0909',
      },
    ],
    british: [
      { id: 'b-rfa', name: 'Field battery RFA (18-pdr)', kind: 'fieldGun', regiment: 'bde9', aim: '1607' },
    ],
  },
  staffMarkers: { german: 1, british: 1 },
  deepSuppression: { german: [], british: [] },
  gasReleases: { german: 0, british: 0 },
  wind: null,
  bombardment: null,
  objectives: {
    '1610': { name: 'Nimy', vp: 2, holder: 'british' },
    '0809': { name: 'Railway bridge', vp: 1, holder: 'british' },
    '1609': { name: 'Nimy road bridge', vp: 1, holder: 'british' },
    '1614': { name: 'Road to Mons', vp: 2, holder: 'british' },
  },
  victory: { attacker: 'german', needed: 5 },
  regions: [
    { id: 'nimy', name: 'Nimy', kind: 'village', locs: ['1610'] },
    { id: 'canal', name: 'Mons-Condé canal', kind: 'river', locs: ['0408', '2208'] },
    { id: 'station', name: 'Nimy station', kind: 'village', locs: ['0812'] },
    { id: 'mons', name: 'Mons', kind: 'town', locs: ['1517'] },
  ],
  people: { german: 'Germans', british: 'British' },
  sides: [
    { seat: 'german', name: 'German', fill: '#7f7f7f', ink: '#ffffff' },
    { seat: 'british', name: 'British', fill: '#d55e00', ink: '#ffffff' },
  ],
  note: 'On 23 August 1914 the British Expeditionary Force met the German First Army along the Mons-Condé canal. In the loop of the canal at Nimy the 4th Royal Fusiliers held the railway and road bridges. IR 84 came on in close order across the fields and lost heavily to rifle fire and to the two machine guns on the railway bridge, where Lieutenant Maurice Dease and Private Sidney Godley won the first Victoria Crosses of the war. By the afternoon the Germans were across, and the fusiliers fell back through Nimy towards Mons. Here the Germans must take the bridges and Nimy; the British must make them pay and hold.',
};
