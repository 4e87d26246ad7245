import type { Choice, EventLog, JsonObject } from '@salient/engine';
import { setLoc } from '../cache.ts';
import { SPACES, space } from '../data/index.ts';
import type { PogState, Readable, Side } from '../types.ts';
import { label, unitsIn } from '../units.ts';
import { type EventResult, eventChoice } from './module.ts';

/**
 * Bulgaria's and Romania's four free corps (Neutral Setup chart): after the fixed ones, each goes
 * into another space of the country, one a space. The step holds the corps still to place.
 */
export function freeCorpsStep(units: string[]): EventResult {
  return units.length > 0 ? { step: { units } } : 'done';
}

function freeSpaces(state: Readable, nation: string, capital: string): string[] {
  return SPACES.filter(
    (s) => s.nation === nation && s.id !== capital && unitsIn(state, s.id).length === 0,
  ).map((s) => s.id);
}

export function freeCorpsChoices(
  state: Readable,
  step: JsonObject,
  nation: string,
  capital: string,
): Choice[] {
  const units = step.units as string[];
  const unit = units[0]!;
  return [
    eventChoice(
      `Set up ${label(unit)} in an empty space of ${space(capital).name}'s country (${units.length} to go)`,
      { unit },
      {
        name: 'to',
        label: 'Space',
        options: freeSpaces(state, nation, capital).map((s) => ({ value: s, label: space(s).name, loc: s })),
      },
      { piece: unit },
    ),
  ];
}

export function placeFreeCorps(
  state: PogState,
  log: EventLog,
  _side: Side,
  action: JsonObject,
  step: JsonObject,
): EventResult {
  const [unit, ...rest] = step.units as string[];
  const to = action.to as string;
  setLoc(state, unit!, to);
  log.add({
    type: 'reinforcement',
    text: `${label(unit!)} sets up in ${space(to).name}`,
    unit: unit!,
    space: to,
  });
  return freeCorpsStep(rest);
}
