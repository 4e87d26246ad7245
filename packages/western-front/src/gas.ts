import type { EventLog, HexId } from '@salient/engine';
import { resolveShot } from './fire.ts';
import { grid } from './grid.ts';
import { sideName } from './sides.ts';
import type { Readable, WfState } from './types.ts';

/** Designed: a cloud from the cylinders of one front covers a hex and its neighbours and lasts 3 turns. */
export const GAS_TURNS = 3;
export const GAS_REACH = 2;

/** Where a side may open its cylinders: hexes within 2 of one of its own stands. */
export function gasHexes(state: Readable, side: string): HexId[] {
  const own = state.stands.filter((s) => s.side === side && s.hex !== null).map((s) => s.hex!);
  return grid.ids.filter((h) => own.some((o) => grid.distance(o, h) <= GAS_REACH));
}

/** Every stand in the cloud, of either side, takes a roll on the gas line of the firing table. */
function gasAttack(state: WfState, log: EventLog, hexes: HexId[]): void {
  for (const hex of hexes) {
    for (const stand of state.stands.filter((s) => s.hex === hex))
      resolveShot(state, log, 'gas', stand, [], 'Gas');
  }
}

export function releaseGas(state: WfState, log: EventLog, side: string, at: HexId): void {
  state.gasReleases[side] = (state.gasReleases[side] ?? 0) - 1;
  const hexes = [at, ...grid.neighbors(at)];
  const id = `gas-${state.turn}-${state.gas.length + 1}`;
  state.gas.push({ id, side, hexes, turnsLeft: GAS_TURNS });
  log.add({
    type: 'gas',
    text: `The ${sideName(state, side)} open their gas cylinders: a cloud covers ${hexes.join(', ')}`,
    hexes,
  });
  gasAttack(state, log, hexes);
}

/**
 * At the start of each turn every cloud drifts one hex with the wind (not at all in still air), thins
 * (one turn less), and attacks whoever is under it again; a cloud with no turns left is gone.
 */
export function driftGas(state: WfState, log: EventLog): void {
  const kept = [];
  for (const cloud of state.gas) {
    cloud.turnsLeft -= 1;
    if (cloud.turnsLeft <= 0) {
      log.add({ type: 'gas', text: 'A gas cloud disperses', cloud: cloud.id });
      continue;
    }
    if (state.wind !== null) {
      const wind = state.wind;
      cloud.hexes = cloud.hexes.map((h) => grid.toward(h, wind)).filter((h): h is HexId => h !== null);
    }
    if (cloud.hexes.length === 0) continue;
    kept.push(cloud);
    log.add({
      type: 'gas',
      text: `The gas cloud drifts over ${cloud.hexes.join(', ')}`,
      cloud: cloud.id,
      hexes: cloud.hexes,
    });
    gasAttack(state, log, cloud.hexes);
  }
  state.gas = kept;
}
