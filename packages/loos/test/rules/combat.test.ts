import { describe, expect, it } from 'vitest';
import { attackLine, attackOdds } from '../../src/combat.ts';
import { emptyCombat, movementAllowance } from '../../src/flow.ts';
import { loos } from '../../src/index.ts';
import { MAP } from '../../src/map.ts';
import {
  act,
  actAll,
  attackNow,
  combatAttacks,
  position,
  refuse,
  texts,
  unit,
  withDice,
} from '../helpers.ts';

const attack = (target: string, attackers: string[]) => ({ type: 'declareAttack', target, attackers });

describe('7.1-7.2 Who may attack, and the differential (our standard rules)', () => {
  it('7.2: the differential is the attacking strength minus the defending strength', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', '5/2': '0516', 'I/16': '0615' },
    });
    const odds = attackOdds(s, '0615', [unit(s, '5/1'), unit(s, '5/2')], emptyCombat());
    expect([odds.attack, odds.defense, odds.differential]).toEqual([8, 2, 6]);
  });

  it('7.1: each unit attacks once and each hex is attacked once a phase', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '1906', '6/1': '2006', 'I/16': '1905', 'I/73': '2005' },
    });
    const declared = act(s, 'british', attack('1905', ['5/1'])).state;
    refuse(declared, 'british', attack('2005', ['5/1']), 'ILLEGAL_ATTACK');
    refuse(declared, 'british', attack('1905', ['6/1']), 'ILLEGAL_TARGET');
    // Once resolved, the phase is over for both: nothing is declared after the first resolution.
    const resolved = attackNow(withDice(s, [5]), 'british', '1905', ['5/1']).state;
    expect(resolved.phase.kind).not.toBe('combat');
  });

  it('7.1: units in several hexes next to one defender attack it together, in one combat', () => {
    // 5/1 in 1906 and 6/1 in 2005 both touch 1905: their 8 points meet the battalion's 2 in one roll.
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '1906', '6/1': '2005', 'I/16': '1905' },
    });
    expect(MAP.grid.adjacent('1906', '1905') && MAP.grid.adjacent('2005', '1905')).toBe(true);
    const { events } = attackNow(withDice(s, [6]), 'british', '1905', ['5/1', '6/1']);
    const attacks = events.filter((e) => e.type === 'attack');
    expect(attacks).toHaveLength(1);
    expect(attacks[0]).toMatchObject({ attackers: ['5/1', '6/1'], attack: 8, defense: 2, differential: 6 });
    expect(events.filter((e) => e.type === 'roll' && e.purpose === 'combat')).toHaveLength(1);
  });

  it('7.1: attackers must be next to the defender', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '1907', '6/1': '1906', 'I/16': '1905' },
    });
    refuse(s, 'british', attack('1905', ['5/1']), 'ILLEGAL_ATTACK');
  });
});

