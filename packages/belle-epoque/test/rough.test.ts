import { describe, expect, it } from 'vitest';
import type { BeState } from '../src/types.ts';
import { fight, game, lab, passed, play, refused, unit, withDice } from './helpers.ts';

function options(state: BeState, seat: string, action: string): string[] {
  const choice = game.choices(state, seat).find((c) => c.action === action);
  return (choice?.params[0]?.options ?? []).map((o) => String(o.value)).sort();
}

describe('Movement, rough ground: "march movement is not allowed when leaving rough terrain"', () => {
  it('stops a march in the rough sector it enters: no marching out of it in the same activation', () => {
    const infantry = passed(lab({ b1: '0709', r1: '0201' }, { terrain: { '0708': 'marsh' } }), 'b1');
    const inMarsh = play(infantry, 'blue', { type: 'move', to: '0708' }).state;
    expect(refused(inMarsh, 'blue', { type: 'move', to: '0707' })).toBe('NO_MOVE_LEFT');
    expect(options(inMarsh, 'blue', 'move')).toEqual([]);
    // Cavalry entering a marsh on its second sector stops there with two sectors of march unused.
    let cavalry = passed(lab({ b7: '0709', r1: '0201' }, { terrain: { '0707': 'marsh' } }), 'b7');
    for (const to of ['0708', '0707']) cavalry = play(cavalry, 'blue', { type: 'move', to }).state;
    expect(refused(cavalry, 'blue', { type: 'move', to: '0706' })).toBe('NO_MOVE_LEFT');
  });

  it('lets special units march on out of rough ground', () => {
    const state = lab({ r7: '0701', b1: '0209' }, { terrain: { '0702': 'marsh' }, side: 'red' });
    let rifles = passed(state, 'r7', 'red');
    for (const to of ['0702', '0703', '0704']) rifles = play(rifles, 'red', { type: 'move', to }).state;
    expect(unit(rifles, 'r7').hex).toBe('0704');
  });

  it('refuses a march through a friend standing in rough ground, which would leave it at once', () => {
    const state = passed(
      lab({ r1: '0703', r5: '0704', b1: '0209' }, { terrain: { '0704': 'marsh' }, side: 'red' }),
      'r1',
      'red',
    );
    expect(refused(state, 'red', { type: 'move', to: '0705' })).toBe('WOULD_HALT_IN_FRIEND');
    expect(options(state, 'red', 'move')).not.toContain('0705');
  });

  it('ends an evade (a march) in the rough sector it enters', () => {
    const state = lab({ b1: '0707', r8: '0706' }, { terrain: { '0705': 'marsh' } });
    const declared = play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r8' }).state;
    const evading = withDice(
      declared,
      'red',
      { type: 'evade', cp: 0 },
      (r) => r.state.phase.kind === 'evade',
    ).state;
    const after = play(evading, 'red', { type: 'move', to: '0705' });
    expect(unit(after.state, 'r8').hex).toBe('0705');
    expect(after.events.some((e) => e.type === 'evaded')).toBe(true);
    expect(after.state.phase).toMatchObject({ kind: 'carry', hex: '0706' });
  });
});

describe('Movement, rough ground: "cannot fire nor initiate an assault during the same turn when entering"', () => {
  /**
   * Blue's b1 (0707) beats red's r1 (0706), whose only way back is the marsh at 0705; blue holds its
   * ground. Red's r1 has not been activated yet this turn.
   */
  function fellBackIntoMarsh(): BeState {
    const state = lab(
      { b1: '0707', b2: '0603', r1: '0706', r2: '0605', r4: '0805' },
      { terrain: { '0705': 'marsh' } },
    );
    const declared = play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r1' }).state;
    const lost = fight(declared, 2, 0).state;
    expect(unit(lost, 'r1').hex).toBe('0705');
    expect(unit(lost, 'r1').enteredRough).toBe(true);
    return lost;
  }

  it('counts a fall back into rough ground: no fire or assault later in the same turn', () => {
    const lost = fellBackIntoMarsh();
    const redDrawn = withDice(lost, 'blue', { type: 'holdPosition' }, (r) => {
      const phase = r.state.phase;
      return phase.kind === 'pick' && phase.side === 'red';
    }).state;
    const r1 = passed(redDrawn, 'r1', 'red');
    expect(refused(r1, 'red', { type: 'fire', target: 'b1' })).toBe('ENTERED_ROUGH');
    expect(game.choices(r1, 'red').some((c) => c.action === 'fire')).toBe(false);
    // Its basic move out of the marsh brings it next to b1, but it may not assault this turn.
    const next = play(r1, 'red', { type: 'move', to: '0706' }).state;
    expect(refused(next, 'red', { type: 'assault', target: 'b1' })).toBe('ENTERED_ROUGH');
    expect(game.choices(next, 'red').some((c) => c.action === 'assault')).toBe(false);
    const shown = game.present(game.view(next, 'red'), 'red').pieces.find((p) => p.id === 'r1');
    expect(shown?.note).toContain('entered rough ground');
  });

  it('counts a fall back into rough ground for salvo and support fire too', () => {
    const lost = fellBackIntoMarsh();
    const blueDrawn = withDice(lost, 'blue', { type: 'holdPosition' }, (r) => {
      const phase = r.state.phase;
      return phase.kind === 'pick' && phase.side === 'blue';
    }).state;
    const moved = play(passed(blueDrawn, 'b2'), 'blue', { type: 'move', to: '0604' }).state;
    const declared = play(moved, 'blue', { type: 'assault', target: 'r1' }).state;
    const salvos = game
      .choices(declared, 'red')
      .filter((c) => c.action === 'salvo')
      .map((c) => c.base.unit);
    expect(salvos).toEqual(['r2']);
    expect(refused(declared, 'red', { type: 'salvo', unit: 'r1', cp: 0 })).toBe('CANNOT_REACT');
  });

  it('counts passing through a friend standing in rough ground as entering it', () => {
    const state = lab({ r7: '0703', r5: '0704', b1: '0706' }, { terrain: { '0704': 'marsh' }, side: 'red' });
    const rifles = passed(state, 'r7', 'red');
    const jumped = play(rifles, 'red', { type: 'move', to: '0705' });
    expect(jumped.events.find((e) => e.type === 'moved')?.text).toContain(
      'through Red Reserve Brigade at 0704',
    );
    expect(unit(jumped.state, 'r7').enteredRough).toBe(true);
    expect(refused(jumped.state, 'red', { type: 'assault', target: 'b1' })).toBe('ENTERED_ROUGH');
  });

  it('lasts until the end of the turn, not of the activation', () => {
    const state = lab({ b1: '0707', r1: '0703' });
    state.bowl = { blue: 0, red: 0 };
    unit(state, 'r1').enteredRough = true;
    const after = play(play(state, 'blue', { type: 'activateBasic', unit: 'b1' }).state, 'blue', {
      type: 'endActivation',
    }).state;
    expect(after.turn).toBe(2);
    expect(unit(after, 'r1').enteredRough).toBe(false);
  });
});
