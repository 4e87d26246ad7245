import { encounter } from './encounter.ts';
import { rossignol } from './rossignol.ts';
import type { ScenarioDef } from './scenario.ts';

export const SCENARIOS: readonly ScenarioDef[] = [encounter, rossignol];

export function findScenario(id: string): ScenarioDef | undefined {
  return SCENARIOS.find((s) => s.info.id === id);
}

/** A side as its players read it ("Blue", not the seat's id "blue"). */
export function sideName(scenario: string, side: string): string {
  return findScenario(scenario)?.sides.find((s) => s.seat === side)?.name ?? side;
}
