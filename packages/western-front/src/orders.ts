import type { EventLog } from '@salient/engine';
import type { Factor } from './fire.ts';
import { grid } from './grid.ts';
import { battalionById, battalionCommander, hasWire, inGas, isRifle, regimentCommander } from './stands.ts';
import { actionsFor, COMMAND_RADIUS, MAX_ACTIONS, orderTableOf } from './tables.ts';
import type { Battery, Readable, Stand, WfState } from './types.ts';

/** The staff re-roll pool a unit draws on, among its side's: its battalion, or the support pool. */
export function poolOf(unit: Stand | Battery): string {
  return 'battalion' in unit && unit.battalion !== null ? unit.battalion : 'support';
}

/** Staff markers waiting in the pool a unit draws on (only its own side's). */
export function markersFor(state: Readable, unit: Stand | Battery): number {
  return state.allocated[unit.side]?.[poolOf(unit)] ?? 0;
}

/** The command stand whose state modifies a unit's order roll. */
export function commanderOf(state: Readable, unit: Stand): Stand | undefined {
  return unit.battalion !== null
    ? battalionCommander(state, unit.battalion)
    : regimentCommander(state, unit.regiment);
}

/**
 * Order-roll modifiers for a stand on the table (off-table batteries have none): gas, distance from
 * the battalion commander, a field-promoted commander, suppression on the commander, troop quality,
 * wire, and the regiment's +1 when given.
 */
export function orderFactors(state: Readable, unit: Stand | Battery, regimentBonus: boolean): Factor[] {
  const out: Factor[] = [];
  if (regimentBonus) out.push({ label: 'Regimental support', value: 1 });
  if (!('hex' in unit)) return out;
  const cmd = commanderOf(state, unit);
  if (inGas(state, unit.hex) || (cmd && inGas(state, cmd.hex))) out.push({ label: 'Gas', value: -1 });
  if (unit.battalion !== null && (!cmd || grid.distance(cmd.hex!, unit.hex!) > COMMAND_RADIUS))
    out.push({ label: 'Beyond 25 cm of the battalion commander', value: -1 });
  if (cmd?.fieldPromotion) out.push({ label: 'Field promotion', value: -1 });
  if (cmd && cmd.suppression > 0) out.push({ label: 'Commander suppressed', value: -cmd.suppression });
  if (unit.quality === 'veteran' || unit.quality === 'storm')
    out.push({ label: unit.quality === 'storm' ? 'Storm troops' : 'Veterans', value: 1 });
  if (unit.quality === 'raw')
    out.push(unit.firedOn ? { label: 'Raw, under fire', value: -1 } : { label: 'Raw, fresh', value: 1 });
  if (isRifle(unit) && unit.hex !== null && hasWire(state, unit.hex))
    out.push({ label: 'Passing through wire', value: -2 });
  return out;
}

/** Whether the regiment may still give its +1 to this unit this turn (battalion units only). */
export function bonusAvailable(state: Readable, unit: Stand | Battery): boolean {
  if (!('battalion' in unit) || unit.battalion === null) return false;
  const bn = battalionById(state, unit.battalion);
  return state.regiments.some((r) => r.id === bn?.regiment && !r.bonusUsed);
}

/** Rolls the order die: a natural 1 always fails; otherwise the modified total reads on the unit's table. */
export function rollOrder(log: EventLog, unit: Stand | Battery, modifier: number): number {
  const table = orderTableOf('hex' in unit ? unit.kind : 'battery')!;
  const die = log.die('order', `Order roll for ${unit.name}`);
  const total = die + modifier;
  const actions = die === 1 ? 0 : actionsFor(table, total);
  log.add({
    type: 'order',
    text: `${unit.name}: ${die}${modifier !== 0 ? ` ${modifier > 0 ? '+' : ''}${modifier} = ${total}` : ''}, ${actions === 0 ? 'no action' : `${actions} action${actions > 1 ? 's' : ''}`}`,
    unit: unit.id,
    die,
    total,
    actions,
  });
  return actions;
}

export function maxActions(unit: Stand | Battery): number {
  return MAX_ACTIONS[orderTableOf('hex' in unit ? unit.kind : 'battery')!];
}

/** Uses the regiment's +1 (once a turn, for one battalion order roll). */
export function spendBonus(state: WfState, unit: Stand): void {
  const bn = battalionById(state, unit.battalion);
  const regiment = state.regiments.find((r) => r.id === bn?.regiment);
  if (regiment) regiment.bonusUsed = true;
}
