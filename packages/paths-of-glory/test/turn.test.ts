import { describe, expect, it } from 'vitest';
import { activationCost } from '../src/activation.ts';
import { choicesFor, NO_UNIT } from '../src/choices.ts';
import { mayAttack } from '../src/combat.ts';
import { attritionPhase, nextDiscardSegment, rollMandates, siegePhase, warStatusPhase } from '../src/flow.ts';
import { newOperation } from '../src/operations.ts';
import { replacementOptions } from '../src/replacements.ts';
import { srDestinations } from '../src/sr.ts';
import { Supply } from '../src/supply.ts';
import type { PogState } from '../src/types.ts';
import { game, inOperation, lab, options, play, refused, started, testLog } from './helpers.ts';

/** Plays one-op actions that activate nothing until the state satisfies `until`. */
function passRounds(state: PogState, until: (s: PogState) => boolean): PogState {
  let s = state;
  while (!until(s) && !s.outcome) {
    const seat = game.status(s).toAct[0]!;
    const choices = game.choices(s, seat);
    const pick =
      choices.find((c) => c.action === 'oneOp') ??
      choices.find((c) => c.action === 'endActivation') ??
      choices.find((c) => c.action.startsWith('end')) ??
      choices[0]!;
    const action: Record<string, unknown> = { type: pick.action, ...pick.base };
    for (const p of pick.params) action[p.name] = p.options[0]!.value;
    s = play(s, seat, action).state;
  }
  return s;
}

