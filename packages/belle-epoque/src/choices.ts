import type { Choice, ChoiceOption, Seat } from '@salient/engine';
import { assaultProblem, fireActionProblem } from './eligibility.ts';
import { fireOdds, hitText } from './fire.ts';
import { mayEvade, salvoUnits, usefulCommandPoints } from './flow.ts';
import { fallBackOptions } from './losses.ts';
import { activationMove, evadeMove, legalSteps } from './movement.ts';
import { statusOf } from './status.ts';
import { choosesOrder } from './tables.ts';
import type { Activation, Readable, Unit } from './types.ts';
import { onMap, unitById } from './units.ts';

/**
 * What `seat` may do now, read from a state or from that seat's view alone. Every option of every
 * parameter is legal with every option of the others.
 */
export function choicesFor(state: Readable, seat: Seat): Choice[] {
  if (!statusOf(state).toAct.includes(seat)) return [];
  const phase = state.phase;
  switch (phase.kind) {
    case 'doctrine':
      return [doctrineChoice(state, seat)];
    case 'pick':
      return onMap(state, seat)
        .filter((u) => !u.activated)
        .flatMap((u) => activationChoices(state, u));
    case 'activation':
      return activeUnitChoices(state, phase.act);
    case 'reaction': {
      const out: Choice[] = salvoUnits(state, phase.assault).map((u) => ({
        action: 'salvo',
        label: `${u.name}: ${u.id === phase.assault.defender ? 'salvo' : 'support'} fire (reactivity test)`,
        base: { unit: u.id },
        params: [cpParam(state, u)],
        piece: u.id,
        irreversible: true,
      }));
      if (mayEvade(state, phase.assault)) {
        const defender = unitById(state, phase.assault.defender)!;
        out.push({
          action: 'evade',
          label: `${defender.name}: evade (reactivity test)`,
          base: {},
          params: [cpParam(state, defender)],
          piece: defender.id,
          irreversible: true,
        });
      }
      out.push({
        action: 'noReaction',
        label: 'Await the assault',
        base: {},
        params: [],
        irreversible: true,
      });
      return out;
    }
    case 'evade': {
      const ctx = evadeMove(state, phase);
      const steps = legalSteps(state, ctx);
      const out: Choice[] = [];
      if (steps.length > 0) out.push(moveChoice(ctx.unit, steps));
      out.push({ action: 'endEvade', label: 'End the evade move', base: {}, params: [], piece: ctx.unit.id });
      return out;
    }
    case 'fireLosses': {
      const target = unitById(state, phase.target)!;
      const options: ChoiceOption[] = [];
      for (let k = 0; k <= phase.maxFallBack; k++) {
        options.push({
          value: k,
          label: `${phase.hits - k} stand${phase.hits - k === 1 ? '' : 's'} lost, fall back ${k} UD`,
        });
      }
      return [
        {
          action: 'takeLosses',
          label: `${target.name} takes ${phase.hits} hits`,
          base: {},
          params: [{ name: 'fallBack', label: 'Even losses taken as fall back', kind: 'one', options }],
          piece: target.id,
        },
      ];
    }
    case 'fallBack': {
      const unit = unitById(state, phase.unit)!;
      const { options } = fallBackOptions(state, unit, phase.visited, phase.stepsLeft);
      return [
        {
          action: 'fallBack',
          label: `${unit.name} falls back (${phase.stepsLeft} UD to go)`,
          base: {},
          params: [
            {
              name: 'to',
              label: 'Sector',
              kind: 'one',
              options: options.map((h) => ({ value: h, label: h, loc: h })),
            },
          ],
          piece: unit.id,
        },
      ];
    }
    case 'carry': {
      const winner = unitById(state, phase.winner)!;
      return [
        {
          action: 'carry',
          label: `${winner.name} carries the position`,
          base: {},
          params: [],
          piece: winner.id,
          loc: phase.hex,
        },
        {
          action: 'holdPosition',
          label: `${winner.name} stays where it is`,
          base: {},
          params: [],
          piece: winner.id,
        },
      ];
    }
    case 'over':
      return [];
  }
}

