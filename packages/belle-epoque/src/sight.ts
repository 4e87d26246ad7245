import type { EventLog, HexId } from '@salient/engine';
import { grid, lineBetween } from './grid.ts';
import { BASIC_SIGHT, hasSmokelessPowder, TERRAIN } from './tables.ts';
import type { BeState, Readable, Terrain, Unit } from './types.ts';
import { hasRating, onMap, terrainAt, unitAt } from './units.ts';

function heightAt(state: Readable, hex: HexId): number {
  return terrainAt(state, hex)?.height ?? 0;
}

/** Whether one intermediate sector stops a line from `from` (troops count only for fire). */
function obstructs(state: Readable, from: HexId, target: HexId, hex: HexId, troopsBlock: boolean): boolean {
  const terrain = terrainAt(state, hex);
  // Nobody knows what an undiscovered sector hides, so nobody sees or fires through it.
  if (terrain === null) return true;
  const blocked = terrain.blocksSight || (troopsBlock && unitAt(state, hex) !== undefined);
  if (!blocked) return false;
  const uphill = heightAt(state, from) > heightAt(state, target) && heightAt(state, from) > terrain.height;
  return !uphill;
}

/**
 * A line between sector centres is clear when no sector it crosses obstructs it. Where the line runs
 * along a hexside it is blocked only if the sectors on both sides obstruct it.
 */
export function lineIsClear(state: Readable, from: HexId, to: HexId, troopsBlock: boolean): boolean {
  const steps = lineBetween(from, to);
  for (let i = 1; i < steps.length - 1; i++) {
    const step = steps[i]!;
    if (step.every((hex) => obstructs(state, from, to, hex, troopsBlock))) return false;
  }
  return true;
}

/** The visibility rule: 4 UD, less 1 for each circumstance that hides the target, unless conspicuous. */
export function sightRangeTo(state: Readable, target: Unit): number {
  if (hasRating(target, 'conspicuous')) return BASIC_SIGHT;
  let range = BASIC_SIGHT;
  const still = !target.revealed || (!target.movedThisTurn && hasSmokelessPowder(target));
  if (still) range -= 1;
  if (target.hex !== null && terrainAt(state, target.hex)?.cover) range -= 1;
  if (target.order === 'loose') range -= 1;
  return range;
}

export function isUphillOf(state: Readable, from: HexId, to: HexId): boolean {
  return heightAt(state, from) > heightAt(state, to);
}

/** Discovery die: 1-4 open, 5 hill, 6 dense woods. */
export function terrainFromDie(die: number): Terrain {
  if (die <= 4) return 'open';
  return die === 5 ? 'hill' : 'woods';
}

/**
 * Rolls the terrain of every undiscovered sector some unit can now see, until nothing new is seen
 * (an open sector just found may let another unit see further). Sectors are taken in a fixed order
 * so a replay rolls the same dice for the same sectors.
 */
export function discover(state: BeState, log: EventLog): HexId[] {
  if (!state.hiddenTerrain) return [];
  const found: HexId[] = [];
  let progress = true;
  while (progress && Object.keys(state.terrain).length < grid.ids.length) {
    progress = false;
    for (const unit of onMap(state)) {
      for (const hex of grid.within(unit.hex!, BASIC_SIGHT)) {
        if (state.terrain[hex] !== undefined) continue;
        if (!lineIsClear(state, unit.hex!, hex, false)) continue;
        const die = log.roll(1, 6, 'discovery', `Discovery of sector ${hex}`).total;
        state.terrain[hex] = terrainFromDie(die);
        found.push(hex);
        progress = true;
      }
    }
  }
  if (found.length > 0) {
    const text = `Sectors discovered: ${found.map((h) => `${h} ${TERRAIN[state.terrain[h]!].label.toLowerCase()}`).join(', ')}`;
    log.add({
      type: 'discovered',
      text,
      sectors: found.map((h) => ({ hex: h, terrain: state.terrain[h]! })),
    });
  }
  return found;
}

/**
 * Puts a unit in a new sector, by move, fall back or carrying the position: it is told in the log,
 * counts as having moved, shows itself, notes rough ground entered (no fire or assault for the rest
 * of the turn), and whatever it now sees is discovered.
 */
export function relocate(
  state: BeState,
  log: EventLog,
  unit: Unit,
  to: HexId,
  event: { type: string; text: string },
): void {
  log.add({ ...event, unit: unit.id, from: unit.hex, to });
  unit.hex = to;
  unit.movedThisTurn = true;
  unit.revealed = true;
  if (terrainAt(state, to)?.rough) unit.enteredRough = true;
  discover(state, log);
}
