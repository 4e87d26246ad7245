import { EventLog, type JsonObject, rngFromSeed } from '@salient/engine';
import { grid } from './grid.ts';
import { findScenario } from './scenarios/index.ts';
import { GUN_KINDS, RIFLE_KINDS } from './tables.ts';
import { startTurn } from './turn.ts';
import type { Stand, WfState } from './types.ts';
import { updateObjectives } from './victory.ts';

/** The position before the battle, then turn 1 begins with the scenario's attacker. */
export function setupState(scenarioId: string, _options: JsonObject, seed: string): WfState {
  const def = findScenario(scenarioId);
  if (!def) throw new Error(`Western Front 1914 has no scenario ${scenarioId}`);
  const seats = def.info.seats.map((s) => s.id);
  const stands: Stand[] = seats.flatMap((side) =>
    (def.stands[side] ?? []).map((d) => ({
      id: d.id,
      side,
      name: d.name,
      kind: d.kind,
      quality: d.quality,
      battalion: d.battalion,
      regiment: d.regiment,
      supports: d.supports ?? null,
      hex: d.hex,
      steps: d.steps ?? 1,
      startSteps: d.steps ?? 1,
      suppression: 0,
      firedOn: false,
      packed: d.packed ?? false,
      gun: GUN_KINDS.has(d.kind) ? (d.limbered ? 'limbered' : 'deployed') : null,
      fieldPromotion: false,
      ordered: false,
      actions: 0,
      commandMoves: 0,
      arrives: d.arrives ?? null,
      entry: d.entry ?? null,
      gone: null,
    })),
  );
  const state: WfState = {
    game: 'western-front',
    scenario: def.info.id,
    seats,
    home: { ...def.home },
    turn: 0,
    lastTurn: def.lastTurn,
    order: [...seats],
    firstSide: def.firstSide,
    bombardment: def.bombardment ? { ...def.bombardment, done: false } : null,
    victory: { ...def.victory },
    stands,
    batteries: seats.flatMap((side) =>
      (def.batteries[side] ?? []).map((b) => ({
        id: b.id,
        side,
        name: b.name,
        kind: b.kind,
        regiment: b.regiment,
        aim: b.aim,
        aimSos: null,
        sos: (b.sos ?? []).map((a) => ({ ...a, hexes: [...a.hexes] as [string, string] })),
        answeredSos: false,
        ordered: false,
        actions: 0,
      })),
    ),
    battalions: def.battalions.map((b) => ({
      ...b,
      startPlatoons: stands
        .filter((s) => s.battalion === b.id && RIFLE_KINDS.has(s.kind))
        .reduce((n, s) => n + s.steps, 0),
      tested50: false,
      tested75: false,
      routed: false,
    })),
    regiments: def.regiments.map((r) => ({ ...r, bonusUsed: false })),
    terrain: Object.fromEntries(grid.ids.map((h) => [h, def.terrain[h] ?? 'open'])),
    roads: [...def.roads],
    wire: [...def.wire],
    gas: [],
    gasReleases: { ...def.gasReleases },
    wind: def.wind,
    staffMarkers: { ...def.staffMarkers },
    markersLeft: Object.fromEntries(seats.map((s) => [s, 0])),
    allocated: Object.fromEntries(seats.map((s) => [s, {}])),
    deepSuppression: Object.fromEntries(seats.map((s) => [s, [...(def.deepSuppression[s] ?? [])]])),
    objectives: Object.fromEntries(Object.entries(def.objectives).map(([h, o]) => [h, { ...o }])),
    phase: { kind: 'over' },
    outcome: null,
    rng: rngFromSeed(seed),
  };
  const log = new EventLog(state.rng);
  updateObjectives(state);
  startTurn(state, log);
  state.rng = log.rng;
  return state;
}
