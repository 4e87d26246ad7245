import type { EventLog } from '@salient/engine';
import { memo, setLoc } from './cache.ts';
import { unitTakes } from './control.ts';
import { SPACES, space, unitData } from './data/index.ts';
import { besieged, besiegers, fortSide, intactFort, siegeKeptWithout } from './forts.ts';
import { CHANNEL_PORTS, MAP, mayCross } from './map.ts';
import { channelOpen, crossingMark, mayEnter } from './movement.ts';
import { srCostWithOptions } from './options.ts';
import { isNeutralSpace, type Supply, supplyOf } from './supply.ts';
import { type PogState, RESERVE, type Readable, type Side } from './types.ts';
import { isArmy, label, occupancy, onMap, STACK_LIMIT, sideOf } from './units.ts';

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
  const d = unitData(id);
  // Units alike in every way the rules look at share their answer within one position.
  const loc = state.units[id]!.loc;
  // 13.1.5: not out of a besieged enemy fort if the fort would no longer be besieged.
  if (onMap(loc) && !siegeKeptWithout(state, loc, [id])) return [];
  const key = `sr:${state.units[id]!.loc}:${d.nation}:${d.type}:${d.nearEast}:${crossingMark(id) ?? ''}:${id.includes('bef') || id === 'br-corps-ana' ? id : ''}`;
  return memo(state, key, () => computeSrDestinations(state, id, supply));
}

function computeSrDestinations(state: Readable, id: string, supply: Supply): string[] {
  const d = unitData(id);
  const side = d.side;
  const loc = state.units[id]!.loc;
  const occupied = occupancy(state);
  const enemyIn = (s: string) => (occupied.get(s) ?? []).some((u) => sideOf(u) !== side);
  const full = (s: string) => (occupied.get(s) ?? []).length >= STACK_LIMIT;
  const russianOk = (s: string) => d.nation !== 'ru' || space(s).nation === 'ru';
  const endOk = (s: string) =>
    !full(s) &&
    !enemyIn(s) &&
    russianOk(s) &&
    (state.control[s] === side || (intactFort(state, s) && fortSide(s) !== side && besiegers(state, s))) &&
    !(side === 'cp' && CHANNEL_PORTS.includes(s) && !channelOpen(state)) &&
    supply.suppliedAt(side, d.nation, s);
  const out = new Set<string>();
  if (loc === RESERVE) {
    if (!capitalHeld(state, d.nation)) return [];
    for (const s of SPACES) {
      if (!endOk(s.id) || isNeutralSpace(state, s.id)) continue;
      const own = (occupied.get(s.id) ?? []).some((u) => unitData(u).nation === d.nation);
      const home = s.nation === d.nation && (s.capital || s.supplySource);
      if ((own || home) && mayEnter(state, id, s.id, s.id, true)) out.add(s.id);
    }
    return [...out].sort();
  }
  // 11.3.3 (optional): units on Turkey's limited supply do not redeploy.
  if (!onMap(loc) || !supply.unitSupplied(id) || supply.limitedOnly(id)) return [];
  // Overland, through friendly-controlled spaces (a besieged enemy fort may be crossed): the
  // connected areas of such spaces are found once per kind of unit and shared by every unit alike.
  const classKey = `${d.nation}:${d.type}:${d.nearEast}:${crossingMark(id) ?? ''}:${id.includes('bef') || id === 'br-corps-ana' ? id : ''}`;
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
  for (const area of reachedAreas) for (const n of areas.members[area]!) if (endOk(n)) out.add(n);
  if (d.type === 'corps') {
    if (d.nation !== 'ru' && seaPort(state, side, loc)) {
      for (const s of SPACES) if (s.id !== loc && seaPort(state, side, s.id) && endOk(s.id)) out.add(s.id);
    }
    if (capitalHeld(state, d.nation) && id !== 'br-corps-ana') out.add(RESERVE);
  }
  out.delete(loc);
  return [...out].sort();
}

export function redeploy(state: PogState, log: EventLog, id: string, to: string): void {
  const from = state.units[id]!.loc;
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