describe('6.0-8.0 Sequence of play', () => {
  it('6.0 A, 7.1.1: each turn begins with both sides rolling for a Mandated Offensive', () => {
    const result = play(game.setup('introductory', {}, 'mo'), 'cp', { type: 'gunsOfAugust', keep: true });
    expect(result.events.filter((e) => e.type === 'roll' && e.purpose === 'mandate')).toHaveLength(2);
    expect(result.events.filter((e) => e.type === 'mandate')).toHaveLength(2);
  });

  it('7.1.2: a neutral nation drawn has no offensive', () => {
    for (let i = 0; i < 20; i++) {
      const state = started(`mo-${i}`);
      for (const side of ['ap', 'cp'] as const) {
        const m = state.mandates[side];
        if (m.nation !== null) expect(state.neutral).not.toContain(m.nation);
        expect(m.made).toBe(m.nation === null);
      }
    }
  });

  it('7.1.3-7.1.5: a missed Mandated Offensive costs its side one VP in the War Status Phase', () => {
    const state = lab({});
    state.mandates = { ap: { nation: 'fr', made: false }, cp: { nation: 'ah', made: true } };
    warStatusPhase(state, testLog());
    expect(state.vp).toBe(11);
    state.mandates = { ap: { nation: null, made: true }, cp: { nation: 'ge', made: false } };
    warStatusPhase(state, testLog());
    expect(state.vp).toBe(10);
  });

  it('8.1.1-8.1.5: six action rounds each, the Central Powers first in every round', () => {
    let state = started('rounds');
    const order: string[] = [];
    state = passRounds(state, (s) => {
      if (
        s.phase.kind === 'action' &&
        order[order.length - 1] !== `${s.phase.side}${s.actions[s.phase.side].length}`
      )
        order.push(`${s.phase.side}${s.actions[s.phase.side].length}`);
      return s.turn === 2;
    });
    expect(order.slice(0, 4)).toEqual(['cp0', 'ap0', 'cp1', 'ap1']);
    // Twelve actions in turn 1, then turn 2 opens with the Central Powers again.
    expect(order).toHaveLength(13);
    expect(order[12]).toBe('cp0');
    expect(state.actions).toEqual({ ap: [], cp: [] });
  });

  it('9.2.1, 9.2.3, 9.2.6: an operations card gives its OPS; each activated occupied space costs its nations', () => {
    let state = started('ops');
    const cardId = state.decks.cp.hand.find((c) => c !== 'cp-1')!;
    state = play(state, 'cp', { type: 'ops', card: cardId }).state;
    const phase = state.phase as { kind: string; op: { points: number } };
    expect(phase.kind).toBe('activate');
    const points = phase.op.points;
    const spaces = options(state, 'cp', 'activate', 'mode', { space: 'koblenz' });
    expect(spaces).toEqual(['move', 'attack']);
    expect(options(state, 'cp', 'activate', 'mode', { space: 'berlin' })).toEqual([]);
    state = play(state, 'cp', { type: 'activate', space: 'koblenz', mode: 'move' }).state;
    expect((state.phase as { op: { points: number } }).op.points).toBe(
      points - activationCost(state, 'cp', 'koblenz'),
    );
  });

  it('8.1.3: the one-op action activates one single-nation space without a card', () => {
    let state = started('oneop');
    state = play(state, 'cp', { type: 'oneOp' }).state;
    expect((state.phase as { op: { points: number } }).op.points).toBe(1);
    expect(state.decks.cp.hand).toHaveLength(7);
  });

  it('9.3.3, 9.4.3: no SR card, nor RP card, in two consecutive action rounds of a turn', () => {
    let state = started('sr');
    state = play(state, 'cp', { type: 'rp', card: state.decks.cp.hand[0] }).state;
    expect(state.phase.kind).toBe('action');
    state = play(state, 'ap', { type: 'oneOp' }).state;
    state = passRounds(state, (s) => s.phase.kind === 'action' && s.phase.side === 'cp');
    expect(game.choices(state, 'cp').some((c) => c.action === 'rp')).toBe(false);
    expect(refused(state, 'cp', { type: 'rp', card: state.decks.cp.hand[0] })).toBe('WRONG_PHASE');
    expect(game.choices(state, 'cp').some((c) => c.action === 'sr')).toBe(true);
  });

  it('9.4.1: replacement points are recorded for nations at war only', () => {
    let state = started('rp');
    state.decks.ap.hand = ['ap-1'];
    state.phase = { kind: 'action', side: 'ap' };
    state = play(state, 'ap', { type: 'rp', card: 'ap-1' }).state;
    expect(state.rp).toEqual({ a: 1, br: 2, fr: 2, ru: 3 });
  });

  it('9.5.1.2-9.5.1.3: an event with a war status number raises its side; an asterisked card leaves the game', () => {
    let state = started('ws');
    state = play(state, 'cp', { type: 'event', card: 'cp-1' }).state;
    expect(state.warStatus.cp).toBe(2);
    expect(state.decks.cp.removed).toContain('cp-1');
    state = lab({}, { side: 'cp', hand: ['cp-13'], turn: 3 });
    state = play(state, 'cp', { type: 'event', card: 'cp-13' }).state;
    expect(state.warStatus.cp).toBe(2);
    expect(state.decks.cp.removed).toContain('cp-13');
  });
});

describe('6.0 G Draw Phase', () => {
  it('9.5.4.6: before drawing, a side may discard combat cards from its hand, then draws back to seven', () => {
    const state = lab({}, { turn: 1 });
    state.decks.ap.hand = ['ap-4', 'ap-1'];
    state.decks.ap.draw = state.decks.ap.draw.filter((c) => !['ap-4', 'ap-1'].includes(c));
    state.decks.cp.hand = ['cp-9'];
    nextDiscardSegment(state, testLog(), null);
    expect(state.phase).toEqual({ kind: 'discardCombat', side: 'ap' });
    expect(options(state, 'ap', 'discardCombat', 'card')).toEqual(['ap-4']);
    const after = play(state, 'ap', { type: 'discardCombat', card: 'ap-4' }).state;
    expect(after.decks.ap.discard).toContain('ap-4');
    expect(after.decks.ap.hand).toHaveLength(7);
    expect(after.decks.ap.hand).not.toContain('ap-4');
    expect(after.turn).toBe(2);
  });
});

