import type { BoardSpec, MarkerPresentation, PiecePresentation, Presentation } from '@salient/engine';
import { edgeKey } from '@salient/engine';
import { roman } from './actions.ts';
import { markersLeft } from './bombardment.ts';
import { MAP } from './map.ts';
import { CANAL_HEXSIDES, ENTRY_HEXES, GRID, HIGH_GROUND, SECTORS, TOWNS } from './scenario/map.ts';
import { ARTILLERY, turnLabel } from './scenario/tracks.ts';
import type { LoosView, Unit } from './state.ts';
import { isOnMap } from './state.ts';
import { factorsOf, maxSteps } from './units.ts';

export function loosBoard(): BoardSpec {
  const terrain: Record<string, string> = {};
  for (const [hex, type] of MAP.terrain) if (type !== 'clear') terrain[hex] = type;
  const trenchSides = [...MAP.trenchSides].map((key) => {
    const [a, b] = key.split('-') as [string, string];
    return { kind: 'trench', a, b };
  });
  return {
    topology: { kind: 'hex', grid: GRID },
    north: 'left',
    terrainKinds: [
      { id: 'clear', label: 'Clear', fill: '#eef0dc', pattern: 'none' },
      { id: 'town', label: 'Town', fill: '#d7c8b4', pattern: 'buildings' },
      { id: 'woods', label: 'Woods', fill: '#b9d3a4', pattern: 'trees' },
      { id: 'broken', label: 'Broken (quarries, slag heaps)', fill: '#cfc6a8', pattern: 'rough' },
    ],
    terrain,
    overlays: [
      { id: 'high-ground', label: 'High ground', locs: [...HIGH_GROUND], style: 'contour', color: '#8a6d3b' },
      {
        id: 'front-line',
        label: 'British front line',
        locs: SECTORS.flatMap((s) => s.front),
        style: 'band',
        color: '#a33',
      },
      {
        id: 'support-line',
        label: 'Between the British lines (room for committed reserves)',
        locs: SECTORS.flatMap((s) => s.support),
        style: 'hatch',
        color: '#c98b8b',
      },
      {
        id: 'reserve-line',
        label: 'British reserve line',
        locs: SECTORS.flatMap((s) => s.reserve),
        style: 'hatch',
        color: '#a33',
      },
      { id: 'entry', label: 'German entry hex', locs: [...ENTRY_HEXES], style: 'ring', color: '#333' },
    ],
    hexsideKinds: [
      { id: 'trench', label: 'German trench hexside', color: '#5a4a3a', width: 3, style: 'teeth' },
      { id: 'canal', label: 'La Bassee Canal', color: '#3b6fb6', width: 4, style: 'double' },
    ],
    hexsides: [
      ...trenchSides,
      ...CANAL_HEXSIDES.map(([a, b]) => ({ kind: 'canal', a, b })).filter((h) =>
        MAP.canalSides.has(edgeKey(h.a, h.b)),
      ),
    ],
    regions: [
      ...TOWNS.map((t) => ({ id: `town-${t.name}`, name: t.name, kind: 'town', locs: [...t.hexes] })),
      ...SECTORS.map((s) => ({
        id: `sector-${s.number}`,
        name: `Sector ${roman(s.number)}`,
        kind: 'sector',
        locs: [...s.front, ...s.support, ...s.reserve],
      })),
    ],
    sides: [
      { seat: 'british', name: 'British', fill: '#d9b26f', ink: '#1b1b1b' },
      { seat: 'german', name: 'German', fill: '#8aa5bf', ink: '#101820' },
    ],
    pieceStates: [
      { id: 'gassed', short: 'G', label: 'In a gassed hex this combat phase', color: '#4d6b00' },
      { id: 'bombarded', short: 'B', label: 'In a bombarded hex this combat phase', color: '#8a1c00' },
    ],
  };
}

function piece(unit: Unit, stackIndex: number, states: string[] = []): PiecePresentation {
  const f = factorsOf(unit);
  const size =
    unit.kind === 'half-brigade' ? 'X' : unit.kind === 'regiment' && unit.steps >= 2 ? 'III' : 'II';
  return {
    id: unit.id,
    loc: isOnMap(unit) ? unit.loc : null,
    side: unit.side,
    label: unit.kind === 'replacement' ? '•' : unit.id,
    symbol: 'infantry',
    size,
    factors: `${f.attack}-${f.defense}-${f.movement}`,
    reduced: unit.steps > 0 && unit.steps < maxSteps(unit),
    stackIndex,
    note: unit.name,
    states,
  };
}

export function loosPresent(view: LoosView): Presentation {
  const phase = view.phase;
  const combat = phase.kind === 'combat' || phase.kind === 'mobile-combat' ? phase.combat : null;
  // A bombardment's marker sits under the counters of its hex: the units there carry it as a badge.
  const shelled = new Map<string, string>();
  for (const b of combat?.bombardments ?? []) {
    if (b.gas || !shelled.has(b.target)) shelled.set(b.target, b.gas ? 'gassed' : 'bombarded');
  }
  const pieces: PiecePresentation[] = [];
  for (const unit of view.units) {
    if (!isOnMap(unit)) continue;
    const state = shelled.get(unit.loc);
    pieces.push(piece(unit, unit.reserve ? 1 : 0, state ? [state] : []));
  }
  const markers: MarkerPresentation[] = [];
  if (combat) {
    for (const b of combat.bombardments)
      markers.push({
        loc: b.target,
        kind: b.gas ? 'gas' : 'artillery',
        label: b.gas ? 'Gas' : 'Arty',
        side: b.side,
      });
    for (const hex of combat.breached) markers.push({ loc: hex, kind: 'breach', label: 'Breach' });
  }
  if (view.aircraft)
    markers.push({ loc: view.aircraft, kind: 'aircraft', label: 'Aircraft', side: 'british' });
  const box = (id: string, label: string, filter: (u: Unit) => boolean) => ({
    id,
    label,
    pieces: view.units.filter(filter).map((u) => piece(u, 0)),
  });
  const artillery = (side: 'british' | 'german') => {
    const b = ARTILLERY[side][view.turn];
    return b ? `${markersLeft(view, side)} of ${b.markers} markers, ${b.dice} dice each` : 'none';
  };
  return {
    pieces,
    markers,
    control: Object.fromEntries(
      MAP.townHexes.map((hex) => [hex, view.britishHexes.includes(hex) ? 'british' : 'german']),
    ),
    boxes: [
      box('reserves', 'Available British Reserves', (u) => u.loc === 'reserves'),
      box('awaiting', 'German reinforcements not yet arrived', (u) => u.loc === 'awaiting-release'),
      box('unplaced', 'Not yet set up', (u) => u.loc === 'unplaced'),
      box('eliminated', 'Eliminated', (u) => u.loc === 'eliminated' && u.kind !== 'replacement'),
    ],
    tracks: [
      { id: 'turn', label: 'Turn', value: turnLabel(view.turn) },
      { id: 'british-artillery', label: 'British artillery', value: artillery('british') },
      { id: 'german-artillery', label: 'German artillery', value: artillery('german') },
      {
        id: 'deadpile',
        label: 'German deadpile',
        value: `${view.deadpile} battalion counter${view.deadpile === 1 ? '' : 's'}`,
      },
    ],
  };
}
