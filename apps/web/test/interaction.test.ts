import type { Choice } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import {
  begin,
  type ClickResult,
  canConfirm,
  clickLoc,
  clickPiece,
  commit,
  completeAction,
  confirmSome,
  draftAction,
  holdForForecast,
  type Interaction,
  idle,
  locHighlights,
  pendingParam,
  pieceHighlights,
  selectablePieces,
} from '../src/lib/board/interaction.ts';
import { type SkirmishState, skirmish } from './fixture/skirmish.ts';

function stateOf(r: ClickResult): Interaction {
  if (r.kind !== 'state') throw new Error(`expected a new state, got ${r.kind}`);
  return r.state;
}

const start = skirmish.setup('meeting', {}, 'seed');
const redChoices = skirmish.choices(start, 'red');

describe('board interaction', () => {
  it('offers the pieces that have choices', () => {
    expect([...selectablePieces(redChoices)].sort()).toEqual(['r1', 'r2']);
    expect(selectablePieces(skirmish.choices(start, 'blue')).size).toBe(0);
  });

  it('selects the top selectable piece of a clicked stack and cycles through it', () => {
    const first = stateOf(clickLoc(redChoices, idle, '0102', ['r1', 'r2']));
    expect(first.selectedPiece).toBe('r1');
    expect(stateOf(clickLoc(redChoices, first, '0102', ['r1', 'r2'])).selectedPiece).toBe('r2');
  });

  it('highlights where the selected piece may go, with the cost', () => {
    const selected = stateOf(clickPiece(redChoices, idle, 'r1'));
    const marks = locHighlights(redChoices, selected);
    const expected = skirmish
      .choices(start, 'red')
      .find((c) => c.piece === 'r1')!
      .params[0]!.options.map((o) => o.loc);
    expect([...marks.keys()].sort()).toEqual([...expected].sort());
    expect(marks.get('0202')?.cost).toBe(1);
    expect(marks.get('0202')?.pick?.option.value).toBe('0202');
  });

  it('sends the move when a highlighted hex is clicked', () => {
    const selected = stateOf(clickPiece(redChoices, idle, 'r1'));
    const result = clickLoc(redChoices, selected, '0202', []);
    expect(result).toEqual({ kind: 'send', action: { type: 'move', unit: 'r1', to: '0202' } });
    const applied = skirmish.apply(start, 'red', (result as { action: object }).action);
    expect(applied.ok).toBe(true);
  });

  it('clears the selection on a click on an empty, unmarked hex', () => {
    const selected = stateOf(clickPiece(redChoices, idle, 'r1'));
    expect(clickLoc(redChoices, selected, '0505', [])).toEqual({ kind: 'state', state: idle });
    expect(clickLoc(redChoices, idle, '0505', [])).toEqual({ kind: 'none' });
  });

  it('marks the hexes that choices of no piece are about, and starts such a choice on a click', () => {
    const marks = locHighlights(redChoices, idle);
    expect(marks.get('0402')).toMatchObject({ pick: null, label: 'Shell 0402' });
    expect(clickLoc(redChoices, idle, '0402', ['b1'])).toEqual({
      kind: 'send',
      action: { type: 'shell', target: '0402' },
    });
    // With a unit selected the marks are that unit's destinations instead.
    expect(locHighlights(redChoices, stateOf(clickPiece(redChoices, idle, 'r1'))).has('0402')).toBe(false);
  });

  it('sends a choice without parameters at once', () => {
    const end = redChoices.find((c) => c.action === 'endTurn')!;
    expect(begin(idle, end)).toEqual({ kind: 'send', action: { type: 'endTurn' } });
  });

  describe('an attack: several attackers, then a target', () => {
    // Move red next to blue so an attack is offered.
    const first = skirmish.apply(start, 'red', { type: 'move', unit: 'r1', to: '0202' });
    if (!first.ok) throw new Error('fixture move refused');
    const moved = skirmish.apply(first.state, 'red', { type: 'move', unit: 'r1', to: '0302' });
    if (!moved.ok) throw new Error('fixture move refused');
    const state: SkirmishState = moved.state;
    const choices: Choice[] = skirmish.choices(state, 'red');
    const attack = choices.find((c) => c.action === 'attack')!;

    it('asks for the attackers first, as a multi-select the board can click', () => {
      const s = stateOf(begin(idle, attack));
      expect(pendingParam(s.active!)?.name).toBe('attackers');
      expect([...pieceHighlights(s).keys()].sort()).toEqual(['r1', 'r2']);
      expect(canConfirm(s)).toBe(false);
    });

    it('toggles attackers, respects the maximum and confirms within the limits', () => {
      let s = stateOf(begin(idle, attack));
      s = stateOf(clickPiece(choices, s, 'r1'));
      expect(pieceHighlights(s).get('r1')?.picked).toBe(true);
      expect(canConfirm(s)).toBe(true);
      s = stateOf(clickPiece(choices, s, 'r2'));
      s = stateOf(clickPiece(choices, s, 'r2'));
      expect(s.active?.picks.attackers).toEqual(['r1']);
      s = stateOf(confirmSome(s));
      expect(pendingParam(s.active!)?.name).toBe('target');
      expect([...locHighlights(choices, s).keys()]).toEqual(['0402']);
    });

    it('gives the action as built so far, for a forecast before the choice is complete', () => {
      let s = stateOf(begin(idle, attack));
      expect(draftAction(s)).toEqual({ type: 'attack' });
      s = stateOf(clickPiece(choices, s, 'r1'));
      // Picked but not yet confirmed: the draft already names the attacker; the target is still open.
      expect(draftAction(s)).toEqual({ type: 'attack', attackers: ['r1'] });
      expect(completeAction(s)).toBeNull();
      expect(draftAction(idle)).toBeNull();
    });

    it('sends the whole attack once the target is clicked on the map', () => {
      let s = stateOf(begin(idle, attack));
      s = stateOf(clickPiece(choices, s, 'r1'));
      s = stateOf(clickPiece(choices, s, 'r2'));
      s = stateOf(confirmSome(s));
      // The attack rolls dice, so it waits for a commit with the whole action known.
      s = stateOf(clickLoc(choices, s, '0402', ['b1']));
      expect(completeAction(s)).toEqual({ type: 'attack', attackers: ['r1', 'r2'], target: 'b1' });
      expect(locHighlights(choices, s).size).toBe(0);
      const result = commit(s);
      expect(result).toEqual({
        kind: 'send',
        action: { type: 'attack', attackers: ['r1', 'r2'], target: 'b1' },
      });
      const applied = skirmish.apply(state, 'red', (result as { action: object }).action);
      expect(applied.ok && applied.undoable).toBe(false);
    });

    it('refuses a third attacker when two are allowed', () => {
      const three: Choice = {
        ...attack,
        params: [
          {
            name: 'attackers',
            label: 'Attackers',
            kind: 'some',
            min: 1,
            max: 1,
            options: [
              { value: 'r1', label: 'r1', piece: 'r1' },
              { value: 'r2', label: 'r2', piece: 'r2' },
            ],
          },
        ],
      };
      let s = stateOf(begin(idle, three));
      s = stateOf(clickPiece([three], s, 'r1'));
      expect(clickPiece([three], s, 'r2')).toEqual({ kind: 'none' });
      expect(commit(s)).toEqual({ kind: 'none' });
      const reversible = { ...three, irreversible: false };
      let t = stateOf(begin(idle, reversible));
      t = stateOf(clickPiece([reversible], t, 'r1'));
      expect(confirmSome(t)).toEqual({ kind: 'send', action: { type: 'attack', attackers: ['r1'] } });
    });
  });
});

