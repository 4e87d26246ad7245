import type { MarkerPresentation, Overlay, PiecePresentation, Presentation, Seat } from '@salient/engine';
import { batteryTarget } from './artillery.ts';
import { grid } from './grid.ts';
import { sideAdjective, sideName, sidesInOrder } from './sides.ts';
import { isCommand, platoonsLeft } from './stands.ts';
import { stepName } from './status.ts';
import { COMMAND_RADIUS } from './tables.ts';
import type { Stand, WfView } from './types.ts';
import { objectivePoints } from './victory.ts';

const SYMBOL: Record<Stand['kind'], PiecePresentation['symbol']> = {
  company: 'infantry',
  cavalry: 'cavalry',
  mg: 'machine-gun',
  lightMortar: 'artillery',
  mediumMortar: 'artillery',
  fieldGun: 'artillery',
  howitzer: 'artillery',
  bnCommander: 'infantry',
  regtCommander: 'infantry',
  liaison: 'artillery',
};

const KIND_NAME: Record<Stand['kind'], string> = {
  company: 'rifle company',
  cavalry: 'cavalry squadron',
  mg: 'machine gun',
  lightMortar: 'light mortar',
  mediumMortar: 'medium mortar',
  fieldGun: 'field gun',
  howitzer: 'howitzer',
  bnCommander: 'battalion commander',
  regtCommander: 'regimental/brigade commander',
  liaison: 'artillery liaison officer',
};

/** What a gun's state means for the player, in the stand's note. */
const GUN_NOTE: Record<NonNullable<Stand['gun']>, string> = {
  limbered: 'limbered: moves 4 hexes, 7 by road, cannot fire',
  deployed: 'deployed: fires, man-handled 1 hex',
};

function piece(view: WfView, stand: Stand, stackIndex: number): PiecePresentation {
  const notes = [KIND_NAME[stand.kind], stand.quality];
  if (stand.gun !== null) notes.push(GUN_NOTE[stand.gun]);
  if (stand.suppression > 0) notes.push(`suppressed x${stand.suppression}`);
  if (stand.ordered && !isCommand(stand))
    notes.push(stand.actions > 0 ? `${stand.actions} action(s) left` : 'ordered');
  if (isCommand(stand)) notes.push(`moves ${stand.commandMoves}/2`);
  if (stand.fieldPromotion) notes.push('field promotion');
  if (stand.battalion !== null && !isCommand(stand) && stand.hex !== null) {
    const cmd = view.stands.find(
      (s) => s.kind === 'bnCommander' && s.battalion === stand.battalion && s.hex !== null,
    );
    notes.push(
      cmd && grid.distance(cmd.hex!, stand.hex) <= COMMAND_RADIUS
        ? 'within command radius'
        : 'beyond command radius (-1)',
    );
  }
  if (stand.gone) notes.push(stand.gone);
  const active = view.phase.kind === 'orders' && view.phase.active?.unit === stand.id;
  if (active) notes.push('being ordered');
  const factors =
    stand.kind === 'company' || stand.kind === 'cavalry'
      ? `${stand.steps}/${stand.startSteps} pl`
      : stand.gun !== null
        ? stand.gun
        : '';
  return {
    id: stand.id,
    loc: stand.hex,
    side: stand.side,
    label: stand.name,
    symbol: SYMBOL[stand.kind],
    size: stand.kind === 'regtCommander' ? 'X' : stand.kind === 'bnCommander' ? 'II' : '',
    factors: `${factors}${stand.actions > 0 ? `${factors ? ' ' : ''}A${stand.actions}` : ''}${stand.suppression > 0 ? ` S${stand.suppression}` : ''}`,
    reduced: stand.steps < stand.startSteps,
    stackIndex,
    note: notes.join(', '),
  };
}

/**
 * The board's picture of a view: stands (with platoons, actions left and suppression), suppression,
 * wire, gas, battery aiming points and SOS areas as markers, and each battalion's morale as a track.
 * A stand's note says whether it is within its battalion commander's 25 cm radius.
 */
