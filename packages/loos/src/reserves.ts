import { MAP } from './map.ts';
import type { Activity, LoosLike, Unit } from './state.ts';
import { canStack, type Occupancy } from './units.ts';

/**
 * A committed reserve division's schedule (11.7): in the turn of placement it stays in the reserve
 * line; in the next turn its units move only into the front line of their sector (any hex of it,
 * whatever the cost); from the turn after, normally.
 */
export function reserveMoveHexes(
  state: LoosLike,
  unit: Unit,
  occupancy: Occupancy,
  activity: Record<string, Activity>,
): Map<string, { cost: number; path: string[] }> | null {
  const commit = state.committed[unit.division ?? ''];
  if (!commit || state.turn !== commit.turn + 1) return null;
  if (activity[unit.id]?.moved) return null;
  const sector = MAP.sectors.find((s) => s.number === commit.sector)!;
  const options = new Map<string, { cost: number; path: string[] }>();
  for (const hex of sector.front) {
    const here = occupancy.at(hex).filter((u) => u.id !== unit.id);
    if (here.some((u) => u.side !== unit.side)) continue;
    if (canStack([...here, unit])) options.set(hex, { cost: 0, path: [hex] });
  }
  return options;
}
