import type { EventLog } from '@salient/engine';
import { memo, setLoc } from './cache.ts';
import { unitTakes } from './control.ts';
import { SPACES, space, unitData } from './data/index.ts';
import { besieged, besiegers, fortSide, intactFort, siegeKeptWithout } from './forts.ts';
import { CHANNEL_PORTS, MAP, mayCross } from './map.ts';
import { channelOpen, crossingMark, mayEnter } from './movement.ts';
import { srCostWithOptions } from './options.ts';
import { germanArmyMayNotEnd } from './scenarios.ts';
import { isNeutralSpace, type Supply, supplyOf } from './supply.ts';
import { type PogState, RESERVE, type Readable, type Side } from './types.ts';
import { isArmy, label, nearEastAble, occupancy, onMap, STACK_LIMIT, sideOf } from './units.ts';

/** SR points a unit costs (13.1.2): one for a corps, four for an army. */
/** SR points a unit costs (13.1.2): 1 a corps, 4 an army; 3 for a German corps entering the Near East under optional 11.3.5. */
export const srCost = (id: string, state?: Readable, to?: string) =>
  state && to ? srCostWithOptions(state, id, state.units[id]!.loc, to) : isArmy(id) ? 4 : 1;

function capitalHeld(state: Readable, nation: string): boolean {
  // 13.1.11: no SR to or from the reserve box while the enemy holds or besieges the capital.
  if (nation === 'be' || nation === 'sb') return true;
  return !SPACES.some(
    (s) => s.capital && s.nation === nation && (state.control[s.id] !== s.faction || besieged(state, s.id)),
  );
}

function seaPort(state: Readable, side: Side, id: string): boolean {
  const s = space(id);
  if (state.control[id] !== side || isNeutralSpace(state, id) || besieged(state, id)) return false;
  if (side === 'cp') return s.cpPort && (s.nation === 'ge' || s.nation === 'ru');
  return s.apPort && s.nation !== 'ge' && s.nation !== 'ru';
}

/**
 * Where a unit may be strategically redeployed (13.1): overland through friendly spaces free of
 * enemy units to a friendly supplied space; by sea between friendly ports for corps (13.1.7); corps
 * to the reserve box (13.1.9); from the reserve box to a space holding a supplied unit of its nation
 * or to its capital or supply sources (13.1.8). Russians stay inside Russia (13.1.6); stacks stay
 * within limits; the Central Powers keep out of the channel spaces before Race to the Sea (11.1.9).
 */
export function srDestinations(state: Readable, id: string, supply = supplyOf(state)): string[] {
  const loc = state.units[id]!.loc;
  const routes = srRoutes(state, id, supply);
  return [...routes.entries()]
    .filter(([to, mode]) => nearEastSrAllowed(state, id, loc, to, mode))
    .map(([to]) => to);
}

export type SrMode = 'overland' | 'sea' | 'reserve';

/** Every destination with the way the unit gets there (overland preferred), before the Near East limits. */
function srRoutes(state: Readable, id: string, supply = supplyOf(state)): Map<string, SrMode> {
  const d = unitData(id);
  const loc = state.units[id]!.loc;
  // 13.1.5: not out of a besieged enemy fort if the fort would no longer be besieged.
  if (onMap(loc) && !siegeKeptWithout(state, loc, [id])) return new Map();
  // Units alike in every way the rules look at share their answer within one position.
  const key = `sr:${loc}:${d.nation}:${d.type}:${nearEastAble(state, id)}:${crossingMark(id) ?? ''}:${id.includes('bef') || id === 'br-corps-ana' ? id : ''}`;
  return memo(state, key, () => computeSrDestinations(state, id, supply));
}

const nearEastSide = (at: string) => at !== RESERVE && space(at).map === 'neareast';

/** British corps that may use sea or reserve-box SR to or from the Near East (13.2.1): plain British corps and the Australians. */
const BRITISH_NEAR_EAST_SR = (id: string) =>
  unitData(id).nation === 'br' &&
  !['br-corps-cnd', 'br-corps-pt', 'br-corps-bef', 'br-corps-ana'].includes(id);

/**
 * The Near East SR limits (13.2): one British corps a turn by sea or the reserve box to or from the
 * Near East, no other Allied nation's corps that way (overland is free); one Russian corps a turn,
 * never an army, and one non-Turkish Central Powers corps a turn, to or from the Near East map;
 * the ANA never to the reserve box nor out of the Near East by sea.
 */
export function nearEastSrAllowed(
  state: Readable,
  id: string,
  from: string,
  to: string,
  mode: SrMode,
): boolean {
  const d = unitData(id);
  if (id === 'br-corps-ana' && (to === RESERVE || (mode === 'sea' && nearEastSide(from)))) return false;
  if (nearEastSide(from) === nearEastSide(to)) return true;
  if (d.nation === 'ru') return d.type === 'corps' && !state.turnFlags.includes('sr-ne-ru');
  if (d.side === 'cp')
    return d.nation === 'tu' || (d.type === 'corps' && !state.turnFlags.includes('sr-ne-cp'));
  if (mode === 'overland') return true;
  return BRITISH_NEAR_EAST_SR(id) && !state.turnFlags.includes('sr-ne-br');
}

/** The once-a-turn Near East SR a redeployment uses up, if any (13.2.1-13.2.3). */
function nearEastSrFlag(id: string, from: string, to: string, mode: SrMode): string | null {
  const d = unitData(id);
  if (nearEastSide(from) === nearEastSide(to)) return null;
  if (d.nation === 'ru') return 'sr-ne-ru';
  if (d.side === 'cp') return d.nation === 'tu' ? null : 'sr-ne-cp';
  return mode === 'overland' ? null : 'sr-ne-br';
}

