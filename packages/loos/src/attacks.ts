import { MAP } from './map.ts';
import type { CombatRecord, LoosLike, Side, Unit } from './state.ts';
import { enemyOf, isOnMap } from './state.ts';
import { Occupancy } from './units.ts';

/**
 * Hexes `side` may attack now, with the units able to attack each (our rules 7.1-7.2 with 14.2 and
 * 18.3): each enemy hex once a phase, each unit once; only front-line units attack in the regular
 * phase; in the mobile phase only reserve units that moved (18.4); Germans never attack into the
 * British front line. A hex already declared as a target, and units already declared to attack,
 * are taken: all attacks on one hex are one declaration.
 */
export function attackableTargets(
  state: LoosLike,
  side: Side,
  combat: CombatRecord,
  mobileMovers: readonly string[] | null,
): Map<string, Unit[]> {
  const occupancy = new Occupancy(state);
  const enemy = enemyOf(side);
  const busy = new Set([
    ...combat.attackers,
    ...combat.declared.flatMap((d) => d.attackers),
    ...combat.bombardments.filter((b) => b.side === side).flatMap((b) => b.attackers),
  ]);
  const declared = new Set(combat.declared.map((d) => d.target));
  const eligible = state.units.filter(
    (u) =>
      u.side === side &&
      isOnMap(u) &&
      !u.reserve &&
      !busy.has(u.id) &&
      (mobileMovers === null || mobileMovers.includes(u.id)),
  );
  const targets = new Map<string, Unit[]>();
  for (const unit of eligible) {
    for (const hex of MAP.neighbors(unit.loc)) {
      if (occupancy.sideAt(hex) !== enemy || combat.attackedHexes.includes(hex) || declared.has(hex))
        continue;
      if (side === 'german' && MAP.frontLine.has(hex)) continue;
      const list = targets.get(hex);
      if (list) list.push(unit);
      else targets.set(hex, [unit]);
    }
  }
  return targets;
}

/** The declared attack's attackers that can still make it: alive, front line, next to the target. */
export function declaredAttackers(state: LoosLike, target: string, ids: readonly string[]): Unit[] {
  const occupancy = new Occupancy(state);
  const side = state.units.find((u) => u.id === ids[0])?.side;
  if (side === undefined || occupancy.sideAt(target) !== enemyOf(side)) return [];
  return ids
    .map((id) => state.units.find((u) => u.id === id)!)
    .filter((u) => isOnMap(u) && !u.reserve && MAP.grid.adjacent(u.loc, target));
}
