import type { JsonObject } from '@salient/engine';
import type { MatchRecordFile } from '@salient/protocol';
import { hashSeed } from '../../src/matches/lifecycle.ts';
import { type SkirmishState, skirmish } from '../fixtures/skirmish.ts';

/** Red wins a race to 3 advances: 7 steps (two deployments, then red, blue, red, blue, red). */
export const RACE: { seat: string; action: JsonObject & { type: string } }[] = [
  { seat: 'red', action: { type: 'deploy', at: 'north' } },
  { seat: 'blue', action: { type: 'deploy', at: 'south' } },
  { seat: 'red', action: { type: 'advance' } },
  { seat: 'blue', action: { type: 'advance' } },
  { seat: 'red', action: { type: 'advance' } },
  { seat: 'blue', action: { type: 'advance' } },
  { seat: 'red', action: { type: 'advance' } },
];

/** A record as an honest server would write it after `steps` of the race, events replayed here. */
export function recordOf(
  steps: number,
  options: JsonObject = { length: 3 },
  seed = 'import-seed',
): MatchRecordFile {
  let state: SkirmishState = skirmish.setup('meeting', options, seed);
  const actions = RACE.slice(0, steps).map((step, i) => {
    const result = skirmish.apply(state, step.seat, step.action);
    if (!result.ok) throw new Error(`fixture step ${i + 1} refused: ${result.error.code}`);
    state = result.state;
    return { seq: i + 1, seat: step.seat, action: step.action, events: result.events };
  });
  const outcome = skirmish.outcome(state);
  return {
    format: 'salient-record/1',
    matchId: 'elsewhere',
    game: 'skirmish',
    scenario: 'meeting',
    options,
    seed,
    seedHash: hashSeed(seed),
    players: [
      { seat: 'red', username: 'somebody' },
      { seat: 'blue', username: 'somebody-else' },
    ],
    timeControl: { kind: 'live', initialSeconds: 60, incrementSeconds: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    finishedAt: outcome ? '2026-01-01T01:00:00.000Z' : null,
    outcome,
    actions,
  };
}