describe('13 Strategic redeployment', () => {
  it('13.1.2: a corps costs 1 SR point, an army 4; the card gives its SR value', () => {
    let state = lab({ 'ge-corps-1': 'koblenz', 'ge-army-1': 'aachen' }, { hand: ['cp-7'] });
    state = play(state, 'cp', { type: 'sr', card: 'cp-7' }).state;
    expect(state.phase).toMatchObject({ kind: 'sr', points: 4 });
    state = play(state, 'cp', { type: 'redeploy', unit: 'ge-corps-1', to: 'berlin' }).state;
    expect(state.phase).toMatchObject({ kind: 'sr', points: 3 });
    expect(
      game.choices(state, 'cp').some((c) => c.action === 'redeploy' && c.base.unit === 'ge-army-1'),
    ).toBe(false);
  });

  it("13.1.2: the redeployment may end with points left, checked without working out any unit's routes", () => {
    let state = lab({ 'ge-corps-1': 'koblenz', 'ge-army-1': 'aachen' }, { hand: ['cp-7'] });
    state = play(state, 'cp', { type: 'sr', card: 'cp-7' }).state;
    expect(choicesFor(state, 'cp', NO_UNIT).map((c) => c.action)).toEqual(['endSr']);
    expect(refused(state, 'ap', { type: 'endSr' })).toBe('NOT_YOUR_TURN');
    const ended = play(state, 'cp', { type: 'endSr' }).state;
    expect(ended.phase.kind).not.toBe('sr');
  });

  it('13.1.5, 13.1.8-13.1.9: SR runs through friendly spaces; corps go to and come from the reserve box', () => {
    const state = lab({ 'ge-corps-1': 'koblenz', 'ge-corps-2': 'reserve', 'ge-army-1': 'aachen' });
    const from = srDestinations(state, 'ge-corps-1');
    expect(from).toContain('reserve');
    expect(from).toContain('konigsberg');
    expect(from).not.toContain('paris');
    expect(srDestinations(state, 'ge-army-1')).not.toContain('reserve');
    expect(srDestinations(state, 'ge-corps-2')).toEqual(expect.arrayContaining(['aachen', 'berlin']));
  });

  it('13.1.6: Russian units redeploy only inside Russia', () => {
    const state = lab({ 'ru-corps-1': 'warsaw' });
    for (const d of srDestinations(state, 'ru-corps-1')) if (d !== 'reserve') expect(d).not.toBe('belgrade');
  });
});