describe('14.3 German trenches: the CRT line', () => {
  it('14.3: uses the Trench line when attacked solely across trench hexsides', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', '5/2': '0516', 'I/16': '0615' },
    });
    expect(attackLine(s, '0615', ['0616', '0516'], [])).toBe('trench');
  });

  it('14.3: uses the Secondary Trench line (R3: the Town line) when attacked across a plain hexside from a trench hex', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', '6/1': '0515', 'I/16': '0615' },
    });
    expect(MAP.trenchHexes.has('0515') && !MAP.isTrenchSide('0515', '0615')).toBe(true);
    expect(attackLine(s, '0615', ['0616', '0515'], [])).toBe('town');
    expect(attackOdds(s, '0615', [unit(s, '5/1'), unit(s, '6/1')], emptyCombat()).lineName).toMatch(
      /Secondary Trench/,
    );
  });

  it('14.3: uses the other terrain of the hex when attacked from a non-trench hex', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', '6/1': '0614', 'I/16': '0615' },
    });
    expect(attackLine(s, '0615', ['0616', '0614'], [])).toBe('clear');
  });

  it('14.3: gives British units no benefit from German trenches', () => {
    const s = position({ phase: combatAttacks('german'), units: { '5/1': '0615', 'I/16': '0614' } });
    expect(attackLine(s, '0615', ['0614'], [])).toBe('clear');
  });

  it('14.3.3: adds the defence of an entrenched neighbour the attacker is also next to, unless it is attacked separately', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0716', 'I/16': '0615', 'II/16': '0715' },
    });
    expect(MAP.isTrenchSide('0716', '0615') && MAP.isTrenchSide('0716', '0715')).toBe(true);
    const alone = attackOdds(s, '0615', [unit(s, '5/1')], emptyCombat());
    expect(alone.defense).toBe(4);
    expect(alone.supporting).toEqual(['0715']);
    const combat = { ...emptyCombat(), attackedHexes: ['0715'] };
    expect(attackOdds(s, '0615', [unit(s, '5/1')], combat).defense).toBe(2);
  });

  it('14.3.3 (R5): the defence does not depend on the order in which the declared attacks are resolved', () => {
    // 5/1 in 0716 attacks 0615 across a trench hexside and also touches 0715 behind one; 6/1 in 0815
    // attacks 0715. Resolved in either order, the attack on 0615 meets the battalion's 2 alone.
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0716', '6/1': '0815', 'I/16': '0615', 'II/16': '0715' },
    });
    expect(MAP.isTrenchSide('0716', '0715') && MAP.isTrenchSide('0815', '0715')).toBe(true);
    const declared = actAll(s, [
      ['british', attack('0615', ['5/1'])],
      ['british', attack('0715', ['6/1'])],
      ['british', { type: 'resolveAttacks' }],
    ]).state;
    const defenceOn0615 = (order: string[]) => {
      // Two 6s: (A) on the Trench line at +2, so neither attack leaves a decision behind.
      const { events } = actAll(
        withDice(declared, [6, 6]),
        order.map((target) => ['british', { type: 'attack', target }] as const),
      );
      return events.find((e) => e.type === 'attack' && e.target === '0615')?.defense;
    };
    expect(defenceOn0615(['0615', '0715'])).toBe(2);
    expect(defenceOn0615(['0715', '0615'])).toBe(2);
    // Declared alone, the attack on 0615 meets 0715's defence too, whenever it is resolved.
    const alone = attackNow(withDice(s, [6]), 'british', '0615', ['5/1']);
    expect(alone.events.find((e) => e.type === 'attack')?.defense).toBe(4);
  });

  it('14.3.3 (R5): attacks are resolved only once the declarations are closed, and the preview says what support can still change', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0716', '6/1': '0815', 'I/16': '0615', 'II/16': '0715' },
    });
    refuse(s, 'british', { type: 'attack', target: '0615' }, 'WRONG_PHASE');
    const preview = loos.preview!(loos.view(s, 'british'), 'british', attack('0615', ['5/1']));
    expect(preview?.facts.find((f) => f.label === 'Defence')?.value).toMatch(
      /^4 \(with 0715, 14\.3\.3: unless an attack on it is declared too\)$/,
    );
    const declared = act(s, 'british', attack('0715', ['6/1'])).state;
    const after = loos.preview!(loos.view(declared, 'british'), 'british', attack('0615', ['5/1']));
    expect(after?.facts.find((f) => f.label === 'Defence')?.value).toBe('2');
    // Before closing, the declared attacks' odds as they now stand are in the offered choices.
    const close = (x: typeof s) =>
      loos.choices(x, 'british').find((c) => c.action === 'resolveAttacks')?.label;
    const only0615 = act(s, 'british', attack('0615', ['5/1'])).state;
    expect(close(only0615)).toMatch(
      /0615 \(4 against 4, differential 0 on the City, Rough, River, Trench line\)/,
    );
    const both = act(only0615, 'british', attack('0715', ['6/1'])).state;
    expect(close(both)).toMatch(
      /0615 \(4 against 2, differential \+2 on the City, Rough, River, Trench line\)/,
    );
  });

  it('14.3.3 (R5): a unit that was not in its hex when the attacks were declared supports no one', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0716', 'I/16': '0615', 'II/16': '0715' },
    });
    const closed = { ...emptyCombat(), held: ['0615'] };
    expect(attackOdds(s, '0615', [unit(s, '5/1')], closed).defense).toBe(2);
    expect(attackOdds(s, '0615', [unit(s, '5/1')], { ...closed, held: ['0615', '0715'] }).defense).toBe(4);
  });

  it('17.5: ignores the trenches of a breached hex', () => {
    const s = position({ phase: combatAttacks('british'), units: { '5/1': '0616', 'I/16': '0615' } });
    expect(attackLine(s, '0615', ['0616'], ['0615'])).toBe('clear');
  });
});

