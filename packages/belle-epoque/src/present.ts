import type { MarkerPresentation, PiecePresentation, Presentation, Seat } from '@salient/engine';
import { grid } from './grid.ts';
import { sideName } from './scenarios/index.ts';
import type { BeView, Unit } from './types.ts';
import { breakingPoint, standsLost, victoryPoints } from './victory.ts';

const SYMBOL: Record<Unit['kind'], PiecePresentation['symbol']> = {
  infantry: 'infantry',
  tribesmen: 'infantry',
  cavalry: 'cavalry',
  mountedInfantry: 'mounted-infantry',
};

function piece(unit: Unit): PiecePresentation {
  const notes = [unit.order === 'loose' ? 'loose order' : 'close order', unit.quality, ...unit.ratings];
  if (unit.activated) notes.push('activated');
  if (unit.enteredRough) notes.push('entered rough ground: no fire or assault this turn');
  return {
    id: unit.id,
    loc: unit.hex,
    side: unit.side,
    label: unit.name,
    symbol: SYMBOL[unit.kind],
    size: 'X',
    // Stands are what a unit is worth in this game: shown as factors beside its troop type.
    factors: `${unit.stands}/${unit.startStands} ${unit.firepower}`,
    reduced: unit.stands < unit.startStands,
    stackIndex: 0,
    note: notes.join(', '),
    states: [
      unit.order === 'loose' ? 'loose' : 'close',
      ...(unit.activated ? ['activated'] : []),
      ...(unit.enteredRough ? ['rough'] : []),
    ],
  };
}

function activeUnitId(view: BeView): string | null {
  const phase = view.phase;
  return phase.kind === 'doctrine' || phase.kind === 'pick' || phase.kind === 'over' ? null : phase.act.unit;
}

/** A generic board's picture of a view: units with their stands, the unknown ground, the bowl. */
export function presentView(view: BeView, _seat: Seat | null): Presentation {
  const markers: MarkerPresentation[] = [];
  const discovered: Record<string, string> = {};
  for (const hex of grid.ids) {
    const terrain = view.terrain[hex];
    if (terrain === undefined) markers.push({ loc: hex, kind: 'unexplored', label: 'Unexplored' });
    else if (view.hiddenTerrain) discovered[hex] = terrain;
  }
  const control: Record<string, Seat> = {};
  for (const [hex, objective] of Object.entries(view.objectives)) {
    markers.push({
      loc: hex,
      kind: 'objective',
      label: `Objective, ${objective.vp} VP`,
      side: objective.holder ?? undefined,
    });
    if (objective.holder) control[hex] = objective.holder;
  }
  const active = activeUnitId(view);
  const activeUnit = view.units.find((u) => u.id === active && u.hex !== null);
  if (activeUnit)
    markers.push({ loc: activeUnit.hex!, kind: 'active', label: 'Activated now', side: activeUnit.side });
  const tracks: Presentation['tracks'] = [
    { id: 'turn', label: 'Turn', value: `${view.turn} of ${view.lastTurn}` },
  ];
  for (const side of view.seats) {
    tracks.push({
      id: `cp-${side}`,
      label: `${sideName(view.scenario, side)} command points`,
      value: String(view.cp[side] ?? 0),
    });
  }
  for (const side of view.seats) {
    tracks.push({
      id: `bowl-${side}`,
      label: `${sideName(view.scenario, side)} tokens in the bowl`,
      value: String(view.bowl[side] ?? 0),
    });
  }
  if (view.phase.kind === 'pick')
    tracks.push({ id: 'drawn', label: 'Token drawn', value: sideName(view.scenario, view.phase.side) });
  for (const side of view.seats) {
    tracks.push({
      id: `lost-${side}`,
      label: `${sideName(view.scenario, side)} losses`,
      value: `${standsLost(view, side)} (breaks at ${breakingPoint(view, side)})`,
    });
  }
  for (const side of view.seats) {
    tracks.push({
      id: `vp-${side}`,
      label: `${sideName(view.scenario, side)} victory points`,
      value: String(victoryPoints(view, side)),
    });
  }
  return {
    pieces: view.units.filter((u) => u.hex !== null).map(piece),
    markers,
    control,
    ...(view.hiddenTerrain ? { terrain: discovered } : {}),
    boxes: [
      { id: 'eliminated', label: 'Eliminated', pieces: view.units.filter((u) => u.hex === null).map(piece) },
    ],
    tracks,
  };
}