describe('14 Supply', () => {
  it('14.1.2, 14.2: units trace to their own sources: Germans to Essen or Breslau, Russians to Russian depots', () => {
    const state = lab({ 'ge-corps-1': 'koblenz', 'ru-corps-1': 'warsaw' });
    const supply = new Supply(state);
    expect(supply.unitSupplied('ge-corps-1')).toBe(true);
    expect(supply.unitSupplied('ru-corps-1')).toBe(true);
    expect(supply.suppliedAt('cp', 'ge', 'moscow')).toBe(false);
  });

  it('14.1.4: the French trace by sea through their ports to London', () => {
    const state = lab({ 'fr-corps-1': 'paris' });
    expect(new Supply(state).unitSupplied('fr-corps-1')).toBe(true);
    // With every French port in enemy hands, Paris is cut off.
    for (const s of [
      'cherbourg',
      'le-havre',
      'calais',
      'brest',
      'bordeaux',
      'nantes',
      'marseilles',
      'toulon',
      'la-rochelle',
      'rouen',
      'ostend',
    ]) {
      if (state.control[s]) state.control[s] = 'cp';
    }
    expect(new Supply(state).suppliedAt('ap', 'fr', 'paris')).toBe(false);
  });

  it('14.3.1: an out-of-supply unit may not move or attack', () => {
    const state = inOperation(
      lab({ 'ge-corps-1': 'warsaw', 'ru-corps-1': 'lodz' }),
      'cp',
      { warsaw: 'attack' },
      'attack',
    );
    expect(new Supply(state).unitSupplied('ge-corps-1')).toBe(false);
    expect(mayAttack(state, newOperation(null, 0), 'ge-corps-1', 'lodz', new Supply(state))).toBe(false);
    expect(options(state, 'cp', 'declareAttack', 'target')).toEqual([]);
  });

  it('14.3.5-14.3.6: the Attrition Phase removes unsupplied armies for good, sends corps to the eliminated box and turns cut-off spaces', () => {
    const state = lab({ 'ge-corps-1': 'warsaw', 'ge-army-1': 'vilna' });
    state.control.warsaw = 'cp';
    attritionPhase(state, testLog());
    expect(state.control.warsaw).toBe('ap');
    expect(state.units['ge-corps-1']!.loc).toBe('eliminated');
    expect(state.units['ge-army-1']!.loc).toBe('removed');
  });

  it("14.2.5, 14.3.6: spaces trace to any of their side's sources: a turn 1 without combat turns no Russian or Albanian space and leaves VP at 10", () => {
    const state = started('quiet');
    state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
    const before = { ...state.control };
    const after = passRounds(state, (s) => s.phase.kind !== 'action' && s.phase.kind !== 'activate');
    expect(after.turn).toBe(1);
    const turned = Object.keys(before).filter((id) => after.control[id] !== before[id]);
    // Only Arabia and Libya, cut off by neutral Turkey from every source of their side, change hands
    // (no VP); the MEF spaces are out of play before the landing.
    expect(turned.sort()).toEqual(['arabia', 'libya']);
    expect(after.vp).toBe(10);
  });

  it('11.1.12: Albanian spaces trace attrition supply to Taranto while Italy is neutral; units there do not (14.2.2)', () => {
    const state = lab({ 'br-corps-1': 'tirana', 'ge-corps-1': 'skopje', 'ah-corps-1': 'cetinje' });
    state.control.skopje = 'cp';
    state.control.cetinje = 'cp';
    const supply = new Supply(state);
    expect(state.neutral).toContain('it');
    expect(supply.spaceSupplied('ap', 'valona')).toBe(true);
    expect(supply.spaceSupplied('ap', 'tirana')).toBe(true);
    // A unit is no space: the British corps traces only to London, and Tirana has no port.
    expect(supply.unitSupplied('br-corps-1')).toBe(false);
    attritionPhase(state, testLog());
    expect(state.control.tirana).toBe('ap');
    expect(state.control.valona).toBe('ap');
    expect(state.units['br-corps-1']!.loc).toBe('eliminated');
  });

  it('14.2.2, 14.2.5: a space in Russia traces to the Russian sources, a French corps standing in it still only to London', () => {
    const state = lab({ 'fr-corps-1': 'kiev' });
    const supply = new Supply(state);
    expect(supply.spaceSupplied('ap', 'kiev')).toBe(true);
    expect(supply.unitSupplied('fr-corps-1')).toBe(false);
  });

  it('Set-up chart, 14.1.4: the British corps entrenched in Basra, an Allied port, is supplied by sea and survives the Attrition Phase', () => {
    const state = started('basra');
    const corps = Object.keys(state.units).find((u) => state.units[u]!.loc === 'basra')!;
    expect(corps).toMatch(/^br-corps/);
    expect(new Supply(state).unitSupplied(corps)).toBe(true);
    attritionPhase(state, testLog());
    expect(state.units[corps]!.loc).toBe('basra');
    expect(state.control.basra).toBe('ap');
  });
});

