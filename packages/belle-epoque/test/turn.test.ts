import { describe, expect, it } from 'vitest';
import { basicScore } from '../src/flow.ts';
import { game, lab, play, refused, rolls, started, unit, withDice } from './helpers.ts';

describe('Doctrine: loose or close order, chosen before the game', () => {
  it('keeps each side choice sealed from the other side and spectators until both have chosen', () => {
    const state = game.setup('encounter', {}, 'doctrine');
    expect(game.status(state).toAct).toEqual(['blue', 'red']);
    const blue = play(state, 'blue', { type: 'doctrine', change: ['b1', 'b2'] }).state;
    expect(JSON.stringify(game.view(blue, 'red'))).not.toContain('"b1","b2"');
    expect(JSON.stringify(game.view(blue, null))).not.toContain('"b1","b2"');
    expect(game.view(blue, 'blue').phase).toMatchObject({ kind: 'doctrine', sealed: { blue: ['b1', 'b2'] } });
    expect(game.status(blue).toAct).toEqual(['red']);
    expect(game.choices(blue, 'blue')).toEqual([]);
    const both = play(blue, 'red', { type: 'doctrine', change: ['r7'] }).state;
    expect(unit(both, 'b1').order).toBe('loose');
    expect(unit(both, 'b3').order).toBe('close');
    expect(unit(both, 'r7').order).toBe('close');
    expect(both.turn).toBe(1);
  });

  it('keeps the scenario defaults unless the player changes them (ruling 12)', () => {
    // Encounter: Blue's Rifle Brigade and Red's Mounted Rifles are loose by default.
    const state = game.setup('encounter', {}, 'defaults');
    expect(state.units.filter((u) => u.order === 'loose').map((u) => u.id)).toEqual(['b5', 'r7']);
    const options = game
      .choices(state, 'blue')[0]!
      .params[0]!.options.map((o) => o.label)
      .filter((l) => l.startsWith('Blue Rifle') || l.startsWith('Blue 1st Brigade'));
    expect(options).toEqual([
      'Blue 1st Brigade: close to loose order',
      'Blue Rifle Brigade: loose to close order',
    ]);
    const unchanged = play(play(state, 'blue', { type: 'doctrine', change: [] }).state, 'red', {
      type: 'doctrine',
      change: [],
    });
    expect(unchanged.state.units.filter((u) => u.order === 'loose').map((u) => u.id)).toEqual(['b5', 'r7']);
    expect(unchanged.events.find((e) => e.type === 'doctrine' && e.side === 'blue')?.text).toBe(
      'The Blue army: loose order for Blue Rifle Brigade',
    );
    const changed = play(play(state, 'blue', { type: 'doctrine', change: ['b5', 'b1'] }).state, 'red', {
      type: 'doctrine',
      change: [],
    }).state;
    expect(unit(changed, 'b5').order).toBe('close');
    expect(unit(changed, 'b1').order).toBe('loose');
    // Rossignol: two German brigade halves in the forest are loose by default.
    const rossignol = game.setup('rossignol-1914', {}, 'defaults');
    const kept = play(play(rossignol, 'french', { type: 'doctrine', change: [] }).state, 'german', {
      type: 'doctrine',
      change: [],
    }).state;
    expect(kept.units.filter((u) => u.order === 'loose').map((u) => u.id)).toEqual(['g1', 'g2']);
  });

  it('refuses loose order for cavalry, which is always close', () => {
    const state = game.setup('encounter', {}, 'doctrine');
    expect(refused(state, 'blue', { type: 'doctrine', change: ['b7'] })).toBe('FIXED_ORDER');
    expect(refused(state, 'blue', { type: 'doctrine', change: ['r1'] })).toBe('UNKNOWN_UNIT');
    expect(refused(state, 'blue', { type: 'doctrine', change: ['b1', 'b1'] })).toBe('MALFORMED_ACTION');
  });
});

describe('Command points: a die per 8 stands, d4/d6/d8 by the general', () => {
  it('rolls ceil(stands / 8) dice of the general quality at the start of each turn', () => {
    const setup = game.setup('rossignol-1914', {}, 'cp');
    const first = play(setup, 'french', { type: 'doctrine', change: [] }).state;
    const result = play(first, 'german', { type: 'doctrine', change: [] });
    const command = result.events.filter((e) => e.type === 'roll' && e.purpose === 'command');
    // French: 18 stands, mediocre general: 3d4. Germans: 23 stands, average general: 3d6.
    expect(command.map((e) => [(e.dice as number[]).length, e.sides])).toEqual([
      [3, 4],
      [3, 6],
    ]);
    expect(result.state.cp.french).toBe(command[0]!.total);
    expect(result.state.cp.german).toBe(command[1]!.total);
  });
});

