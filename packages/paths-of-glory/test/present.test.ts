import { describe, expect, it } from 'vitest';
import { UNITS } from '../src/data/index.ts';
import { pathsOfGlory } from '../src/index.ts';
import { cardFace } from '../src/presentCards.ts';
import { inOperation, lab, play, started } from './helpers.ts';

describe('presentation: counters as the game prints them', () => {
  it('marks corps XXX and armies XXXX, never brigades or divisions', () => {
    const state = pathsOfGlory.setup('introductory', {}, 'present');
    const shown = pathsOfGlory.present(pathsOfGlory.view(state, null), null);
    const all = [...shown.pieces, ...shown.boxes.flatMap((b) => b.pieces)];
    expect(all.length).toBeGreaterThan(0);
    for (const piece of all) {
      const unit = UNITS.find((u) => u.id === piece.id)!;
      expect(piece.size, unit.id).toBe(unit.type === 'army' ? 'XXXX' : 'XXX');
    }
  });
});

describe("presentation: a counter's state as badges, explained in the map key", () => {
  it("marks a unit out of supply (14.1) and a unit in its own side's trench (11.2), and no other", () => {
    const state = pathsOfGlory.setup('introductory', {}, 'present');
    const [oos, entrenched] = Object.entries(state.units).filter(
      ([, u]) => u.loc === 'metz' || u.loc === 'koblenz',
    );
    state.units[oos![0]]!.oos = true;
    const at = state.units[entrenched![0]]!.loc;
    const side = UNITS.find((u) => u.id === entrenched![0])!.side;
    state.trenches[at] = { side, level: 2 };
    const shown = pathsOfGlory.present(pathsOfGlory.view(state, null), null);
    const states = (id: string) => shown.pieces.find((p) => p.id === id)?.states;
    expect(states(oos![0])).toContain('out-of-supply');
    expect(states(entrenched![0])).toContain('trench-2');
    const kinds = new Set(pathsOfGlory.board('introductory').pieceStates?.map((k) => k.id));
    for (const piece of shown.pieces) for (const s of piece.states ?? []) expect(kinds.has(s)).toBe(true);
    // Elsewhere: a badge only for a trench of the unit's own side, or for being out of supply.
    for (const piece of shown.pieces) {
      const trench = state.trenches[piece.loc!];
      const expected = [
        ...(state.units[piece.id]!.oos ? ['out-of-supply'] : []),
        ...(trench?.side === piece.side ? [`trench-${trench.level}`] : []),
      ];
      expect(piece.states, piece.id).toEqual(expected);
    }
  });
});

describe('presentation: the cards a viewer may know (9.1)', () => {
  it('shows the own hand with faces, the other hand only counted, and offers the plays of 9.1', () => {
    const state = started('cards-present', false);
    const cp = pathsOfGlory.present(pathsOfGlory.view(state, 'cp'), 'cp').cards!;
    const own = cp.piles.find((p) => p.id === 'cp-hand')!;
    const theirs = cp.piles.find((p) => p.id === 'ap-hand')!;
    expect(own.cards).toEqual(state.decks.cp.hand);
    expect(theirs.cards).toBeNull();
    expect(theirs.count).toBe(state.decks.ap.hand.length);
    for (const id of own.cards!) {
      const face = cp.faces[id]!;
      expect(face.values.map((v) => v.label)).toEqual(expect.arrayContaining(['OPS', 'SR']));
      expect(face.text.length).toBeGreaterThan(10);
    }
    // No face of the Allied hand reaches the Central Powers, nor any hand a spectator.
    for (const id of state.decks.ap.hand) expect(cp.faces[id]).toBeUndefined();
    const watcher = pathsOfGlory.present(pathsOfGlory.view(state, null), null).cards!;
    expect(watcher.piles.filter((p) => p.kind === 'hand').every((p) => p.cards === null)).toBe(true);
    // Every way of playing a card named in the presentation is a choice the Central Powers have now.
    const actions = new Set(pathsOfGlory.choices(pathsOfGlory.view(state, 'cp'), 'cp').map((c) => c.action));
    for (const play of ['ops', 'sr', 'rp'])
      expect(cp.plays.some((p) => p.action === play) && actions.has(play)).toBe(true);
  });

  it('marks combat cards and trench levels on their faces', () => {
    expect(cardFace('cp-4').marks).toContain('Combat card');
    expect(cardFace('cp-7').marks).not.toContain('Combat card');
    const state = started('trench-present');
    state.trenches.metz = { side: 'cp', level: 2 };
    const marker = pathsOfGlory
      .present(pathsOfGlory.view(state, null), null)
      .markers.find((m) => m.loc === 'metz');
    expect(marker).toMatchObject({ kind: 'trench', short: 'T2' });
  });
});