/** The order of battle: the units shown keep the scenario's order unless picked here to change it. */
function doctrineChoice(state: Readable, seat: Seat): Choice {
  const formed = state.units.filter((u) => u.side === seat && choosesOrder(u));
  return {
    action: 'doctrine',
    label: 'Order of battle: pick the units that change order (the others keep the order shown)',
    base: {},
    params: [
      {
        name: 'change',
        label: 'Units that change order',
        kind: 'some',
        min: 0,
        max: formed.length,
        options: formed.map((u) => ({
          value: u.id,
          label: `${u.name}: ${u.order === 'loose' ? 'loose to close order' : 'close to loose order'}`,
          piece: u.id,
          loc: u.hex ?? undefined,
        })),
      },
    ],
  };
}

function cpParam(state: Readable, unit: Unit): Choice['params'][number] {
  const options: ChoiceOption[] = [];
  for (let cp = 0; cp <= usefulCommandPoints(state, unit); cp++) {
    options.push({ value: cp, label: `${cp} command point${cp === 1 ? '' : 's'}`, cost: cp });
  }
  return { name: 'cp', label: 'Command points to add', kind: 'one', options };
}

function activationChoices(state: Readable, unit: Unit): Choice[] {
  return [
    {
      action: 'activate',
      label: `Activate ${unit.name} with a reactivity test`,
      base: { unit: unit.id },
      params: [cpParam(state, unit)],
      piece: unit.id,
      loc: unit.hex ?? undefined,
      irreversible: true,
    },
    {
      action: 'activateBasic',
      label: `Activate ${unit.name} for a basic move only`,
      base: { unit: unit.id },
      params: [],
      piece: unit.id,
      loc: unit.hex ?? undefined,
    },
  ];
}

function moveChoice(unit: Unit, steps: string[]): Choice {
  return {
    action: 'move',
    label: `Move ${unit.name}`,
    base: {},
    params: [
      {
        name: 'to',
        label: 'Sector',
        kind: 'one',
        options: steps.map((h) => ({ value: h, label: h, loc: h })),
      },
    ],
    piece: unit.id,
  };
}

function activeUnitChoices(state: Readable, act: Activation): Choice[] {
  const unit = unitById(state, act.unit)!;
  const out: Choice[] = [];
  const steps = legalSteps(state, activationMove(act, unit));
  if (steps.length > 0) out.push(moveChoice(unit, steps));
  const enemies = state.units.filter((u) => u.hex !== null && u.side !== unit.side);
  const targets = enemies.filter((u) => fireActionProblem(state, act, unit, u.id) === null);
  if (targets.length > 0) {
    const moving = act.steps === 1;
    out.push({
      action: 'fire',
      label: `${unit.name} fires`,
      base: {},
      params: [
        {
          name: 'target',
          label: 'Target',
          kind: 'one',
          options: targets.map((t) => {
            const odds = fireOdds(state, unit, t, moving);
            return {
              value: t.id,
              label: `${t.name} (${odds.dice} dice, ${hitText(odds)})`,
              piece: t.id,
              loc: t.hex!,
            };
          }),
        },
      ],
      piece: unit.id,
      irreversible: true,
    });
  }
  const assaultable = enemies.filter((u) => assaultProblem(state, act, unit, u.id) === null);
  if (assaultable.length > 0) {
    out.push({
      action: 'assault',
      label: `${unit.name} assaults`,
      base: {},
      params: [
        {
          name: 'target',
          label: 'Enemy unit',
          kind: 'one',
          options: assaultable.map((t) => ({ value: t.id, label: t.name, piece: t.id, loc: t.hex! })),
        },
      ],
      piece: unit.id,
      irreversible: true,
    });
  }
  out.push({
    action: 'endActivation',
    label: `End ${unit.name}'s activation`,
    base: {},
    params: [],
    piece: unit.id,
    irreversible: true,
  });
  return out;
}
