import type { EventLog } from '@salient/engine';
import { setLoc } from './cache.ts';
import { type RpNation, SPACES, space, UNITS, unitData } from './data/index.ts';
import { besieged } from './forts.ts';
import { type Supply, supplyOf } from './supply.ts';
import { ELIMINATED, type PogState, RESERVE, type Readable, type Side } from './types.ts';
import { label, onMap, STACK_LIMIT, sideOf, unitsIn } from './units.ts';

/** The pool a unit's replacements come from: the Allied minors share the "A" points (17.1.1.1). */
export function rpPool(id: string): RpNation | null {
  const t = unitData(id).rpType;
  if (t === null) return null;
  return t === 'allied' ? 'a' : t;
}

/** A nation whose capital the enemy holds or besieges spends no points (17.1.3); Belgium and Serbia excepted. */
function capitalBlocked(state: Readable, nation: string): boolean {
  if (nation === 'be' || nation === 'sb') return false;
  return SPACES.some(
    (s) => s.capital && s.nation === nation && (state.control[s.id] !== s.faction || besieged(state, s.id)),
  );
}

/** A space an army may be placed in: its side's, supplied for it, unbesieged, with room and no enemy. */
function openFor(state: Readable, id: string, spaceId: string, supply: Supply): boolean {
  const d = unitData(id);
  return (
    state.control[spaceId] === d.side &&
    !besieged(state, spaceId) &&
    unitsIn(state, spaceId).length < STACK_LIMIT &&
    !unitsIn(state, spaceId).some((u) => sideOf(u) !== d.side) &&
    supply.suppliedAt(d.side, d.nation, spaceId)
  );
}

/**
 * Spaces where an arriving or recreated army may be placed (9.5.3.3, 17.1.5): its capital or a
 * friendly supply source of its nation, supplied, unbesieged and not full; French armies in Orleans
 * when Paris is full (but not when Paris is besieged or the enemy's); recreated Belgian armies in
 * Brussels, Antwerp or Ostend, else Calais; recreated Serbian armies in Salonika once Greece's
 * events have opened it, never in Belgrade while Nis is the Central Powers'.
 */
export function armyEntrySpaces(
  state: Readable,
  id: string,
  supply = supplyOf(state),
  recreated = false,
): string[] {
  const d = unitData(id);
  if (recreated && d.nation === 'be') {
    const home = ['brussels', 'antwerp', 'ostend'].filter((s) => openFor(state, id, s, supply));
    return home.length > 0 ? home : ['calais'].filter((s) => openFor(state, id, s, supply));
  }
  // 9.5.3.3: US armies land at any friendly port in France.
  if (d.nation === 'us')
    return SPACES.filter((s) => s.nation === 'fr' && s.apPort && openFor(state, id, s.id, supply)).map(
      (s) => s.id,
    );
  const out = SPACES.filter(
    (s) => s.nation === d.nation && (s.capital || s.supplySource) && openFor(state, id, s.id, supply),
  ).map((s) => s.id);
  if (d.nation === 'fr') {
    const parisFull = unitsIn(state, 'paris').length >= STACK_LIMIT;
    if (
      parisFull &&
      state.control.paris === 'ap' &&
      !besieged(state, 'paris') &&
      openFor(state, id, 'orleans', supply)
    )
      out.push('orleans');
  }
  if (recreated && d.nation === 'sb') {
    const nisLost = state.control.nis === 'cp';
    const greece = state.played.includes('salonika') || !state.neutral.includes('gr');
    const filtered = nisLost ? out.filter((s) => s !== 'belgrade') : out;
    if (greece && openFor(state, id, 'salonika', supply)) filtered.push('salonika');
    return filtered;
  }
  return out;
}

export interface ReplacementOption {
  unit: string;
  /** Where a recreated army goes; the reserve box for a corps. */
  to: string | null;
  value: string;
  label: string;
}

/**
 * What a side may buy with its replacement points (17.1, the replacement cost table as in our
 * rulings: one point per step): flip a reduced unit on the map (in supply) or in the reserve box,
 * bring an eliminated corps back to the reserve box reduced, or recreate an eliminated army reduced.
 * `points` overrides the side's recorded points (the Landwehr and Paris Taxis events).
 */
export function replacementOptions(
  state: Readable,
  side: Side,
  points?: Partial<Record<RpNation, number>>,
  flipsOnly = false,
): ReplacementOption[] {
  const pools = points ?? state.rp;
  const supply = supplyOf(state);
  const out: ReplacementOption[] = [];
  for (const u of UNITS) {
    if (u.side !== side || u.notReplaceable) continue;
    const pool = rpPool(u.id);
    if (pool === null || (pools[pool] ?? 0) < 1 || capitalBlocked(state, u.nation)) continue;
    const st = state.units[u.id]!;
    // 11.3.3 (optional): units on Turkey's limited supply take no replacements.
    // 17.1.4.1: nor units tracing supply only to another part of the alliance's sources.
    const supplied =
      onMap(st.loc) && supply.unitSupplied(u.id) && !supply.limitedOnly(u.id) && supply.homeSupplied(u.id);
    if (st.reduced && (st.loc === RESERVE || supplied)) {
      out.push({ unit: u.id, to: null, value: u.id, label: `Rebuild ${label(u.id)} to full strength` });
    } else if (!flipsOnly && st.loc === ELIMINATED) {
      if (u.type === 'corps') {
        out.push({ unit: u.id, to: RESERVE, value: u.id, label: `Return ${label(u.id)} to the reserve box` });
      } else {
        for (const to of armyEntrySpaces(state, u.id, supply, true)) {
          out.push({
            unit: u.id,
            to,
            value: `${u.id}@${to}`,
            label: `Recreate ${label(u.id)} in ${space(to).name}`,
          });
        }
      }
    }
  }
  return out;
}

export function buyReplacement(
  state: PogState,
  log: EventLog,
  option: ReplacementOption,
  pools: Partial<Record<RpNation, number>>,
): void {
  const pool = rpPool(option.unit)!;
  pools[pool] = (pools[pool] ?? 0) - 1;
  const st = state.units[option.unit]!;
  if (option.to === null) st.reduced = false;
  else {
    setLoc(state, option.unit, option.to);
    st.reduced = true;
  }
  log.add({ type: 'replacement', text: option.label, unit: option.unit });
}
