import { mons } from './mons.ts';
import { neuveChapelle } from './neuve-chapelle.ts';
import type { ScenarioDef } from './scenario.ts';
import { stJulien } from './st-julien.ts';

export const SCENARIOS: readonly ScenarioDef[] = [mons, neuveChapelle, stJulien];

export function findScenario(id: string): ScenarioDef | undefined {
  return SCENARIOS.find((s) => s.info.id === id);
}