describe('16.0 Combat results as modified (7.6-7.9)', () => {
  const trenchFight = () =>
    position({ phase: combatAttacks('british'), units: { '5/1': '0616', '5/2': '0516', 'I/16': '0615' } });

  it('7.6: attackers never retreat: an A2 costs one step instead', () => {
    // 8 against 2 on the Trench line is the "+6, +7" column: a 5 is A2.
    const { state, events } = attackNow(withDice(trenchFight(), [5]), 'british', '0615', ['5/1', '5/2']);
    expect(texts(events)).toMatch(/A2/);
    expect(state.pending[0]).toMatchObject({ kind: 'attacker-loss', seat: 'british' });
    const after = act(state, 'british', { type: 'chooseLoss', unit: '5/2' }).state;
    expect(unit(after, '5/2').steps).toBe(1);
    expect(unit(after, '5/1').loc).toBe('0616');
  });

  it("Ex: the defender and one attacking unit of the attacker's choice each lose a step", () => {
    const { state } = attackNow(withDice(trenchFight(), [2]), 'british', '0615', ['5/1', '5/2']);
    expect(unit(state, 'I/16').loc).toBe('eliminated');
    expect(state.pending[0]?.kind).toBe('attacker-loss');
  });

  it('D2: the defender chooses to retreat two hexes or to lose a step (7.8)', () => {
    const { state } = attackNow(withDice(trenchFight(), [1]), 'british', '0615', ['5/1', '5/2']);
    expect(state.pending[0]).toMatchObject({ kind: 'retreat-or-deplete', seat: 'german', hexes: 2 });
    expect(loos.status(state).toAct).toEqual(['german']);
    const actions = loos.choices(state, 'german').map((c) => c.action);
    expect(actions).toEqual(['retreat', 'deplete']);
    // The battalion takes the step loss instead: it is eliminated, and the attackers may advance.
    const depleted = act(state, 'german', { type: 'deplete' }).state;
    expect(unit(depleted, 'I/16').loc).toBe('eliminated');
    expect(depleted.pending[0]).toMatchObject({ kind: 'advance', seat: 'british', vacated: '0615' });
  });

  it('7.7: a retreat goes hex by hex away from the combat, and then the attackers may advance one hex (7.9)', () => {
    let s = attackNow(withDice(trenchFight(), [1]), 'british', '0615', ['5/1', '5/2']).state;
    s = act(s, 'german', { type: 'retreat', to: '0614' }).state;
    refuse(s, 'german', { type: 'retreat', to: '0615' }, 'ILLEGAL_HEX');
    s = act(s, 'german', { type: 'retreat', to: '0613' }).state;
    expect(unit(s, 'I/16').loc).toBe('0613');
    expect(s.pending[0]).toMatchObject({ kind: 'advance', vacated: '0615' });
    const advance = loos.choices(s, 'british').find((c) => c.action === 'advance' && c.piece === '5/1')!;
    const hexes = advance.params[0]!.options.map((o) => o.value);
    expect(hexes).toContain('0615');
    // One hex only: a vacant hex next to the vacated one and to the attacker.
    for (const hex of hexes) expect(MAP.grid.adjacent(String(hex), '0616')).toBe(true);
    s = act(s, 'british', { type: 'advance', unit: '5/1', to: '0615' }).state;
    expect(unit(s, '5/1').loc).toBe('0615');
  });

  it('7.7: a retreat never leaves the map: a unit whose only way back is off the edge stands and loses a step', () => {
    // IR 72 in the corner hex 0101 has two neighbours on the map, both British: every hex farther
    // from the combat lies off the map. 8 against 5 in the clear is "+2, +3": a 1 is D2.
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0102', '5/2': '0201', 'IR 72': '0101' },
    });
    expect([...MAP.neighbors('0101')].sort()).toEqual(['0102', '0201']);
    const { state, events } = attackNow(withDice(s, [1]), 'british', '0101', ['5/1', '5/2']);
    expect(texts(events)).toMatch(/D2/);
    expect(texts(events)).toMatch(/cannot retreat and loses a step instead/);
    expect(unit(state, 'IR 72')).toMatchObject({ loc: '0101', steps: 2 });
  });

  it('7.7.2: a unit that cannot retreat without displacing a friendly unit stands fast and loses a step', () => {
    // Every hex a step back from 0615 is held by a German battalion of another division.
    const s = position({
      phase: combatAttacks('british'),
      units: {
        '5/1': '0616',
        '5/2': '0516',
        '6/1': '0716',
        'I/16': '0615',
        'I/73': '0614',
        'II/73': '0715',
        'III/73': '0515',
      },
    });
    // 12 against 2 (+2 from 0715, 14.3.3) on the Trench line is "+8, +9": a 1 is D2.
    const { state, events } = attackNow(withDice(s, [1]), 'british', '0615', ['5/1', '5/2', '6/1']);
    expect(texts(events)).toMatch(/cannot retreat/);
    expect(unit(state, 'I/16').loc).toBe('eliminated');
  });

  it('7.9: the advance may not enter a vacant hex that is not next to the vacated hex', () => {
    const s = attackNow(withDice(trenchFight(), [1]), 'british', '0615', ['5/1', '5/2']);
    const afterDeplete = act(s.state, 'german', { type: 'deplete' }).state;
    refuse(afterDeplete, 'british', { type: 'advance', unit: '5/1', to: '0617' }, 'ILLEGAL_HEX');
  });

  it('Ae: all attacking units are eliminated', () => {
    // One 2-factor unit against a 5-defence regiment in trench: -3 reads the first column; a 5 is Ae.
    const s = position({
      phase: combatAttacks('british'),
      units: { '140/1': { hex: '2516', steps: 1 }, 'IR 72': '2515' },
    });
    const { state } = attackNow(withDice(s, [5]), 'british', '2515', ['140/1']);
    expect(unit(state, '140/1').loc).toBe('eliminated');
  });
});

