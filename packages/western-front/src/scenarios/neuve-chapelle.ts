import type { HexId } from '@salient/engine';
import type { Terrain } from '../types.ts';
import { companies, row, type ScenarioDef } from './scenario.ts';

function terrain(): Record<HexId, Terrain> {
  const t: Record<HexId, Terrain> = {};
  // The British breastworks along row 15, the German line along row 9, flat wet fields between.
  for (const h of row(1, 24, 15)) t[h] = 'breastwork';
  for (const h of row(1, 24, 9)) t[h] = 'breastwork';
  for (const h of row(1, 24, 12)) t[h] = 'fields';
  // Neuve Chapelle: the village behind the German line, and its church as a strongpoint.
  for (let c = 10; c <= 15; c++)
    for (let r = 5; r <= 7; r++) t[`${c}${String(r).padStart(2, '0')}`.padStart(4, '0')] = 'village';
  t['1206'] = 'strongpoint';
  // The Bois du Biez, where the German reserves gathered, and the Layes brook's marshy meadows.
  for (let c = 17; c <= 24; c++)
    for (let r = 1; r <= 3; r++) t[`${c}${String(r).padStart(2, '0')}`] = 'woods';
  for (const h of ['1604', '1704', '1804', '1904']) t[h] = 'marsh';
  return t;
}

function roads(): HexId[] {
  const out: HexId[] = [];
  for (let r = 1; r <= 18; r++) out.push(`12${String(r).padStart(2, '0')}`);
  for (const h of row(1, 24, 6)) out.push(h);
  return out;
}

/**
 * Neuve Chapelle, 10 March 1915: the first British set-piece attack on a trench line, after a short
 * hurricane bombardment; the wire in front of the northern flank was left uncut.
 */
