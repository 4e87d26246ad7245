import type { EventLog, HexId } from '@salient/engine';
import { resolveShot } from './fire.ts';
import { grid } from './grid.ts';
import { canSee } from './sight.ts';
import { hasWire, isCommand, onTable } from './stands.ts';
import { WIRE_CUT } from './tables.ts';
import type { Battery, Readable, Stand, WfState } from './types.ts';

/** A battery's template at an aiming point: the hex and its six neighbours (15 cm across). */
export function templateAt(aim: HexId): HexId[] {
  return [aim, ...grid.neighbors(aim)];
}

/** The hexes a battery's next fire covers: its SOS area when laid on one, else its template. */
export function batteryTarget(battery: Battery): HexId[] {
  if (battery.aim === null) return [];
  const sos = battery.sos.find((a) => a.id === battery.aimSos);
  return sos ? [...sos.hexes] : templateAt(battery.aim);
}

/** Stands that can observe for artillery: liaison officers and battalion or regimental commanders. */
export function observers(state: Readable, side: string): Stand[] {
  return onTable(state, side).filter((s) => isCommand(s));
}

/**
 * Hexes an observer of the side can see: where a battery's aiming point may be moved. Each observer
 * hex's view is computed once per game's terrain and kept, so an observer moving costs one new view
 * (at most one sight line per hex), not all the observers' views again; the union is kept too.
 */
export function observedHexes(state: Readable, side: string): HexId[] {
  const eyes = observers(state, side)
    .map((o) => o.hex!)
    .sort();
  const cache = cacheOf(unionsByTerrain, state.terrain);
  const key = eyes.join(',');
  let seen = cache.get(key);
  if (!seen) {
    const union = new Set<HexId>();
    for (const eye of eyes) for (const h of seenFrom(state, eye)) union.add(h);
    seen = grid.ids.filter((h) => union.has(h));
    if (cache.size > 500) cache.clear();
    cache.set(key, seen);
  }
  return seen;
}

function cacheOf<V>(caches: WeakMap<object, Map<string, V>>, terrain: object): Map<string, V> {
  let cache = caches.get(terrain);
  if (!cache) {
    cache = new Map();
    caches.set(terrain, cache);
  }
  return cache;
}

/** What the observers of one position see together, by their hexes. */
const unionsByTerrain = new WeakMap<object, Map<string, HexId[]>>();

/** Sight depends only on the terrain (shared by every state of a game) and the observer's hex. */
const viewsByTerrain = new WeakMap<object, Map<HexId, readonly HexId[]>>();

function seenFrom(state: Readable, eye: HexId): readonly HexId[] {
  const views = cacheOf(viewsByTerrain, state.terrain);
  let seen = views.get(eye);
  if (!seen) {
    seen = grid.ids.filter((h) => canSee(state, eye, h));
    views.set(eye, seen);
  }
  return seen;
}

/**
 * A battery fires once at its aiming point: every stand under the template, of either side, takes a
 * roll on the battery's line of the firing table against its own cover (no direct-fire factors), and
 * every wire hex under it may be cut.
 */
export function fireBattery(state: WfState, log: EventLog, battery: Battery, why: string): void {
  const hexes = batteryTarget(battery);
  log.add({
    type: 'battery',
    text: `${battery.name} fires ${why} on ${hexes.join(', ')}`,
    battery: battery.id,
    hexes,
  });
  for (const hex of hexes) {
    for (const stand of state.stands.filter((s) => s.hex === hex)) {
      resolveShot(state, log, battery.kind, stand, [], battery.name);
    }
  }
  cutWire(state, log, battery, hexes);
}

/**
 * Designed: wire under a battery's fire is cut on one die per wire hex, at or above 6 for field guns
 * (shrapnel hardly cuts wire), 4 for howitzers, 3 for heavy artillery.
 */
export function cutWire(state: WfState, log: EventLog, battery: Battery, hexes: HexId[]): void {
  const need = WIRE_CUT[battery.kind];
  if (need === null) return;
  for (const hex of hexes) {
    if (!hasWire(state, hex)) continue;
    const die = log.die('wire', `${battery.name} against the wire at ${hex}`);
    if (die >= need) {
      state.wire = state.wire.filter((w) => w !== hex);
      log.add({ type: 'wireCut', text: `The wire at ${hex} is cut`, hex });
    }
  }
}

/** Moves a battery's aiming point: it must be a hex one of the side's observers sees. */
export function canRedirect(state: Readable, battery: Battery, hex: HexId): boolean {
  return grid.has(hex) && observers(state, battery.side).some((o) => canSee(state, o.hex!, hex));
}