describe('a choice about a location shows its cost on the map before it is started', () => {
  it('marks the cost all its options share, and none when they differ', () => {
    const opt = (value: string, cost?: number) => ({
      value,
      label: value,
      loc: 'a',
      ...(cost === undefined ? {} : { cost }),
    });
    const choice = (loc: string, costs: (number | undefined)[]): Choice => ({
      action: 'activate',
      label: `Activate ${loc}`,
      base: { space: loc },
      loc,
      params: [{ name: 'mode', label: 'Mode', kind: 'one', options: costs.map((c, i) => opt(`m${i}`, c)) }],
    });
    const marks = locHighlights([choice('a', [2, 2]), choice('b', [1, 3]), choice('c', [undefined])], idle);
    expect(marks.get('a')?.cost).toBe(2);
    expect(marks.get('b')?.cost).toBeUndefined();
    expect(marks.get('c')?.cost).toBeUndefined();
  });
});

describe('an action sent before its forecast was ever shown is held for a commit', () => {
  const declare: Choice = {
    action: 'declareAttack',
    label: 'Attack a space',
    base: {},
    params: [
      {
        name: 'target',
        label: 'Target',
        kind: 'one',
        options: [
          { value: 'nancy', label: 'Nancy', loc: 'nancy' },
          { value: 'verdun', label: 'Verdun', loc: 'verdun' },
        ],
      },
    ],
  };
  const addAttacker: Choice = {
    action: 'addAttacker',
    label: 'Add an attacker',
    base: {},
    params: [{ name: 'unit', label: 'Unit', kind: 'one', options: [{ value: 'ge-4', label: 'GE 4 Army' }] }],
  };
  /** A game that forecasts an attack once its target is known, and any attacker added to one. */
  const forecasts = (a: { type: string; target?: unknown }) =>
    (a.type === 'declareAttack' && a.target !== undefined) || a.type === 'addAttacker';

  it('holds a declared attack as a finished choice ready to commit', () => {
    const held = holdForForecast(
      [declare, addAttacker],
      { type: 'declareAttack', target: 'verdun' },
      forecasts,
    );
    expect(held?.active?.choice).toBe(declare);
    expect(held?.active?.picks).toEqual({ target: 'verdun' });
    expect(completeAction(held!)).toEqual({ type: 'declareAttack', target: 'verdun' });
  });

  it('lets go an action whose forecast was on screen while it was built, or that has none', () => {
    expect(
      holdForForecast([declare, addAttacker], { type: 'addAttacker', unit: 'ge-4' }, forecasts),
    ).toBeNull();
    expect(holdForForecast([declare], { type: 'declareAttack', target: 'verdun' }, () => false)).toBeNull();
    expect(holdForForecast([addAttacker], { type: 'declareAttack', target: 'verdun' }, forecasts)).toBeNull();
    expect(
      holdForForecast(
        [{ ...declare, irreversible: true }],
        { type: 'declareAttack', target: 'verdun' },
        forecasts,
      ),
    ).toBeNull();
    // Attackers picked one by one show the odds before the selection is confirmed.
    const some: Choice = {
      action: 'declareAttack',
      label: 'Declare an attack',
      base: { target: 'verdun' },
      params: [{ name: 'attackers', label: 'Attackers', kind: 'some', min: 1, max: 2, options: [] }],
    };
    expect(
      holdForForecast([some], { type: 'declareAttack', target: 'verdun', attackers: ['r1'] }, (a) =>
        Array.isArray(a.attackers),
      ),
    ).toBeNull();
  });
});
