import type { EventLog } from '@salient/engine';
import { setLoc } from './cache.ts';
import { type RpNation, SPACES, space, UNITS, unitData } from './data/index.ts';
import { besieged } from './forts.ts';
import { supplyOf } from './supply.ts';
import { ELIMINATED, type PogState, RESERVE, type Readable, type Side } from './types.ts';
import { label, onMap, STACK_LIMIT, sideOf, unitsIn } from './units.ts';

/** The pool a unit's replacements come from: the Allied minors share the "A" points (17.1.1.1). */
export function rpPool(id: string): RpNation | null {
  const t = unitData(id).rpType;
  if (t === null || t === 'us') return null;
  return t === 'allied' ? 'a' : t;
}

/** A nation whose capital the enemy holds or besieges spends no points (17.1.3); Belgium and Serbia excepted. */
function capitalBlocked(state: Readable, nation: string): boolean {
  if (nation === 'be' || nation === 'sb') return false;
  return SPACES.some(
    (s) => s.capital && s.nation === nation && (state.control[s.id] !== s.faction || besieged(state, s.id)),
  );
}

/** Spaces where a recreated army may be placed: its capital or a friendly supply source of its nation, supplied and not full (9.5.3.3, 17.1.5). */
export function armyEntrySpaces(state: Readable, id: string, supply = supplyOf(state)): string[] {
  const d = unitData(id);
  return SPACES.filter(
    (s) =>
      s.nation === d.nation &&
      (s.capital || s.supplySource) &&
      state.control[s.id] === d.side &&
      !besieged(state, s.id) &&
      unitsIn(state, s.id).length < STACK_LIMIT &&
      !unitsIn(state, s.id).some((u) => sideOf(u) !== d.side) &&
      supply.suppliedAt(d.side, d.nation, s.id),
  ).map((s) => s.id);
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
    if (st.reduced && (st.loc === RESERVE || (onMap(st.loc) && supply.unitSupplied(u.id)))) {
      out.push({ unit: u.id, to: null, value: u.id, label: `Rebuild ${label(u.id)} to full strength` });
    } else if (!flipsOnly && st.loc === ELIMINATED) {
      if (u.type === 'corps') {
        out.push({ unit: u.id, to: RESERVE, value: u.id, label: `Return ${label(u.id)} to the reserve box` });
      } else {
        for (const to of armyEntrySpaces(state, u.id, supply)) {
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