function computeSrDestinations(state: Readable, id: string, supply: Supply): Map<string, SrMode> {
  const d = unitData(id);
  const side = d.side;
  const loc = state.units[id]!.loc;
  const occupied = occupancy(state);
  const enemyIn = (s: string) => (occupied.get(s) ?? []).some((u) => sideOf(u) !== side);
  const full = (s: string) => (occupied.get(s) ?? []).length >= STACK_LIMIT;
  const russianOk = (s: string) => d.nation !== 'ru' || space(s).nation === 'ru';
  // Whether a space may end a redeployment depends on the unit's nation alone: worked out once for
  // every space and shared by all that nation's units in this position.
  const ends = memo(state, `srends:${d.nation}`, () => {
    const out = new Set<string>();
    for (const s of MAP.ids)
      if (
        !full(s) &&
        !enemyIn(s) &&
        russianOk(s) &&
        (state.control[s] === side ||
          (intactFort(state, s) && fortSide(s) !== side && besiegers(state, s))) &&
        !(side === 'cp' && CHANNEL_PORTS.includes(s) && !channelOpen(state)) &&
        supply.suppliedAt(side, d.nation, s)
      )
        out.add(s);
    return out;
  });
  // 5.7.4.6 (historical scenario) looks at the unit itself.
  const endOk = (s: string) => ends.has(s) && !germanArmyMayNotEnd(state, id, s);
  const out = new Map<string, SrMode>();
  const add = (to: string, mode: SrMode) => {
    if (!out.has(to)) out.set(to, mode);
  };
  if (loc === RESERVE) {
    if (!capitalHeld(state, d.nation)) return out;
    for (const s of SPACES) {
      if (!endOk(s.id) || isNeutralSpace(state, s.id)) continue;
      const own = (occupied.get(s.id) ?? []).some((u) => unitData(u).nation === d.nation);
      const home = s.nation === d.nation && (s.capital || s.supplySource);
      // 13.1.12: not into a space supplied only from another part of the alliance's sources.
      if (
        (own || home) &&
        mayEnter(state, id, s.id, s.id, true) &&
        supply.homeSuppliedAt(side, d.nation, s.id)
      )
        add(s.id, 'reserve');
    }
    return sorted(out);
  }
  // 11.3.3 (optional): units on Turkey's limited supply do not redeploy.
  if (!onMap(loc) || !supply.unitSupplied(id) || supply.limitedOnly(id)) return out;
  // Overland, through friendly-controlled spaces (a besieged enemy fort may be crossed): the
  // connected areas of such spaces are found once per kind of unit and shared by every unit alike.
  const classKey = `${d.nation}:${d.type}:${nearEastAble(state, id)}:${crossingMark(id) ?? ''}:${id.includes('bef') || id === 'br-corps-ana' ? id : ''}`;
  const passable = (s: string) =>
    !enemyIn(s) &&
    !isNeutralSpace(state, s) &&
    russianOk(s) &&
    (state.control[s] === side || (intactFort(state, s) && fortSide(s) !== side && besiegers(state, s)));
  const step = (here: string, n: string) =>
    mayCross(here, n, d.nation, crossingMark(id)) && mayEnter(state, id, here, n, true);
  const areas = memo(state, `srareas:${classKey}`, () => {
    const areaOf = new Map<string, number>();
    const members: string[][] = [];
    for (const start of MAP.ids) {
      if (areaOf.has(start) || !passable(start)) continue;
      const area = members.length;
      const list = [start];
      areaOf.set(start, area);
      for (let i = 0; i < list.length; i++) {
        const here = list[i]!;
        for (const n of MAP.neighbors(here)) {
          if (areaOf.has(n) || !passable(n) || !step(here, n)) continue;
          areaOf.set(n, area);
          list.push(n);
        }
      }
      members.push(list);
    }
    return { areaOf, members };
  });
  const reachedAreas = new Set<number>();
  for (const n of MAP.neighbors(loc)) {
    const area = areas.areaOf.get(n);
    if (area !== undefined && step(loc, n)) reachedAreas.add(area);
  }
  for (const area of reachedAreas) for (const n of areas.members[area]!) if (endOk(n)) add(n, 'overland');
  if (d.type === 'corps') {
    if (d.nation !== 'ru' && seaPort(state, side, loc)) {
      const ports = memo(state, `srports:${side}`, () =>
        SPACES.filter((s) => seaPort(state, side, s.id)).map((s) => s.id),
      );
      for (const s of ports) if (s !== loc && endOk(s)) add(s, 'sea');
    }
    // 13.1.12: nor to the reserve box from one.
    if (capitalHeld(state, d.nation) && id !== 'br-corps-ana' && supply.homeSupplied(id))
      add(RESERVE, 'reserve');
  }
  out.delete(loc);
  return sorted(out);
}

const sorted = (routes: Map<string, SrMode>) =>
  new Map([...routes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export function redeploy(state: PogState, log: EventLog, id: string, to: string): void {
  const from = state.units[id]!.loc;
  // The way it went matters only across the Near East line, and finding it means every route.
  const flag =
    nearEastSide(from) === nearEastSide(to)
      ? null
      : nearEastSrFlag(id, from, to, srRoutes(state, id).get(to) ?? 'overland');
  if (flag) state.turnFlags.push(flag);
  setLoc(state, id, to);
  const where = (s: string) => (s === RESERVE ? 'the reserve box' : space(s).name);
  log.add({
    type: 'sr',
    text: `${label(id)} redeploys from ${where(from)} to ${where(to)}`,
    unit: id,
    from,
    to,
  });
  if (to !== RESERVE) unitTakes(state, log, id, to);
}