describe('preview: the combat dialog before the dice (12.2)', () => {
  it('gives both strengths, columns and loss chances summing to one for an attack being built', () => {
    let state = started('preview', false);
    state = play(state, 'cp', { type: 'ops', card: state.decks.cp.hand[0]! }).state;
    state = play(state, 'cp', { type: 'activate', space: 'metz', mode: 'attack' }).state;
    state = play(state, 'cp', { type: 'endActivation' }).state;
    state = play(state, 'cp', { type: 'declareAttack', target: 'nancy' }).state;
    const view = pathsOfGlory.view(state, 'cp');
    expect(pathsOfGlory.preview!(view, 'cp', { type: 'fight' })).toBeNull();
    const preview = pathsOfGlory.preview!(view, 'cp', { type: 'addAttacker', unit: 'ge-army-5' })!;
    expect(preview.title).toBe('Attack on Nancy');
    const fact = (l: string) => preview.facts.find((f) => f.label === l)?.value ?? '';
    expect(fact('Central Powers fire')).toMatch(/strength \d+ on the Army table/);
    expect(fact('Allied Powers fire')).toMatch(/strength \d+ on the (Army|Corps) table/);
    expect(fact('Loss on Allied Powers')).toMatch(/%/);
    const total = preview.outcomes.reduce((s, o) => s + o.chance, 0);
    expect(total).toBeCloseTo(1, 9);
  });

  it('12.2.1: an attack on an empty space says what happens: no dice, the attackers win and may advance', () => {
    const state = inOperation(lab({ 'ge-corps-1': 'thorn' }), 'cp', { thorn: 'attack' }, 'attack');
    const view = pathsOfGlory.view(state, 'cp');
    const preview = pathsOfGlory.preview!(view, 'cp', { type: 'declareAttack', target: 'plock' })!;
    expect(preview.title).toBe('Attack on Plock');
    const text = preview.facts.map((f) => `${f.label}: ${f.value}`).join('\n');
    expect(text).toMatch(/no combat roll/i);
    expect(text).toMatch(/may advance/);
    expect(text).not.toMatch(/strength|table|%/);
    expect(preview.outcomes).toHaveLength(1);
    expect(preview.outcomes[0]!.chance).toBe(1);
    expect(preview.outcomes[0]!.label).toMatch(/Central Powers win/);
  });

  it('12.1.2 (seed): the preview of an attack on units that already retreated shows them on the leftmost column of their table', () => {
    const state = inOperation(
      lab({ 'ge-army-8': 'thorn', 'ru-army-2': 'plock' }),
      'cp',
      { thorn: 'attack' },
      'attack',
    );
    (state.phase as { op: { retreated: string[] } }).op.retreated.push('ru-army-2');
    const preview = pathsOfGlory.preview!(pathsOfGlory.view(state, 'cp'), 'cp', {
      type: 'declareAttack',
      target: 'plock',
    })!;
    const fact = (l: string) => preview.facts.find((f) => f.label === l)?.value ?? '';
    expect(fact('Allied Powers fire')).toMatch(/Army table, column 1/);
  });
});
