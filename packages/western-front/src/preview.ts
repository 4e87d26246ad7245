import type { Action, Preview, Seat } from '@salient/engine';
import { coverOf, fireFactors, fireProblem, odds } from './fire.ts';
import { grid } from './grid.ts';
import { standById } from './stands.ts';
import { weaponOf } from './tables.ts';
import type { WfView } from './types.ts';

/** The chances of a fire action, with every factor, for a player choosing a target. */
export function previewOf(view: WfView, _seat: Seat, action: Action): Preview | null {
  if (action.type !== 'fire' || view.phase.kind !== 'orders' || !view.phase.active) return null;
  const firer = standById(view, view.phase.active.unit);
  const target = typeof action.target === 'string' ? standById(view, action.target) : undefined;
  if (
    !firer ||
    !target ||
    firer.hex === null ||
    target.hex === null ||
    fireProblem(view, firer, target) !== null
  )
    return null;
  const weapon = weaponOf(firer.kind)!;
  const factors = fireFactors(view, firer, target, true);
  const modifier = factors.reduce((a, f) => a + f.value, 0);
  const cover = coverOf(view, target.hex);
  const o = odds(weapon, cover, modifier);
  return {
    title: `${firer.name} fires at ${target.name}`,
    facts: [
      { label: 'Range', value: `${grid.distance(firer.hex, target.hex)} hexes` },
      { label: 'Cover', value: cover },
      ...factors.map((f) => ({ label: f.label, value: `${f.value > 0 ? '+' : ''}${f.value}` })),
    ],
    outcomes: [
      { label: 'Kill', chance: o.kill },
      { label: 'Suppressed', chance: o.suppress },
      { label: 'No effect', chance: 1 - o.kill - o.suppress },
    ],
  };
}
