import { randomPlayout, rngFromSeed, rollInPlace } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { hurriedPlayer } from '../src/bot.ts';
import { loos } from '../src/index.ts';
import type { LoosState } from '../src/state.ts';
import { movement, position, refuse } from './helpers.ts';

describe('illegal and malformed actions are refused with a code and change nothing', () => {
  const s = position({ phase: movement('british'), units: { '5/1': '1908', 'I/16': '1905' } });

  it('refuses what is not an action', () => {
    for (const junk of [null, 42, 'move', [], {}, { type: 7 }])
      refuse(s, 'british', junk, 'MALFORMED_ACTION');
  });

  it('refuses an unknown action type', () => {
    refuse(s, 'british', { type: 'teleport', unit: '5/1', to: '1901' }, 'UNKNOWN_ACTION');
  });

  it('refuses a seat that does not exist, or whose turn it is not', () => {
    refuse(s, 'french', { type: 'endPhase' }, 'UNKNOWN_SEAT');
    refuse(s, 'german', { type: 'endPhase' }, 'NOT_YOUR_TURN');
  });

  it('refuses missing or mistyped fields', () => {
    refuse(s, 'british', { type: 'move', unit: '5/1' }, 'MALFORMED_ACTION');
    refuse(s, 'british', { type: 'move', unit: 5, to: '1907' }, 'MALFORMED_ACTION');
  });

  it('refuses unknown units and hexes', () => {
    refuse(s, 'british', { type: 'move', unit: '99/9', to: '1907' }, 'UNKNOWN_UNIT');
    refuse(s, 'british', { type: 'move', unit: '5/1', to: '9999' }, 'UNKNOWN_HEX');
    refuse(s, 'british', { type: 'move', unit: '5/1', to: '0000' }, 'UNKNOWN_HEX');
  });

  it("refuses moving the other side's units", () => {
    refuse(s, 'british', { type: 'move', unit: 'I/16', to: '1904' }, 'NOT_YOUR_UNIT');
  });

  it('refuses a move beyond the movement allowance', () => {
    refuse(s, 'british', { type: 'move', unit: '5/1', to: '1901' }, 'UNREACHABLE_HEX');
  });

  it('refuses actions of another phase', () => {
    refuse(s, 'british', { type: 'attack', target: '1905', attackers: ['5/1'] }, 'UNKNOWN_ACTION');
    refuse(s, 'british', { type: 'declareAttack', target: '1905', attackers: ['5/1'] }, 'UNKNOWN_ACTION');
    refuse(s, 'british', { type: 'endDeployment' }, 'UNKNOWN_ACTION');
  });

  it('refuses every action once the game is over', () => {
    const over: LoosState = { ...s, outcome: { winner: 'german', reason: 'test' }, phase: { kind: 'ended' } };
    refuse(over, 'british', { type: 'endPhase' }, 'GAME_OVER');
  });
});

describe('fuzzing apply with scrambled actions along real games', () => {
  it('never throws, never mutates, and never fails inside the rules', () => {
    const game = randomPlayout(loos, 'loos-1915', 'fuzz', 'fuzz-player', { policy: hurriedPlayer });
    const rng = rngFromSeed('scramble');
    const pick = <T>(xs: readonly T[]) => xs[rollInPlace(rng, xs.length) - 1]!;
    const types = [
      'move',
      'attack',
      'bombard',
      'retreat',
      'advance',
      'endPhase',
      'deploy',
      'placeReplacement',
      'declareAttack',
      'cancelAttack',
      'resolveAttacks',
      'commitReserve',
      'chooseLoss',
      'breakdown',
      'swapStack',
      'placeAircraft',
    ];
    const values = [
      undefined,
      null,
      '',
      '1905',
      '0616',
      '5/1',
      'I/16',
      'IR 72',
      3,
      -1,
      true,
      [],
      ['5/1'],
      ['5/1', '5/1'],
      { a: 1 },
    ];
    let state = loos.setup('loos-1915', {}, 'fuzz');
    let tried = 0;
    for (const { seat, action } of game.actions) {
      for (let k = 0; k < 3; k++) {
        const junk: Record<string, unknown> = { type: pick(types) };
        for (const field of ['unit', 'to', 'target', 'attackers', 'hex', 'division', 'sector', 'gas']) {
          if (rollInPlace(rng, 2) === 1) junk[field] = pick(values);
        }
        const before = JSON.stringify(state);
        const result = loos.apply(state, pick(['british', 'german', 'spectator']), junk);
        if (!result.ok) expect(result.error.code).not.toBe('INTERNAL_ERROR');
        expect(JSON.stringify(state)).toBe(before);
        tried++;
      }
      const next = loos.apply(state, seat, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    expect(tried).toBeGreaterThan(1000);
    // Bounded by one game's actions, not by time: the limit only catches a hang on a loaded machine.
  }, 60_000);
});