describe('Activation: tokens drawn from the bowl', () => {
  it('puts a token per unit in the bowl and draws one, and the drawn side picks an unactivated unit', () => {
    const state = started('encounter', 'bowl');
    const phase = state.phase;
    if (phase.kind !== 'pick') throw new Error('expected a drawn token');
    expect(state.bowl[phase.side]! + 1 + state.bowl[phase.side === 'blue' ? 'red' : 'blue']!).toBe(16);
    expect(game.status(state).toAct).toEqual([phase.side]);
    const offered = game.choices(state, phase.side).map((c) => c.base.unit);
    expect(new Set(offered).size).toBe(8);
    const other = phase.side === 'blue' ? 'red' : 'blue';
    expect(refused(state, other, { type: 'activateBasic', unit: `${other[0]}1` })).toBe('NOT_YOUR_TURN');
  });

  it('draws the side at random at the moment of drawing, from the tokens left', () => {
    const state = lab({ b1: '0707', r1: '0703' });
    state.bowl = { blue: 0, red: 1 };
    const after = play(state, 'blue', { type: 'activateBasic', unit: 'b1' }).state;
    const ended = play(after, 'blue', { type: 'endActivation' });
    expect(rolls(ended.events, 'draw')).toEqual([[1]]);
    expect(ended.state.phase).toEqual({ kind: 'pick', side: 'red' });
    expect(ended.undoable).toBe(false);
  });

  it('refuses a unit that was already activated this turn', () => {
    const state = lab({ b1: '0707', b2: '0207', r1: '0703' });
    unit(state, 'b1').activated = true;
    state.bowl.blue = 0;
    expect(refused(state, 'blue', { type: 'activateBasic', unit: 'b1' })).toBe('ALREADY_ACTIVATED');
    expect(refused(state, 'blue', { type: 'activateBasic', unit: 'r1' })).toBe('NOT_YOUR_UNIT');
  });

  it('takes a token out of the bowl when an unactivated unit is eliminated', () => {
    const state = lab({ b1: '0707', r1: '0706', r2: '0206' }, { side: 'blue' });
    unit(state, 'r1').stands = 1;
    const active = withDice(
      state,
      'blue',
      { type: 'activate', unit: 'b1', cp: 0 },
      (r) => r.state.phase.kind === 'activation' && r.state.phase.act.test === 'passed',
    ).state;
    const before = active.bowl.red!;
    const fired = withDice(active, 'blue', { type: 'fire', target: 'r1' }, (r) =>
      r.events.some((e) => e.type === 'eliminated'),
    );
    expect(fired.events.some((e) => e.type === 'tokenDiscarded')).toBe(true);
    // One red token discarded; the next draw may then take another red token out.
    const drawnRed = fired.state.phase.kind === 'pick' && fired.state.phase.side === 'red' ? 1 : 0;
    expect(fired.state.bowl.red).toBe(before - 1 - drawnRed);
  });
});

describe('Game turn: command points, then activations until the bowl is empty', () => {
  it('ends the turn when the bowl is empty and starts the next with fresh command points and a full bowl', () => {
    const state = lab({ b1: '0707', r1: '0703' });
    state.bowl = { blue: 0, red: 0 };
    const after = play(play(state, 'blue', { type: 'activateBasic', unit: 'b1' }).state, 'blue', {
      type: 'endActivation',
    });
    expect(after.state.turn).toBe(2);
    expect(after.events.some((e) => e.type === 'turn')).toBe(true);
    expect(rolls(after.events, 'command')).toHaveLength(2);
    expect(unit(after.state, 'b1').activated).toBe(false);
    const phase = after.state.phase;
    expect(phase.kind).toBe('pick');
    expect(after.state.bowl.blue! + after.state.bowl.red!).toBe(1);
  });
});

describe('Reactivity tests: basic score plus command points against a die', () => {
  it('reads the basic score table by quality and order', () => {
    const state = started();
    const b1 = unit(state, 'b1');
    const scores = (['poor', 'trained', 'elite'] as const).flatMap((quality) =>
      (['loose', 'close'] as const).map((order) => basicScore({ ...b1, quality, order })),
    );
    expect(scores).toEqual([1, 2, 2, 3, 3, 4]);
  });

  it('passes on a die at or under the score plus command points, which are spent', () => {
    const state = lab({ b1: '0707', r1: '0703' }, { cp: 3 });
    const passed = withDice(
      state,
      'blue',
      { type: 'activate', unit: 'b1', cp: 2 },
      (r) => rolls(r.events, 'reactivity')[0]![0] === 5,
    );
    expect(passed.state.phase).toMatchObject({ kind: 'activation', act: { test: 'passed' } });
    expect(passed.state.cp.blue).toBe(1);
    const failed = withDice(
      state,
      'blue',
      { type: 'activate', unit: 'b1', cp: 2 },
      (r) => rolls(r.events, 'reactivity')[0]![0] === 6,
    );
    expect(failed.state.phase).toMatchObject({ kind: 'activation', act: { test: 'failed' } });
    expect(refused(state, 'blue', { type: 'activate', unit: 'b1', cp: 4 })).toBe('OUT_OF_BOUNDS');
  });

  it('allows a unit that failed only a basic move, and no fire or assault', () => {
    const state = lab({ b1: '0707', r1: '0705' });
    const failed = withDice(
      state,
      'blue',
      { type: 'activate', unit: 'b1', cp: 0 },
      (r) => r.state.phase.kind === 'activation' && r.state.phase.act.test === 'failed',
    ).state;
    expect(refused(failed, 'blue', { type: 'fire', target: 'r1' })).toBe('NOT_ACTIVATED');
    const moved = play(failed, 'blue', { type: 'move', to: '0708' }).state;
    expect(refused(moved, 'blue', { type: 'move', to: '0709' })).toBe('NO_MOVE_LEFT');
    expect(game.choices(moved, 'blue').map((c) => c.action)).toEqual(['endActivation']);
  });
});
