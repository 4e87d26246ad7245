import { describe, expect, it } from 'vitest';
import { loos } from '../src/index.ts';

/**
 * What a counter tells at a glance: a bombardment's marker lies under the counters of its hex, so
 * the units there carry it as a badge of the board's kinds (17.4 bombardment markers, 17.6 gas at Zero Hour).
 */
describe('presentation: bombarded and gassed units are marked on their counters', () => {
  it('marks the units in a gassed hex, and only them, with a kind the map key explains', () => {
    let state = loos.setup(loos.scenarios[0]!.id, {}, 'present');
    for (const [seat, action] of [
      ['german', { type: 'deployStandard' }],
      ['german', { type: 'endDeployment' }],
      ['british', { type: 'deployStandard' }],
      ['british', { type: 'endDeployment' }],
      ['british', { type: 'placeAircraft', hex: '0614' }],
      ['british', { type: 'bombard', target: '0415', gas: true, attackers: [] }],
    ] as const) {
      const result = loos.apply(state, seat, action);
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
    }
    const shown = loos.present(loos.view(state, 'british'), 'british');
    const marked = shown.pieces.filter((p) => (p.states ?? []).length > 0);
    expect(marked.length).toBeGreaterThan(0);
    for (const p of marked) {
      expect(p.loc).toBe('0415');
      expect(p.states).toEqual(['gassed']);
    }
    expect(shown.pieces.filter((p) => p.loc === '0415')).toEqual(marked);
    const kinds = loos.board(loos.scenarios[0]!.id).pieceStates ?? [];
    expect(kinds.find((k) => k.id === 'gassed')?.label).toMatch(/gassed/i);
  });
});
