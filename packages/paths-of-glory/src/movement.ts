import type { EventLog } from '@salient/engine';
import { setLoc } from './cache.ts';
import { enemyEnters, unitTakes } from './control.ts';
import { space, unitData } from './data/index.ts';
import { besiegers, blockingEnemyFort } from './forts.ts';
import { BEF_NATIONS, CHANNEL_PORTS, MAP, mayCross } from './map.ts';
import { beachheadOf, MEF_SPACES, openByBeachhead } from './mef.ts';
import { nonTurkishCorpsAllow } from './options.ts';
import { germanArmyMayNotEnd, italyClosedTo } from './scenarios.ts';
import { isNeutralSpace, supplyOf } from './supply.ts';
import type { PogState, Readable, Side } from './types.ts';
import { isArmy, label, mfOf, nearEastAble, occupancy, STACK_LIMIT, sideOf } from './units.ts';

const CAUCASUS_LINKS = ['caucasus|grozny', 'caucasus|poti', 'grozny|caucasus', 'poti|caucasus'];

/** A special unit's mark on dotted connections (the Arab Northern Army, the MEF). */
export function crossingMark(id: string): string | undefined {
  if (id === 'br-corps-ana') return 'ana';
  if (id === 'br-army-mef') return 'mef';
  return undefined;
}

/** 16.4.9: the countries Russian units may still stand in after Brest-Litovsk. */
export const RUSSIAN_FRONT_NATIONS = ['ru', 'ge', 'tu', 'ah', 'ro'];

/**
 * 16.4.9: after Brest-Litovsk Russians stay in Russia, Germany, Turkey, Austria-Hungary and Romania,
 * and Russians and the other Allies never enter (nor pass through) each other's spaces.
 */
export function brestLitovskAllows(state: Readable, id: string, to: string): boolean {
  const d = unitData(id);
  if (d.side !== 'ap') return true;
  const russian = d.nation === 'ru';
  if (russian && !RUSSIAN_FRONT_NATIONS.includes(space(to).nation)) return false;
  const others = (occupancy(state).get(to) ?? []).filter((u) => unitData(u).side === 'ap');
  return others.every((u) => (unitData(u).nation === 'ru') === russian);
}

/** Whether the unit may go from `from` into `to` at all, whatever its remaining movement. */
export function mayEnter(
  state: Readable,
  id: string,
  from: string,
  to: string,
  sr = false,
  retreat = false,
): boolean {
  const d = unitData(id);
  if (!retreat && italyClosedTo(state, id, to)) return false; // 5.7.4.6 (historical)
  if (!mayCross(from, to, d.nation, crossingMark(id)) && !openByBeachhead(state, from, to)) return false;
  const s = space(to);
  if (isNeutralSpace(state, to)) return false; // 11.1.11
  if (MEF_SPACES.includes(to) && beachheadOf(state) !== to) return false; // 11.1.10
  if (id.startsWith('br-army-bef') || id === 'br-corps-bef') {
    if (!BEF_NATIONS.includes(s.nation)) return false; // 11.1.16
  }
  if (d.type === 'army' && s.map === 'neareast' && !nearEastAble(state, id)) return false; // 11.3.1, 9.5.3.4
  if (!nonTurkishCorpsAllow(state, id, from === to ? null : from, to, sr)) return false; // 11.3.5 (optional)
  if (CAUCASUS_LINKS.includes(`${from}|${to}`)) {
    // 11.3.2: one Russian corps a turn, never an army.
    if (d.type === 'army' || state.turnFlags.includes('caucasus-crossing')) return false;
    // 11.3.2, 13.2.2: after the Fall of the Tsar only a strategic redeployment may cross.
    if (!sr && d.nation === 'ru' && state.played.includes('fall_of_the_tsar')) return false;
  }
  if (state.played.includes('treaty_of_brest_litovsk') && !brestLitovskAllows(state, id, to)) return false;
  // 15.1.12: no Russian unit enters a German fort space in August 1914.
  if (d.nation === 'ru' && state.turn === 1 && s.fort > 0 && s.nation === 'ge') return false;
  return true;
}

export interface Reach {
  /** Each reachable end space with the path taken to it (excluding the start). */
  paths: Map<string, string[]>;
  /**
   * Spaces the unit may enter but not end in because they are channel spaces closed to the Central
   * Powers (11.1.9): it may still take them in passing and go on.
   */
  through: Map<string, string[]>;
}

/** A channel space a Central Powers unit may pass but not end a move in before Race to the Sea (11.1.9). */
export const channelClosed = (state: Readable, side: Side, spaceId: string) =>
  side === 'cp' && CHANNEL_PORTS.includes(spaceId) && !channelOpen(state);