export function presentView(view: WfView, _seat: Seat | null): Presentation {
  const markers: MarkerPresentation[] = [];
  const stackCount = new Map<string, number>();
  const pieces: PiecePresentation[] = [];
  for (const s of view.stands) {
    if (s.hex === null) continue;
    const i = stackCount.get(s.hex) ?? 0;
    stackCount.set(s.hex, i + 1);
    pieces.push(piece(view, s, i));
    if (s.suppression > 0)
      markers.push({
        loc: s.hex,
        kind: 'suppression',
        label: `Supp ${s.suppression}: ${s.name}`,
        side: s.side,
      });
  }
  for (const hex of view.wire) markers.push({ loc: hex, kind: 'wire', label: 'Wire' });
  // Each cloud is drawn as an area over its hexes; a marker per hex still names it in the hex's detail.
  const overlays: Overlay[] = view.gas.map((cloud, i) => ({
    id: `gas-${i}`,
    label: `Gas cloud (${cloud.turnsLeft} turn${cloud.turnsLeft === 1 ? '' : 's'} left)`,
    locs: [...cloud.hexes],
    style: 'hatch',
    color: '#9acd32',
  }));
  for (const cloud of view.gas)
    for (const hex of cloud.hexes)
      markers.push({ loc: hex, kind: 'gas', label: `Gas (${cloud.turnsLeft} turns)` });
  for (const b of view.batteries) {
    for (const hex of batteryTarget(b))
      markers.push({ loc: hex, kind: 'template', label: `Arty: ${b.name}`, side: b.side });
    for (const a of b.sos)
      for (const hex of a.hexes)
        markers.push({ loc: hex, kind: 'sos', label: `SOS: ${a.name}`, side: b.side });
  }
  const phase = view.phase;
  const control: Record<string, Seat> = {};
  for (const [hex, o] of Object.entries(view.objectives)) {
    markers.push({
      loc: hex,
      kind: 'objective',
      label: `Objective ${o.name}, ${o.vp} VP`,
      ...(o.holder ? { side: o.holder } : {}),
    });
    if (o.holder) control[hex] = o.holder;
  }
  const tracks: Presentation['tracks'] = [
    { id: 'turn', label: 'Turn', value: `${view.turn} of ${view.lastTurn}` },
    { id: 'initiative', label: 'Order of play this turn', value: sidesInOrder(view, view.order) },
  ];
  if (phase.kind === 'orders')
    tracks.push({ id: 'step', label: 'Step', value: stepName(view, phase.side, phase.step) });
  for (const bn of view.battalions) {
    const left = platoonsLeft(view, bn.id);
    const state = bn.routed
      ? 'broken'
      : bn.tested75
        ? 'tested at 75%'
        : bn.tested50
          ? 'tested at 50%'
          : 'steady';
    tracks.push({
      id: `morale-${bn.id}`,
      label: `${bn.name} (${sideAdjective(view, bn.side)})`,
      value: `${left}/${bn.startPlatoons} platoons, ${state}`,
    });
  }
  for (const side of view.seats) {
    tracks.push({
      id: `markers-${side}`,
      label: `${sideAdjective(view, side)} staff re-roll markers`,
      value: `${view.markersLeft[side] ?? 0} to allocate`,
    });
    tracks.push({
      id: `vp-${side}`,
      label: `${sideAdjective(view, side)} objective points`,
      value: String(objectivePoints(view, side)),
    });
  }
  tracks.push({
    id: 'victory',
    label: 'Victory',
    value: `The ${sideName(view, view.victory.attacker)} need ${view.victory.needed} objective points at the end of turn ${view.lastTurn}`,
  });
  const off = view.stands.filter((s) => s.hex === null);
  return {
    pieces,
    markers,
    control,
    ...(overlays.length > 0 ? { overlays } : {}),
    boxes: [
      {
        id: 'batteries',
        label: 'Off-table artillery',
        pieces: view.batteries.map((b) => ({
          id: b.id,
          loc: null,
          side: b.side,
          label: b.name,
          symbol: 'artillery',
          size: '',
          factors: `${b.actions > 0 ? `A${b.actions} ` : ''}${b.aim ?? 'no aim'}`,
          reduced: false,
          stackIndex: 0,
          note: `aiming at ${batteryTarget(b).join(', ') || 'nothing'}${b.answeredSos ? ', answered an SOS call' : ''}`,
        })),
      },
      {
        id: 'reinforcements',
        label: 'Reinforcements',
        pieces: off.filter((s) => s.gone === null).map((s) => piece(view, s, 0)),
      },
      { id: 'lost', label: 'Lost', pieces: off.filter((s) => s.gone !== null).map((s) => piece(view, s, 0)) },
    ],
    tracks,
  };
}