describe('9.0 No supply rules', () => {
  it('9.0: a unit cut off on every side keeps its full strengths and allowance', () => {
    // 5/1 in 1905 with a German battalion in each of its six neighbours.
    const ring = MAP.neighbors('1905');
    const battalions = ['I/16', 'II/16', 'III/16', 'I/56', 'II/56', 'III/56'];
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '1905', ...Object.fromEntries(ring.map((hex, i) => [battalions[i]!, hex])) },
    });
    expect(ring).toHaveLength(6);
    const odds = attackOdds(s, ring[0]!, [unit(s, '5/1')], emptyCombat());
    expect(odds.attack).toBe(4);
    const attacked = attackOdds(
      { ...s, phase: combatAttacks('german') },
      '1905',
      [unit(s, 'I/16')],
      emptyCombat(),
    );
    expect(attacked.defense).toBe(3);
    expect(movementAllowance(s, unit(s, '5/1'))).toBe(3);
  });
});

describe('14.2 British front line in combat', () => {
  it('14.2: German units may not attack into front-line hexes', () => {
    const s = position({ phase: combatAttacks('german'), units: { '5/1': '0616', 'I/16': '0615' } });
    refuse(s, 'german', attack('0616', ['I/16']), 'ILLEGAL_TARGET');
  });

  it('14.2: a British retreat ends in the first front-line hex it enters', () => {
    // A British unit in 0615 attacked from behind retreats into its front line at 0616 and stops.
    // Two full regiments, 8 against 3 in the clear ("+4, +5"): a 1 is D2.
    const s = position({
      phase: combatAttacks('german'),
      units: { '5/1': '0615', 'IR 72': '0614', 'IR 93': '0515' },
    });
    let next = attackNow(withDice(s, [1]), 'german', '0615', ['IR 72', 'IR 93']).state;
    expect(next.pending[0]).toMatchObject({ kind: 'retreat-or-deplete', hexes: 2 });
    next = act(next, 'british', { type: 'retreat', to: '0616' }).state;
    expect(unit(next, '5/1').loc).toBe('0616');
    expect(next.pending[0]?.kind).not.toBe('retreat-or-deplete');
  });
});