/**
 * Where a unit may move this action (11.1): through connected spaces one MP each (11.1.2-11.1.3),
 * never into enemy units (11.1.7), stopping on entering an unbesieged enemy fort it can besiege
 * (11.1.8, 15.1.1) or a space where it would be out of supply (11.1.5). It may not end in a full
 * space (10.1.4, see the rulings) nor, for the Central Powers before Race to the Sea, in the
 * channel spaces (11.1.9).
 */
export function reachable(
  state: Readable,
  id: string,
  supply = supplyOf(state),
  companions: string[] = [],
  from?: { space: string; mf: number },
): Reach {
  const side = sideOf(id);
  const start = from?.space ?? state.units[id]!.loc;
  // 11.1.4 (seed): MPs spent taking spaces in passing earlier in this move are gone.
  const phase = state.phase;
  const mf = from?.mf ?? mfOf(state, id) - (phase.kind === 'move' ? (phase.op.spent?.[id] ?? 0) : 0);
  const occupied = occupancy(state);
  const enemyIn = (s: string) => (occupied.get(s) ?? []).some((u) => sideOf(u) !== side);
  const friendlyCount = (s: string) => (occupied.get(s) ?? []).filter((u) => sideOf(u) === side).length;
  const paths = new Map<string, string[]>();
  const seen = new Map<string, string[]>([[start, []]]);
  let frontier: string[] = [start];
  for (let step = 0; step < mf; step++) {
    const next: string[] = [];
    for (const here of frontier) {
      for (const to of MAP.neighbors(here)) {
        if (seen.has(to) || enemyIn(to) || !mayEnter(state, id, here, to)) continue;
        let stops = false;
        if (blockingEnemyFort(state, to, side)) {
          const there = [...(occupied.get(to) ?? []), id, ...companions];
          if (!besiegers(state, to, there)) continue;
          stops = true;
        }
        if (!supply.suppliedAt(side, unitData(id).nation, to)) stops = true;
        const path = [...seen.get(here)!, to];
        seen.set(to, path);
        if (!stops) next.push(to);
      }
    }
    frontier = next;
  }
  const through = new Map<string, string[]>();
  for (const [to, path] of seen) {
    if (to === start) continue;
    if (friendlyCount(to) + companions.length >= STACK_LIMIT) continue;
    if (germanArmyMayNotEnd(state, id, to)) continue; // 5.7.4.6 (historical)
    if (channelClosed(state, side, to)) through.set(to, path);
    else paths.set(to, path);
  }
  return { paths, through };
}

/**
 * Where a whole stack may move together (11.1.1: one stack after another): the spaces every unit of
 * it can reach, counting the others for a siege (11.1.8) and for stacking at the end.
 */
export function stackDestinations(
  state: Readable,
  units: string[],
  supply = supplyOf(state),
): Map<string, Map<string, string[]>> {
  const perUnit = units.map(
    (u) =>
      [
        u,
        reachable(
          state,
          u,
          supply,
          units.filter((x) => x !== u),
        ).paths,
      ] as const,
  );
  const out = new Map<string, Map<string, string[]>>();
  const first = perUnit[0];
  if (!first) return out;
  for (const to of first[1].keys()) {
    if (!perUnit.every(([, paths]) => paths.has(to))) continue;
    out.set(to, new Map(perUnit.map(([u, paths]) => [u, paths.get(to)!])));
  }
  return out;
}

/** Race to the Sea played, or the Central Powers' war status at 4 or more (11.1.9). */
export function channelOpen(state: Readable): boolean {
  return state.played.includes('race_to_the_sea') || state.warStatus.cp >= 4;
}

/** Moves a unit along a path: trenches it passes are overrun, and it takes the space it ends in (11.1.4). */
export function moveAlong(state: PogState, log: EventLog, id: string, path: string[]): void {
  const side: Side = sideOf(id);
  const from = state.units[id]!.loc;
  for (const s of path) enemyEnters(state, log, s, side);
  const to = path[path.length - 1]!;
  setLoc(state, id, to);
  if (from === 'caucasus' || to === 'caucasus') {
    if (path.some((s) => s === 'grozny' || s === 'poti') || from === 'grozny' || from === 'poti') {
      state.turnFlags.push('caucasus-crossing');
    }
  }
  log.add({
    type: 'moved',
    text: `${label(id)} moves from ${space(from).name} to ${space(to).name}`,
    unit: id,
    from,
    to,
    path,
  });
  unitTakes(state, log, id, to);
}

export const armyIn = (ids: string[]) => ids.some(isArmy);