describe('15 Forts and sieges', () => {
  it('15.1.11-15.1.12: no German attack on a Russian fort before OberOst; no Russian attack on a German fort in August 1914', () => {
    const state = lab(
      { 'ge-army-8': 'insterberg', 'ru-corps-1': 'kovno', 'ru-army-1': 'grodno' },
      { turn: 1 },
    );
    const op = newOperation(null, 0);
    op.activated = { insterberg: 'attack', grodno: 'attack' };
    const supply = new Supply(state);
    expect(mayAttack(state, op, 'ge-army-8', 'kovno', supply)).toBe(false);
    state.played.push('oberost');
    expect(mayAttack(state, op, 'ge-army-8', 'kovno', new Supply(state))).toBe(true);
    expect(mayAttack(state, op, 'ru-army-1', 'insterberg', supply)).toBe(true);
    const k = lab({ 'ru-army-1': 'tannenberg', 'ge-army-8': 'konigsberg' }, { turn: 1 });
    k.control.tannenberg = 'ap';
    const op2 = newOperation(null, 0);
    op2.activated = { tannenberg: 'attack' };
    expect(mayAttack(k, op2, 'ru-army-1', 'konigsberg', new Supply(k))).toBe(false);
  });

  it('15.3: a besieged fort falls on a die above its LF, 2 less in the 1914 month turns', () => {
    let fell = 0;
    for (let i = 0; i < 30; i++) {
      const state = lab({ 'ge-army-1': 'liege' }, { turn: 3 });
      const log = testLog(`siege-${i}`);
      siegePhase(state, log);
      const die = log.events.find((e) => e.purpose === 'siege')!.total as number;
      expect(state.destroyedForts.includes('liege')).toBe(die > 3);
      if (die > 3) {
        fell++;
        expect(state.control.liege).toBe('cp');
      }
    }
    expect(fell).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) {
      const early = lab({ 'ge-army-1': 'liege' }, { turn: 1 });
      const log = testLog(`early-${i}`);
      siegePhase(early, log);
      const die = log.events.find((e) => e.purpose === 'siege')!.total as number;
      expect(early.destroyedForts.includes('liege')).toBe(die - 2 > 3);
    }
  });
});

describe('17 Replacements', () => {
  it('17.1: points flip reduced units in supply, return eliminated corps to the reserve and rebuild armies at home', () => {
    const state = lab(
      {
        'ge-army-1': 'koblenz',
        'ge-corps-1': 'eliminated',
        'ge-army-2': 'eliminated',
        'ge-corps-2': 'warsaw',
      },
      { reduced: ['ge-army-1', 'ge-corps-2'] },
    );
    state.rp = { ge: 2 };
    const offered = replacementOptions(state, 'cp').map((o) => o.value);
    expect(offered).toContain('ge-army-1');
    expect(offered).toContain('ge-corps-1');
    expect(offered).toContain('ge-army-2@berlin');
    expect(offered).not.toContain('ge-corps-2');
    expect(replacementOptions(state, 'ap')).toEqual([]);
  });
});

describe('5 Victory', () => {
  it('5.2: an automatic victory at 20 VP or at 0 in the War Status Phase', () => {
    const state = lab({});
    state.vp = 20;
    warStatusPhase(state, testLog());
    expect(state.outcome?.winner).toBe('cp');
    const low = lab({});
    low.vp = 0;
    warStatusPhase(low, testLog());
    expect(low.outcome?.winner).toBe('ap');
  });

  it('5.3.1, 5.3.4: the Introductory scenario ends after turn 3: 14+ Central Powers, 11-13 draw, 10 or less Allies', () => {
    let state = started('end');
    state = passRounds(state, (s) => s.turn === 3 && s.phase.kind === 'action');
    state = passRounds(state, () => false);
    expect(state.turn).toBe(3);
    const expected = state.vp >= 14 ? 'cp' : state.vp <= 10 ? 'ap' : null;
    expect(state.outcome).toMatchObject({ winner: expected });
    expect(game.status(state).toAct).toEqual([]);
    expect(game.choices(state, 'cp')).toEqual([]);
    expect(refused(state, 'cp', { type: 'oneOp' })).toBe('GAME_OVER');
  });
});

export { rollMandates };
