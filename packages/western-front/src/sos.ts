import type { EventLog } from '@salient/engine';
import { fireBattery } from './artillery.ts';
import { grid } from './grid.ts';
import { onTable } from './stands.ts';
import { DEFENDED, SOS_CALLER_REACH, SOS_REACH } from './tables.ts';
import type { Battery, Readable, SosArea, WfState } from './types.ts';

/**
 * An SOS area is two neighbouring hexes (10 cm wide, 5 cm deep); its centre must be within 5 cm of a
 * defended position, so each of its hexes is within one hex of a trench, breastwork, strongpoint or
 * built-up hex. Checked when a scenario registers its areas.
 */
export function validSosArea(state: Readable, area: SosArea): boolean {
  const [a, b] = area.hexes;
  if (!grid.has(a) || !grid.has(b) || !grid.adjacent(a, b)) return false;
  const near = (h: string) =>
    grid.ids.some((d) => DEFENDED.has(state.terrain[d] ?? 'open') && grid.distance(h, d) <= SOS_REACH);
  return near(a) && near(b);
}

/** Deep suppression on a side's SOS calls this turn (the enemy's bombardment of lines and batteries). */
export function deepSuppression(state: Readable, side: string): number {
  return state.deepSuppression[side]?.[state.turn - 1] ?? 0;
}

/** A defender can call: some friendly stand within 10 cm of the area sends up the rockets. */
export function sosCallers(state: Readable, side: string, area: SosArea): string[] {
  return onTable(state, side)
    .filter((s) => area.hexes.some((h) => grid.distance(s.hex!, h) <= SOS_CALLER_REACH))
    .map((s) => s.id);
}

export function canCallSos(state: Readable, battery: Battery, area: SosArea): boolean {
  return !battery.answeredSos && sosCallers(state, battery.side, area).length > 0;
}

/**
 * The SOS call: a die less the deep suppression; 1 or less and nothing comes, 2 or more and the
 * battery lays on the area and one turn of its fire arrives at once, on whoever is under it.
 */
export function callSos(state: WfState, log: EventLog, battery: Battery, area: SosArea): void {
  battery.answeredSos = true;
  const deep = deepSuppression(state, battery.side);
  const die = log.die('sos', `SOS call to ${battery.name} for ${area.name}`);
  const total = die - deep;
  if (total <= 1) {
    log.add({
      type: 'sos',
      text: `No answer from ${battery.name} (${die}${deep ? ` - ${deep} deep suppression` : ''})`,
      battery: battery.id,
      answered: false,
    });
    return;
  }
  battery.aim = area.hexes[0];
  battery.aimSos = area.id;
  log.add({
    type: 'sos',
    text: `${battery.name} answers the SOS call on ${area.name}`,
    battery: battery.id,
    answered: true,
  });
  fireBattery(state, log, battery, 'SOS fire');
}
