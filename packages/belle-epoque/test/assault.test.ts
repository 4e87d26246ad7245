import { rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { assaultTotal, baseLevel, successLevel } from '../src/assault.ts';
import { grid } from '../src/grid.ts';
import type { BeState } from '../src/types.ts';
import { fight, game, lab, passed, play, refused, rolls, unit, withDice } from './helpers.ts';

/** Blue's b1 (0707) assaults red's r1 (0706); red's r2 stands next to b1 at 0806. */
function assaulted(extra: Record<string, string> = {}, edit: (s: BeState) => void = () => {}): BeState {
  const state = lab({ b1: '0707', r1: '0706', ...extra });
  edit(state);
  return play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r1' }).state;
}

describe('Assault: successful scores by troop kind', () => {
  it('scores militia and loose order on 1-2, close regulars on 1-3, choc troops on 1-4', () => {
    const state = lab({ b1: '0707', r1: '0706', r3: '0701', r5: '0703' });
    expect(baseLevel(unit(state, 'b1'))).toBe(3);
    expect(baseLevel(unit(state, 'r3'))).toBe(4);
    expect(baseLevel(unit(state, 'r5'))).toBe(2);
    unit(state, 'b1').order = 'loose';
    expect(baseLevel(unit(state, 'b1'))).toBe(2);
  });

  it('adds the successful scores: the rule book example, 2 + 3 = 5 against 1 + 4 + 3 = 8, costs 3', () => {
    expect(assaultTotal([4, 2, 3], 3)).toBe(5);
    expect(assaultTotal([1, 4, 5, 3], 4)).toBe(8);
    // 4 stands of bold choc tribesmen (blue b1) assault 3 stands of close-order regulars (red r1).
    const state = assaulted({}, (s) => {
      Object.assign(unit(s, 'b1'), {
        kind: 'tribesmen',
        stands: 4,
        startStands: 6,
        ratings: ['bold', 'choc'],
      });
      unit(s, 'r1').stands = 3;
    });
    const sorted = (dice: number[] | undefined) => [...(dice ?? [])].sort().join();
    const fought = withDice(state, 'red', { type: 'noReaction' }, (r) => {
      const [attack, defence] = rolls(r.events, 'assault');
      return sorted(attack) === '1,3,4,5' && sorted(defence) === '2,3,4';
    });
    expect(fought.events.find((e) => e.type === 'assault')).toMatchObject({ attack: 8, defence: 5 });
    // 3 losses: the 1st and 3rd as stands, the even 2nd as a 1 UD fall back.
    expect(unit(fought.state, 'r1').stands).toBe(1);
    const [back] = fallBackOptions(fought.state);
    const after =
      fought.state.phase.kind === 'fallBack'
        ? play(fought.state, 'red', { type: 'fallBack', to: back }).state
        : fought.state;
    expect(grid.distance(unit(after, 'r1').hex!, '0707')).toBe(2);
    // The log shows each side's successful scores and their total, not the sum of every die.
    const lines = fought.events.filter((e) => e.type === 'roll' && e.purpose === 'assault');
    const line = (dice: number[], level: number, total: number) =>
      `rolls ${dice.join(', ')}: total ${dice.filter((d) => d <= level).join(' + ')} = ${total}`;
    expect(lines[0]!.text).toContain(`(attacker, scores on 1-4) ${line(lines[0]!.dice as number[], 4, 8)}`);
    expect(lines[1]!.text).toContain(`(defender, scores on 1-3) ${line(lines[1]!.dice as number[], 3, 5)}`);
    expect(fought.events.find((e) => e.type === 'assault')?.text).toContain(
      'total 8 against 5, Red 1st Brigade loses 3',
    );
  });

  it('totals each side as the sum of its dice at or under its level, whatever the dice', () => {
    const state = assaulted();
    const total = (dice: number[]) => dice.filter((d) => d <= 3).reduce((a, b) => a + b, 0);
    for (let i = 0; i < 40; i++) {
      const trial = structuredClone(state);
      trial.rng = rngFromSeed(`totals-${i}`);
      const fought = play(trial, 'red', { type: 'noReaction' });
      const [attack, defence] = rolls(fought.events, 'assault');
      expect(fought.events.find((e) => e.type === 'assault')).toMatchObject({
        attack: total(attack!),
        defence: total(defence!),
      });
    }
  });

  it('makes the loser lose the difference; a tie costs each side a stand', () => {
    const win = fight(
      assaulted({}, (s) => (unit(s, 'r1').ratings = ['stubborn'])),
      3,
      2,
    );
    expect(unit(win.state, 'r1').stands).toBe(3);
    expect(unit(win.state, 'b1').stands).toBe(4);
    const tie = fight(assaulted(), 2, 2);
    expect(unit(tie.state, 'r1').stands).toBe(3);
    expect(unit(tie.state, 'b1').stands).toBe(3);
  });

  it('may follow a march: only fire is forbidden after marching', () => {
    let state = passed(lab({ b7: '0709', r1: '0705' }), 'b7');
    for (const to of ['0708', '0707', '0706']) state = play(state, 'blue', { type: 'move', to }).state;
    expect(refused(state, 'blue', { type: 'fire', target: 'r1' })).toBe('MARCHED');
    expect(play(state, 'blue', { type: 'assault', target: 'r1' }).state.phase.kind).toBe('reaction');
  });

  it('lets the assaulted side react out of turn: the defender decides in the middle of the activation', () => {
    const state = assaulted({ r2: '0806' });
    expect(state.phase.kind).toBe('reaction');
    expect(game.status(state).toAct).toEqual(['red']);
    expect(game.choices(state, 'blue')).toEqual([]);
    expect(refused(state, 'blue', { type: 'endActivation' })).toBe('NOT_YOUR_TURN');
  });
});

describe('Tactical modifiers', () => {
  it('raises defending infantry on a hill by 1 and in fortifications by 2, capped so a 6 misses', () => {
    const state = lab({ b1: '0707', r1: '0706', r3: '0705' }, { terrain: { '0706': 'hill' } });
    const b1 = unit(state, 'b1');
    expect(successLevel(state, unit(state, 'r1'), 'defender', b1)).toBe(4);
    state.terrain['0706'] = 'fort';
    expect(successLevel(state, unit(state, 'r1'), 'defender', b1)).toBe(5);
    unit(state, 'r1').ratings = ['stubborn'];
    expect(successLevel(state, unit(state, 'r1'), 'defender', b1)).toBe(5);
  });

  it('raises dashing attackers and stubborn defenders by 1', () => {
    const state = lab({ b1: '0707', r1: '0706' });
    const [b1, r1] = [unit(state, 'b1'), unit(state, 'r1')];
    b1.ratings = ['dashing'];
    r1.ratings = ['stubborn'];
    expect(successLevel(state, b1, 'attacker', r1)).toBe(4);
    expect(successLevel(state, b1, 'defender', r1)).toBe(3);
    expect(successLevel(state, r1, 'defender', b1)).toBe(4);
    expect(successLevel(state, r1, 'attacker', b1)).toBe(3);
  });

  it('cuts cavalry to 1 fighting from or against cover or rough ground', () => {
    const state = lab({ b7: '0707', r1: '0706' }, { terrain: { '0706': 'woods' } });
    expect(successLevel(state, unit(state, 'b7'), 'attacker', unit(state, 'r1'))).toBe(1);
    state.terrain['0706'] = 'open';
    expect(successLevel(state, unit(state, 'b7'), 'attacker', unit(state, 'r1'))).toBe(4);
  });
});

describe('Multiple combats', () => {
  it('lowers the level by 1 per assault already fought this turn, but a 1 always succeeds', () => {
    const state = lab({ b1: '0707', r1: '0706' });
    const [b1, r1] = [unit(state, 'b1'), unit(state, 'r1')];
    r1.assaults = 1;
    expect(successLevel(state, r1, 'defender', b1)).toBe(2);
    r1.assaults = 5;
    expect(successLevel(state, r1, 'defender', b1)).toBe(1);
    const after = fight(assaulted(), 2, 1).state;
    expect(unit(after, 'r1').assaults).toBe(1);
    expect(unit(after, 'b1').assaults).toBe(1);
  });
});

/** The sectors the falling-back unit's owner is offered now. */
function fallBackOptions(state: BeState, seat = 'red'): string[] {
  const choice = game.choices(state, seat).find((c) => c.action === 'fallBack');
  return (choice?.params[0]?.options ?? []).map((o) => String(o.value)).sort();
}

describe('Fall back movements', () => {
  it('turns even losses into 1 UD fall backs: a difference of 5 costs 3 stands and 2 UD', () => {
    const state = assaulted({}, (s) => {
      Object.assign(unit(s, 'b1'), { kind: 'tribesmen', stands: 6, startStands: 6, ratings: ['choc'] });
      unit(s, 'r1').stands = 4;
    });
    const result = fight(state, 6, 1);
    expect(unit(result.state, 'r1').stands).toBe(1);
    expect(result.state.phase).toMatchObject({ kind: 'fallBack', unit: 'r1', stepsLeft: 2 });
    const first = play(result.state, 'red', { type: 'fallBack', to: fallBackOptions(result.state)[0] });
    expect(first.state.phase).toMatchObject({ kind: 'fallBack', stepsLeft: 1 });
    const second = play(first.state, 'red', { type: 'fallBack', to: fallBackOptions(first.state)[0] });
    const r1 = unit(second.state, 'r1');
    expect(r1.stands).toBe(1);
    expect(grid.distance(r1.hex!, '0707')).toBe(3);
    expect([...first.events, ...second.events].filter((e) => e.type === 'fellBack')).toHaveLength(2);
    expect(second.state.phase).toMatchObject({ kind: 'carry', hex: '0706' });
  });

  it('the owner chooses the path, even in the middle of the enemy activation', () => {
    const state = fight(assaulted({ r2: '0202' }), 3, 1).state;
    expect(state.phase.kind).toBe('fallBack');
    expect(game.status(state).toAct).toEqual(['red']);
    expect(game.choices(state, 'blue')).toEqual([]);
    expect(refused(state, 'blue', { type: 'fallBack', to: '0705' })).toBe('NOT_YOUR_TURN');
    // Every sector that takes r1 further from b1 (0707) is offered: straight back and both diagonals.
    expect(fallBackOptions(state)).toEqual(['0605', '0705', '0805']);
    for (const to of ['0605', '0705', '0805']) {
      const after = play(state, 'red', { type: 'fallBack', to }).state;
      expect(unit(after, 'r1').hex).toBe(to);
      expect(unit(after, 'r1').stands).toBe(3);
    }
  });

  it('offers only the sectors from which the whole fall back can still be made', () => {
    // From 0605 the only sectors further from b1 are 0604 and 0505, both held by friends.
    const state = fight(
      assaulted({ r2: '0604', r4: '0505' }, (s) => {
        Object.assign(unit(s, 'b1'), { kind: 'tribesmen', stands: 6, startStands: 6, ratings: ['choc'] });
      }),
      5,
      1,
    ).state;
    expect(state.phase).toMatchObject({ kind: 'fallBack', stepsLeft: 2 });
    expect(unit(state, 'r1').stands).toBe(2);
    expect(fallBackOptions(state)).toEqual(['0705', '0805']);
    expect(refused(state, 'red', { type: 'fallBack', to: '0605' })).toBe('NOT_A_FALL_BACK');
    expect(refused(state, 'red', { type: 'fallBack', to: '0707' })).toBe('NOT_A_FALL_BACK');
    expect(refused(state, 'red', { type: 'fallBack' })).toBe('MALFORMED_ACTION');
  });

  it('takes the only possible path without asking', () => {
    const result = fight(assaulted({ r2: '0605', r4: '0805' }), 2, 0);
    expect(unit(result.state, 'r1').hex).toBe('0705');
    expect(unit(result.state, 'r1').stands).toBe(3);
    expect(result.events.find((e) => e.type === 'fellBack')).toMatchObject({ from: '0706', to: '0705' });
    expect(result.state.phase).toMatchObject({ kind: 'carry', hex: '0706' });
  });

  it('makes stubborn units take every loss as stands', () => {
    const result = fight(
      assaulted({}, (s) => (unit(s, 'r1').ratings = ['stubborn'])),
      4,
      0,
    );
    expect(unit(result.state, 'r1').hex).toBeNull();
    expect(result.events.some((e) => e.type === 'fellBack')).toBe(false);
  });

  it('takes the loss as a stand when the fall back is blocked', () => {
    // Every sector behind r1 is taken or off the board.
    const result = fight(assaulted({ r2: '0705', r4: '0605', r6: '0805' }), 3, 1);
    expect(unit(result.state, 'r1').stands).toBe(2);
    expect(unit(result.state, 'r1').hex).toBe('0706');
  });
});

describe('Movement: a sector impassable to cavalry, in fall back, evade and carrying', () => {
  it('is never offered to falling-back cavalry', () => {
    const state = fight(
      assaulted({}, (s) => {
        Object.assign(unit(s, 'r1'), { kind: 'cavalry', stands: 3, startStands: 3 });
        s.impassableTo = { '0705': ['cavalry'] };
      }),
      2,
      0,
    ).state;
    expect(fallBackOptions(state)).toEqual(['0605', '0805']);
    expect(refused(state, 'red', { type: 'fallBack', to: '0705' })).toBe('NOT_A_FALL_BACK');
  });

  it('is never entered by evading cavalry', () => {
    const state = assaulted({}, (s) => {
      Object.assign(unit(s, 'r1'), { kind: 'cavalry', stands: 3, startStands: 3 });
      s.impassableTo = { '0705': ['cavalry'] };
    });
    const evading = withDice(
      state,
      'red',
      { type: 'evade', cp: 0 },
      (r) => r.state.phase.kind === 'evade',
    ).state;
    const move = game.choices(evading, 'red').find((c) => c.action === 'move')!;
    const sectors = move.params[0]!.options.map((o) => String(o.value));
    expect(sectors).toContain('0605');
    expect(sectors).not.toContain('0705');
    expect(refused(evading, 'red', { type: 'move', to: '0705' })).toBe('IMPASSABLE');
  });

  it('is not carried by a winning cavalry unit, even a bold one', () => {
    for (const ratings of [[], ['bold']] as const) {
      const lost = fight(
        assaulted({}, (s) => {
          Object.assign(unit(s, 'b1'), { kind: 'cavalry', stands: 3, startStands: 3, ratings: [...ratings] });
          s.impassableTo = { '0706': ['cavalry'] };
        }),
        2,
        0,
      ).state;
      const after = play(lost, 'red', { type: 'fallBack', to: '0705' }).state;
      expect(after.phase.kind).not.toBe('carry');
      expect(unit(after, 'b1').hex).toBe('0707');
    }
  });
});

describe('Carrying the position', () => {
  it('offers the winner the abandoned sector, and a bold unit must take it', () => {
    const lost = fight(assaulted(), 2, 0).state;
    const won = play(lost, 'red', { type: 'fallBack', to: '0705' }).state;
    expect(won.phase).toMatchObject({ kind: 'carry', hex: '0706' });
    const carried = play(won, 'blue', { type: 'carry' }).state;
    expect(unit(carried, 'b1').hex).toBe('0706');
    const held = play(won, 'blue', { type: 'holdPosition' }).state;
    expect(unit(held, 'b1').hex).toBe('0707');
    const bold = fight(
      assaulted({}, (s) => unit(s, 'b1').ratings.push('bold')),
      2,
      0,
    );
    const boldWon = play(bold.state, 'red', { type: 'fallBack', to: '0805' }).state;
    expect(boldWon.phase.kind).not.toBe('carry');
    expect(unit(boldWon, 'b1').hex).toBe('0706');
  });
});

describe('Salvo and support firing', () => {
  it('offers the assaulted unit and unactivated friends within 1 UD of the attacker a fire', () => {
    const state = assaulted({ r2: '0806', r4: '0204' });
    const offered = game
      .choices(state, 'red')
      .filter((c) => c.action === 'salvo')
      .map((c) => c.base.unit);
    expect(offered.sort()).toEqual(['r1', 'r2']);
    expect(refused(state, 'red', { type: 'salvo', unit: 'r4', cp: 0 })).toBe('CANNOT_REACT');
  });

  it('spends the token and activates the reacting unit even if its test fails', () => {
    const state = assaulted({ r2: '0806' });
    const bowl = state.bowl.red!;
    const failed = withDice(
      state,
      'red',
      { type: 'salvo', unit: 'r2', cp: 0 },
      (r) => rolls(r.events, 'reactivity')[0]![0]! > 3,
    );
    expect(unit(failed.state, 'r2').activated).toBe(true);
    expect(failed.state.bowl.red).toBe(bowl - 1);
    expect(failed.state.phase.kind).toBe('reaction');
    const offered = game
      .choices(failed.state, 'red')
      .filter((c) => c.action === 'salvo')
      .map((c) => c.base.unit);
    expect(offered).toEqual(['r1']);
  });

  it('fires before the assault and can stop it', () => {
    const state = assaulted({}, (s) => (unit(s, 'b1').stands = 1));
    const salvo = withDice(
      state,
      'red',
      { type: 'salvo', unit: 'r1', cp: 0 },
      (r) => r.events.some((e) => e.type === 'fire') && r.events.some((e) => e.type === 'eliminated'),
    );
    expect(unit(salvo.state, 'b1').hex).toBeNull();
    expect(salvo.events.some((e) => e.type === 'assaultCalledOff')).toBe(true);
    expect(salvo.events.some((e) => e.type === 'assault')).toBe(false);
  });
});

describe('Evade movements', () => {
  it('is offered only against a slower attacker', () => {
    const state = lab({ b1: '0707', r8: '0706' });
    const vsCavalry = play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r8' }).state;
    expect(game.choices(vsCavalry, 'red').some((c) => c.action === 'evade')).toBe(true);
    const vsInfantry = assaulted();
    expect(game.choices(vsInfantry, 'red').some((c) => c.action === 'evade')).toBe(false);
    expect(refused(vsInfantry, 'red', { type: 'evade', cp: 0 })).toBe('CANNOT_EVADE');
  });

  it('moves the evader like a march; out of reach, the assault fails and the attacker may carry', () => {
    const state = lab({ b1: '0707', r8: '0706' });
    const declared = play(passed(state, 'b1'), 'blue', { type: 'assault', target: 'r8' }).state;
    const evading = withDice(
      declared,
      'red',
      { type: 'evade', cp: 0 },
      (r) => r.state.phase.kind === 'evade',
    ).state;
    expect(game.status(evading).toAct).toEqual(['red']);
    const away = play(play(evading, 'red', { type: 'move', to: '0705' }).state, 'red', {
      type: 'move',
      to: '0704',
    }).state;
    const ended = play(away, 'red', { type: 'endEvade' });
    expect(ended.events.some((e) => e.type === 'evaded')).toBe(true);
    expect(ended.state.phase).toMatchObject({ kind: 'carry', hex: '0706' });
    expect(unit(ended.state, 'r8').activated).toBe(true);
  });
});
