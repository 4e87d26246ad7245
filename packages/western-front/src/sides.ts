import type { Seat } from '@salient/engine';
import { findScenario } from './scenarios/index.ts';
import type { Readable } from './types.ts';

/** The side as the player reads it, as a people: "the Germans", "the British", "the Canadians". */
export function sideName(state: Readable, seat: Seat): string {
  return findScenario(state.scenario)?.people[seat] ?? seat;
}

/** The side's adjective: "German", "British", "Canadian" (the scenario's side names). */
export function sideAdjective(state: Readable, seat: Seat): string {
  return findScenario(state.scenario)?.sides.find((s) => s.seat === seat)?.name ?? seat;
}

/** A list of sides in order, as read aloud: "Germans, then British". */
export function sidesInOrder(state: Readable, seats: readonly Seat[]): string {
  return seats.map((s) => sideName(state, s)).join(', then ');
}