export const neuveChapelle: ScenarioDef = {
  info: {
    id: 'neuve-chapelle-1915',
    name: 'Neuve Chapelle, 10 March 1915',
    description:
      'Trench warfare: after a 35-minute hurricane bombardment two British battalions go over the top against the German breastwork, its wire cut in the centre but not on the left, and must take Neuve Chapelle before the Bavarian reserves counter-attack out of the Bois du Biez. 10 turns.',
    seats: [
      { id: 'british', name: 'British 8th Division (23rd and 25th Brigades)' },
      { id: 'german', name: 'German VII Corps (IR 16, Bavarian reserves)' },
    ],
    options: [],
  },
  lastTurn: 10,
  home: { british: 'south', german: 'north' },
  firstSide: 'british',
  terrain: terrain(),
  roads: roads(),
  // The German wire in front of their breastwork along row 10, except in front of the 25th Brigade
  // (columns 11-14), where the field guns had registered on it and cut it in the bombardment.
  wire: row(1, 24, 10).filter((h) => Number(h.slice(0, 2)) < 11 || Number(h.slice(0, 2)) > 14),
  regiments: [
    { id: 'bde23', side: 'british', name: '23rd Brigade' },
    { id: 'bde25', side: 'british', name: '25th Brigade' },
    { id: 'ir16', side: 'german', name: 'Infanterie-Regiment 16' },
    { id: 'brir', side: 'german', name: 'Bavarian Reserve Brigade' },
  ],
  battalions: [
    { id: 'mx2', side: 'british', name: '2nd Middlesex', regiment: 'bde23', quality: 'regular' },
    { id: 'li2', side: 'british', name: '2nd Lincolnshire', regiment: 'bde25', quality: 'regular' },
    { id: 'iii16', side: 'german', name: 'III./IR 16', regiment: 'ir16', quality: 'regular' },
    { id: 'bav', side: 'german', name: 'Bavarian reserve battalion', regiment: 'brir', quality: 'regular' },
  ],
  stands: {
    british: [
      {
        id: 'bde23-cmd',
        name: 'Brigadier, 23rd Brigade',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'bde23',
        hex: '0617',
      },
      {
        id: 'bde25-cmd',
        name: 'Brigadier, 25th Brigade',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'bde25',
        hex: '1317',
      },
      {
        id: 'b-foo',
        name: 'RFA liaison officer',
        kind: 'liaison',
        quality: 'regular',
        battalion: null,
        regiment: 'bde25',
        hex: '1015',
      },
      {
        id: 'mx2-cmd',
        name: 'Lt-Col, 2nd Middlesex',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'mx2',
        regiment: 'bde23',
        hex: '0516',
      },
      ...companies(
        '2/Mx',
        'mx2',
        'bde23',
        'regular',
        4,
        ['A', 'B', 'C', 'D'],
        ['0315', '0415', '0515', '0615'],
      ),
      {
        id: 'mx2-mg',
        name: 'MG section, 2nd Middlesex',
        kind: 'mg',
        quality: 'regular',
        battalion: 'mx2',
        regiment: 'bde23',
        hex: '0715',
      },
      {
        id: 'li2-cmd',
        name: 'Lt-Col, 2nd Lincolnshire',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'li2',
        regiment: 'bde25',
        hex: '1216',
      },
      ...companies(
        '2/Linc',
        'li2',
        'bde25',
        'regular',
        4,
        ['A', 'B', 'C', 'D'],
        ['1115', '1215', '1315', '1415'],
      ),
      {
        id: 'li2-mg',
        name: 'MG section, 2nd Lincolnshire',
        kind: 'mg',
        quality: 'regular',
        battalion: 'li2',
        regiment: 'bde25',
        hex: '1615',
      },
      {
        // Improvised trench mortars were in the British line by the winter of 1914-15.
        id: 'bde23-tm',
        name: 'Trench mortar (1.5-inch), 23rd Brigade',
        kind: 'lightMortar',
        quality: 'regular',
        battalion: null,
        regiment: 'bde23',
        supports: 'mx2',
        hex: '0816',
      },
    ],
    german: [
      {
        id: 'ir16-cmd',
        name: 'Oberst, IR 16',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'ir16',
        hex: '1305',
      },
      {
        id: 'iii16-cmd',
        name: 'Major, III./IR 16',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'iii16',
        regiment: 'ir16',
        hex: '1207',
      },
      ...companies(
        'III./16',
        'iii16',
        'ir16',
        'regular',
        3,
        ['9.', '10.', '11.', '12.'],
        ['0409', '0909', '1209', '1509'],
      ),
      {
        id: 'iii16-mg1',
        name: 'MG, III./IR 16 (left)',
        kind: 'mg',
        quality: 'regular',
        battalion: 'iii16',
        regiment: 'ir16',
        hex: '0609',
      },
      {
        id: 'iii16-mg2',
        name: 'MG, III./IR 16 (right)',
        kind: 'mg',
        quality: 'regular',
        battalion: 'iii16',
        regiment: 'ir16',
        hex: '1409',
      },
      {
        // The pioneers' medium Minenwerfer, firing from the village behind the breastwork.
        id: 'ir16-mw',
        name: 'Mittlerer Minenwerfer (pioneers)',
        kind: 'mediumMortar',
        quality: 'regular',
        battalion: null,
        regiment: 'ir16',
        supports: 'iii16',
        hex: '1107',
      },
      {
        id: 'bav-cmd',
        name: 'Major, Bavarian reserve battalion',
        kind: 'bnCommander',
        quality: 'regular',
        battalion: 'bav',
        regiment: 'brir',
        hex: null,
        arrives: 6,
        entry: '1901',
      },
      ...companies('Bav.', 'bav', 'brir', 'regular', 3, ['1.', '2.', '3.', '4.'], [], {
        arrives: 6,
        entry: '1801',
      }),
      {
        id: 'brir-cmd',
        name: 'Generalmajor, Bavarian reserves',
        kind: 'regtCommander',
        quality: 'regular',
        battalion: null,
        regiment: 'brir',
        hex: null,
        arrives: 6,
        entry: '2001',
      },
      {
        id: 'bav-mg',
        name: 'MG-Kompanie, Bavarian reserves',
        kind: 'mg',
        quality: 'regular',
        battalion: null,
        regiment: 'brir',
        supports: 'bav',
        hex: null,
        arrives: 6,
        entry: '1701',
      },
    ],
  },
  batteries: {
    british: [
      { id: 'b-18a', name: '18-pdr battery (A)', kind: 'fieldGun', regiment: 'bde25', aim: '1110' },
      { id: 'b-18b', name: '18-pdr battery (B)', kind: 'fieldGun', regiment: 'bde25', aim: '1410' },
      { id: 'b-45', name: '4.5-inch howitzer battery', kind: 'howitzer', regiment: 'bde25', aim: '1209' },
      { id: 'b-6in', name: '6-inch howitzer battery', kind: 'heavy', regiment: 'bde23', aim: '1206' },
    ],
    german: [
      {
        id: 'g-fk',
        name: 'Field battery (7.7 cm)',
        kind: 'fieldGun',
        regiment: 'ir16',
        aim: null,
        sos: [
          { id: 'sos-left', name: 'SOS left (in front of the left company)', hexes: ['0410', '0510'] },
          { id: 'sos-centre', name: 'SOS centre (the Signpost Lane gap)', hexes: ['1110', '1210'] },
          { id: 'sos-right', name: 'SOS right', hexes: ['1510', '1610'] },
        ],
      },
      { id: 'g-fh', name: 'Field howitzer battery (15 cm)', kind: 'heavy', regiment: 'ir16', aim: '1215' },
    ],
  },
  staffMarkers: { british: 3, german: 1 },
  // The hurricane bombardment cut the telephone wires to the German guns: their SOS answers slowly at first.
  deepSuppression: { german: [2, 1], british: [] },
  gasReleases: { british: 0, german: 0 },
  wind: null,
  bombardment: { side: 'british', rounds: 3 },
  objectives: {
    '1206': { name: 'Neuve Chapelle church', vp: 2, holder: 'german' },
    '1106': { name: 'Neuve Chapelle, west', vp: 1, holder: 'german' },
    '1406': { name: 'Neuve Chapelle, east', vp: 1, holder: 'german' },
    '1209': { name: 'German breastwork, centre', vp: 1, holder: 'german' },
  },
  victory: { attacker: 'british', needed: 4 },
  regions: [
    { id: 'village', name: 'Neuve Chapelle', kind: 'village', locs: ['1204'] },
    { id: 'biez', name: 'Bois du Biez', kind: 'forest', locs: ['2002'] },
    { id: 'nml', name: "No man's land", kind: 'sector', locs: ['0612'] },
  ],
  people: { british: 'British', german: 'Germans' },
  sides: [
    { seat: 'british', name: 'British', fill: '#d55e00', ink: '#ffffff' },
    { seat: 'german', name: 'German', fill: '#7f7f7f', ink: '#ffffff' },
  ],
  note: 'At 7.30 on 10 March 1915 some 340 British guns opened a 35-minute bombardment on the German breastworks at Neuve Chapelle, then lifted onto the village. In the centre the wire was cut and the 25th Brigade was through the German line within minutes and into the ruins; on the northern flank two batteries had arrived too late to register, the wire stood, and the 2nd Middlesex were shot down in front of it. The village fell by mid-morning, but orders were slow to come forward, the German reserves closed the gap, and their counter-attack on 12 March was beaten off with heavy loss. Here the British must take and hold the village; the Germans must stop them at the wire and retake it.',
};
