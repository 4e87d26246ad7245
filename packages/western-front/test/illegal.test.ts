import { describe, expect, it } from 'vitest';
import { activeWith, game, lab, MONS, play, refused } from './helpers.ts';

describe('Bad input changes nothing and gets a clear code', () => {
  it('malformed, unknown and misplaced actions', () => {
    const state = game.setup(MONS, {}, 'bad');
    expect(refused(state, 'german', null)).toBe('MALFORMED_ACTION');
    expect(refused(state, 'german', 'order')).toBe('MALFORMED_ACTION');
    expect(refused(state, 'german', { type: 42 })).toBe('MALFORMED_ACTION');
    expect(refused(state, 'german', { type: 'charge' })).toBe('UNKNOWN_ACTION');
    expect(refused(state, 'german', { type: '__proto__' })).toBe('UNKNOWN_ACTION');
    expect(refused(state, 'british', { type: 'endStep' })).toBe('NOT_YOUR_TURN');
    expect(refused(state, 'spectator', { type: 'endStep' })).toBe('NOT_YOUR_TURN');
    expect(refused(state, 'german', { type: 'callSos', battery: 'g-fk', area: 'x' })).toBe('WRONG_PHASE');
    expect(refused(state, 'german', { type: 'fire', target: 'rf4-a' })).toBe('WRONG_PHASE');
    expect(refused(state, 'german', { type: 'allocateMarker', to: 'rf4' })).toBe('UNKNOWN_POOL');
    expect(refused(state, 'german', { type: 'allocateMarker', to: { $ne: 1 } })).toBe('MALFORMED_ACTION');
  });

  it('ordering units that are not yours, unknown, gone or out of sequence', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'i84-mg1': '1007', 'rf4-a': '1012' });
    expect(refused(state, 'german', { type: 'order', unit: 'rf4-a' })).toBe('NOT_YOUR_UNIT');
    expect(refused(state, 'german', { type: 'order', unit: 'nobody' })).toBe('UNKNOWN_UNIT');
    expect(refused(state, 'german', { type: 'order', unit: 7 })).toBe('MALFORMED_ACTION');
    expect(refused(state, 'german', { type: 'order', unit: 'i84-2' })).toBe('NOT_ON_TABLE');
    expect(refused(state, 'german', { type: 'order', unit: 'i84-1' })).toBe('OUT_OF_SEQUENCE');
    expect(refused(state, 'german', { type: 'order', unit: 'i84-mg1', bonus: 'yes' })).toBe(
      'MALFORMED_ACTION',
    );
    expect(refused(state, 'german', { type: 'order', unit: 'g-fk' })).toBe('OUT_OF_SEQUENCE');
  });

  it('unit actions out of reach or out of turn', () => {
    const state = activeWith(
      lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'rf4-a': '1020'.replace('20', '18') }),
      'i84-1',
      2,
    );
    expect(refused(state, 'german', { type: 'move', to: '1016' })).toBe('CANNOT_MOVE');
    expect(refused(state, 'german', { type: 'move', to: 'x' })).toBe('CANNOT_MOVE');
    expect(refused(state, 'german', { type: 'fire', target: 'rf4-a' })).toBe('CANNOT_FIRE');
    expect(refused(state, 'german', { type: 'fire', target: 'i84-cmd' })).toBe('CANNOT_FIRE');
    expect(refused(state, 'german', { type: 'order', unit: 'i84-2' })).toBe('WRONG_PHASE');
    expect(refused(state, 'german', { type: 'endStep' })).toBe('WRONG_PHASE');
    expect(refused(state, 'german', { type: 'redirect', to: '1010' })).toBe('WRONG_PHASE');
    const done = play(state, 'german', { type: 'endUnit' });
    expect(refused(done.state, 'german', { type: 'rally' })).toBe('WRONG_PHASE');
  });

  it('nothing is accepted once the game is over', () => {
    const state = lab({ 'i84-1': '1006' });
    state.phase = { kind: 'over' };
    state.outcome = { winner: 'german', reason: 'test' };
    expect(refused(state, 'german', { type: 'endStep' })).toBe('GAME_OVER');
    expect(game.choices(state, 'german')).toEqual([]);
  });
});
