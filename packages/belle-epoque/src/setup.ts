import { EventLog, type HexId, type JsonObject, rngFromSeed } from '@salient/engine';
import { grid } from './grid.ts';
import { findScenario } from './scenarios/index.ts';
import { discover } from './sight.ts';
import type { BeState, Terrain, Unit } from './types.ts';
import { updateControl } from './victory.ts';

/**
 * The position before the battle: units on their start sectors, the ground they can see rolled
 * (hidden-terrain scenarios), and both sides about to choose loose or close order.
 */
export function setupState(scenarioId: string, _options: JsonObject, seed: string): BeState {
  const def = findScenario(scenarioId);
  if (!def) throw new Error(`Belle Epoque has no scenario ${scenarioId}`);
  const seats = def.info.seats.map((s) => s.id);
  const units: Unit[] = seats.flatMap((side) =>
    (def.forces[side] ?? []).map((d) => ({
      id: d.id,
      side,
      name: d.name,
      kind: d.kind,
      firepower: d.firepower,
      quality: d.quality,
      order: d.order,
      ratings: [...d.ratings],
      stands: d.stands,
      startStands: d.stands,
      hex: d.hex,
      activated: false,
      movedThisTurn: false,
      revealed: false,
      assaults: 0,
      enteredRough: false,
    })),
  );
  const terrain: Record<HexId, Terrain> = {};
  if (!def.hiddenTerrain) for (const hex of grid.ids) terrain[hex] = def.terrain[hex] ?? 'open';
  const state: BeState = {
    game: 'belle-epoque',
    scenario: def.info.id,
    seats,
    home: { ...def.home },
    generals: { ...def.generals },
    turn: 0,
    lastTurn: def.lastTurn,
    cp: Object.fromEntries(seats.map((s) => [s, 0])),
    bowl: Object.fromEntries(seats.map((s) => [s, 0])),
    units,
    terrain,
    impassableTo: Object.fromEntries(
      Object.entries(def.impassableTo ?? {}).map(([hex, kinds]) => [hex, [...kinds]]),
    ),
    hiddenTerrain: def.hiddenTerrain,
    objectives: Object.fromEntries(
      Object.entries(def.objectives).map(([hex, o]) => [hex, { vp: o.vp, holder: o.holder }]),
    ),
    phase: { kind: 'doctrine', submitted: [], sealed: {} },
    outcome: null,
    rng: rngFromSeed(seed),
  };
  const log = new EventLog(state.rng);
  discover(state, log);
  updateControl(state);
  return state;
}
