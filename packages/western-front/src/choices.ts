import type { Choice, ChoiceOption, Seat } from '@salient/engine';
import { batteryTarget, observedHexes } from './artillery.ts';
import { assaultProblem, defenderIn } from './assault.ts';
import { coverOf, fireFactors, fireProblem, odds } from './fire.ts';
import { gasHexes } from './gas.ts';
import { grid } from './grid.ts';
import { MOVE_BUDGET, reachable } from './movement.ts';
import { bonusAvailable, markersFor, orderFactors } from './orders.ts';
import { canCallSos } from './sos.ts';
import { batteryById, isCommand, isRifle, onTable, standById } from './stands.ts';
import { statusOf } from './status.ts';
import { weaponOf } from './tables.ts';
import { battalionsToOrder, nextInBattalion, nextInSupport } from './turn.ts';
import type { Battery, Readable, Stand } from './types.ts';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What a hex costs, said as the share of one move action it uses (the table's rates, mixed). */
function moveShare(spent: number): string {
  return spent >= MOVE_BUDGET ? 'the whole move' : `${pct(spent / MOVE_BUDGET)} of the move`;
}

/**
 * What `seat` may do now, read from a state or that seat's view alone. Every option of every
 * parameter is legal with every option of the others.
 */
export function choicesFor(state: Readable, seat: Seat): Choice[] {
  if (!statusOf(state).toAct.includes(seat)) return [];
  const phase = state.phase;
  if (phase.kind !== 'orders') return [];
  if (phase.reroll) {
    const unit = unitOf(state, phase.reroll.unit, phase.reroll.battery)!;
    return [
      {
        action: 'reroll',
        label: `Spend a staff marker to re-roll ${unit.name}'s order`,
        base: {},
        params: [],
        piece: unit.id,
        irreversible: true,
      },
      { action: 'keepRoll', label: `Keep ${unit.name}'s roll`, base: {}, params: [], piece: unit.id },
    ];
  }
  if (phase.active) {
    const unit = unitOf(state, phase.active.unit, phase.active.battery)!;
    return 'hex' in unit ? standActions(state, unit) : batteryActions(state, unit);
  }
  const out: Choice[] = [];
  switch (phase.step) {
    case 'bombardment':
      return [
        {
          action: 'bombard',
          label: 'Open the preliminary bombardment',
          base: {},
          params: [],
          irreversible: true,
        },
      ];
    case 'staff': {
      const pools = [
        ...state.battalions
          .filter((b) => b.side === seat && !b.routed)
          .map((b) => ({ value: b.id, label: b.name })),
        { value: 'support', label: 'Regimental support and artillery' },
      ];
      out.push({
        action: 'allocateMarker',
        label: `Allocate a staff re-roll marker (${state.markersLeft[seat] ?? 0} left)`,
        base: {},
        params: [{ name: 'to', label: 'To', kind: 'one', options: pools }],
      });
      break;
    }
    case 'support':
      for (const u of nextInSupport(state, seat)) out.push(orderChoice(state, u));
      if ((state.gasReleases[seat] ?? 0) > 0) {
        out.push({
          action: 'releaseGas',
          label: `Open the gas cylinders (${state.gasReleases[seat]} release${state.gasReleases[seat] === 1 ? '' : 's'} left)`,
          base: {},
          params: [
            {
              name: 'at',
              label: 'Cloud centre',
              kind: 'one',
              options: gasHexes(state, seat).map((h) => ({ value: h, label: h, loc: h })),
            },
          ],
          irreversible: true,
        });
      }
      break;
    case 'battalions':
      if (phase.battalion !== null) {
        for (const u of nextInBattalion(state, phase.battalion)) out.push(orderChoice(state, u));
        out.push({
          action: 'endBattalion',
          label: 'Finish this battalion (the rest stay unordered)',
          base: {},
          params: [],
        });
        return out;
      }
      for (const bn of battalionsToOrder(state, seat))
        for (const u of nextInBattalion(state, bn)) out.push(orderChoice(state, u));
      break;
    case 'sos':
      for (const b of state.batteries.filter((x) => x.side === seat)) {
        const areas = b.sos.filter((a) => canCallSos(state, b, a));
        if (areas.length === 0) continue;
        out.push({
          action: 'callSos',
          label: `Call SOS fire from ${b.name}`,
          base: { battery: b.id },
          params: [
            {
              name: 'area',
              label: 'SOS area',
              kind: 'one',
              options: areas.map((a) => ({ value: a.id, label: a.name, loc: a.hexes[0] })),
            },
          ],
          irreversible: true,
        });
      }
      break;
    case 'commanders':
      for (const s of onTable(state, seat).filter((x) => isCommand(x) && x.commandMoves < 2)) {
        const to = [...reachable(state, s).keys()].sort();
        if (to.length === 0) continue;
        out.push({
          action: 'moveCommander',
          label: `Move ${s.name} (${2 - s.commandMoves} move${s.commandMoves === 1 ? '' : 's'} left)`,
          base: { unit: s.id },
          params: [
            {
              name: 'to',
              label: 'Hex',
              kind: 'one',
              options: to.map((h) => ({ value: h, label: h, loc: h })),
            },
          ],
          piece: s.id,
          loc: s.hex!,
        });
      }
      break;
  }
  out.push({ action: 'endStep', label: STEP_END[phase.step], base: {}, params: [] });
  return out;
}

const STEP_END = {
  bombardment: 'Go on',
  staff: 'Keep the remaining markers unallocated',
  support: 'End support orders',
  battalions: 'End battalion orders',
  sos: 'Make no more SOS calls',
  commanders: 'End the turn',
};

function unitOf(state: Readable, id: string, battery: boolean): Stand | Battery | undefined {
  return battery ? batteryById(state, id) : standById(state, id);
}

function orderChoice(state: Readable, unit: Stand | Battery): Choice {
  const modifier = orderFactors(state, unit, false).reduce((a, f) => a + f.value, 0);
  const markers = markersFor(state, unit);
  const detail = `${modifier !== 0 ? ` ${modifier > 0 ? '+' : ''}${modifier}` : ''}${markers > 0 ? `, ${markers} staff marker${markers > 1 ? 's' : ''}` : ''}`;
  const params: Choice['params'] = bonusAvailable(state, unit)
    ? [
        {
          name: 'bonus',
          label: "Regiment's +1 (once a turn)",
          kind: 'one',
          options: [
            { value: false, label: 'Keep the +1' },
            { value: true, label: 'Use the +1' },
          ],
        },
      ]
    : [];
  return {
    action: 'order',
    label: `Order ${unit.name}${detail}`,
    base: { unit: unit.id },
    params,
    piece: unit.id,
    ...('hex' in unit && unit.hex !== null ? { loc: unit.hex } : {}),
    irreversible: true,
  };
}

function standActions(state: Readable, unit: Stand): Choice[] {
  const out: Choice[] = [];
  const left = `${unit.actions} action${unit.actions === 1 ? '' : 's'} left`;
  if (unit.suppression > 0) {
    out.push({
      action: 'rally',
      label: `${unit.name}: remove a suppression level (${left})`,
      base: {},
      params: [],
      piece: unit.id,
    });
  } else {
    const to = [...reachable(state, unit).entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    if (to.length > 0) {
      out.push({
        action: 'move',
        label: `${unit.name}: move (${left})`,
        base: {},
        params: [
          {
            name: 'to',
            label: 'Hex',
            kind: 'one',
            options: to.map(([h, c]) => ({ value: h, label: `${h} (${moveShare(c)})`, loc: h })),
          },
        ],
        piece: unit.id,
      });
    }
    const weapon = weaponOf(unit.kind);
    if (weapon !== null) {
      const targets = onTable(state)
        .filter((t) => t.side !== unit.side && fireProblem(state, unit, t) === null)
        .map((t): ChoiceOption => {
          const modifier = fireFactors(state, unit, t, true).reduce((a, f) => a + f.value, 0);
          const o = odds(weapon, coverOf(state, t.hex!), modifier);
          return {
            value: t.id,
            label: `${t.name} at ${t.hex} (${grid.distance(unit.hex!, t.hex!)} hexes, ${coverOf(state, t.hex!)} cover): kill ${pct(o.kill)}, suppress ${pct(o.suppress)}`,
            piece: t.id,
            loc: t.hex!,
          };
        });
      if (targets.length > 0) {
        out.push({
          action: 'fire',
          label: `${unit.name}: fire (${left})`,
          base: {},
          params: [{ name: 'target', label: 'Target', kind: 'one', options: targets }],
          piece: unit.id,
          irreversible: true,
        });
      }
    }
    if (unit.gun !== null) {
      const limbering = unit.gun === 'deployed';
      out.push({
        action: limbering ? 'limber' : 'unlimber',
        label: `${unit.name}: ${limbering ? 'limber up to move' : 'unlimber to fire'} (${left})`,
        base: {},
        params: [],
        piece: unit.id,
      });
    }
    if (isRifle(unit)) {
      const hexes = grid.neighbors(unit.hex!).filter((h) => assaultProblem(state, unit, h) === null);
      if (hexes.length > 0) {
        out.push({
          action: 'assault',
          label: `${unit.name}: close assault (${left})`,
          base: {},
          params: [
            {
              name: 'hex',
              label: 'Hex to assault',
              kind: 'one',
              options: hexes.map((h) => ({
                value: h,
                label: `${defenderIn(state, h)!.name} at ${h}`,
                loc: h,
              })),
            },
          ],
          piece: unit.id,
          irreversible: true,
        });
      }
    }
  }
  out.push({
    action: 'endUnit',
    label: `${unit.name}: stop (${left} unused)`,
    base: {},
    params: [],
    piece: unit.id,
  });
  return out;
}

function batteryActions(state: Readable, battery: Battery): Choice[] {
  const out: Choice[] = [];
  const left = `${battery.actions} action${battery.actions === 1 ? '' : 's'} left`;
  if (battery.aim !== null) {
    out.push({
      action: 'fireBattery',
      label: `${battery.name}: fire on ${batteryTarget(battery).join(', ')} (${left})`,
      base: {},
      params: [],
      loc: battery.aim,
      irreversible: true,
    });
  }
  const to = observedHexes(state, battery.side).filter((h) => h !== battery.aim || battery.aimSos !== null);
  if (to.length > 0) {
    out.push({
      action: 'redirect',
      label: `${battery.name}: move the aiming point (${left})`,
      base: {},
      params: [
        {
          name: 'to',
          label: 'Aiming point',
          kind: 'one',
          options: to.map((h) => ({ value: h, label: h, loc: h })),
        },
      ],
    });
  }
  out.push({ action: 'endUnit', label: `${battery.name}: stop (${left} unused)`, base: {}, params: [] });
  return out;
}