describe('18.3 Reserve lines in combat', () => {
  const stacked = () =>
    position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', 'I/16': '0615', 'II/16': { hex: '0615', reserve: true } },
    });

  it('18.3: only the front-line unit defends', () => {
    const s = stacked();
    expect(attackOdds(s, '0615', [unit(s, '5/1')], emptyCombat()).defense).toBe(2);
  });

  it('18.3: when the front-line unit is eliminated the reserve becomes the front line, and the hex is not vacated', () => {
    // 4 against 2 on Trench reads "+2, +3"; a 1 is Ex.
    const { state } = attackNow(withDice(stacked(), [1]), 'british', '0615', ['5/1']);
    expect(unit(state, 'I/16').loc).toBe('eliminated');
    expect(unit(state, 'II/16')).toMatchObject({ loc: '0615', reserve: false });
    expect(state.pending.some((d) => d.kind === 'advance')).toBe(false);
  });

  it('18.3: the reserve retreats with its front-line unit', () => {
    const s = position({
      phase: combatAttacks('british'),
      units: {
        '5/1': '0616',
        '5/2': '0516',
        '6/1': '0716',
        'I/16': '0615',
        'II/16': { hex: '0615', reserve: true },
      },
    });
    // 12 against 2 on the Trench line is "+10": a 2 is D2.
    let next = attackNow(withDice(s, [2]), 'british', '0615', ['5/1', '5/2', '6/1']).state;
    next = act(next, 'german', { type: 'retreat', to: '0614' }).state;
    expect(unit(next, 'II/16').loc).toBe('0614');
    expect(unit(next, 'II/16').reserve).toBe(true);
  });
});

describe('12.1 British instant victory by advance', () => {
  it('12.1: wins the instant a British unit advances into a German entry hex', () => {
    const s = position({ phase: combatAttacks('british'), units: { '5/1': '1202', 'I/16': '1201' } });
    // 4 against 2 in the clear is "+2, +3": a 1 is D2; the battalion loses its step and vacates.
    let next = attackNow(withDice(s, [1]), 'british', '1201', ['5/1']).state;
    if (next.pending[0]?.kind === 'retreat-or-deplete') next = act(next, 'german', { type: 'deplete' }).state;
    next = act(next, 'british', { type: 'advance', unit: '5/1', to: '1201' }).state;
    expect(next.outcome).toMatchObject({ winner: 'british' });
    expect(loos.outcome(next)?.reason).toMatch(/12\.1/);
  });
});

describe('14.2 Front-line hexes and the advance', () => {
  it('14.2: no unit advances into a front-line hex, which is entered only by set-up, arrival, movement or retreat', () => {
    // 8 against 2 on the Trench line: a 1 is D2; the battalion takes it as a loss and 0615 is empty.
    const s = position({
      phase: combatAttacks('british'),
      units: { '5/1': '0616', '5/2': '0716', 'I/16': '0615' },
    });
    let next = attackNow(withDice(s, [1]), 'british', '0615', ['5/1', '5/2']).state;
    next = act(next, 'german', { type: 'deplete' }).state;
    // 0516 is a vacant front-line hex next to both 0615 and 0616.
    expect(
      MAP.frontLine.has('0516') && MAP.grid.adjacent('0516', '0615') && MAP.grid.adjacent('0516', '0616'),
    ).toBe(true);
    const advance = loos.choices(next, 'british').find((c) => c.action === 'advance' && c.piece === '5/1')!;
    expect(advance.params[0]!.options.map((o) => o.value)).toEqual(['0615']);
    refuse(next, 'british', { type: 'advance', unit: '5/1', to: '0516' }, 'ILLEGAL_HEX');
  });
});
