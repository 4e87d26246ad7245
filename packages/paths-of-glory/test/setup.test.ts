import { describe, expect, it } from 'vitest';
import { SPACES, UNITS } from '../src/data/index.ts';
import { BOXES, MAP } from '../src/map.ts';
import { OFFMAP, RESERVE } from '../src/types.ts';
import { boxUnits } from '../src/units.ts';
import { game, options, play, refused, started } from './helpers.ts';

describe('2.1 The map', () => {
  it('2.1: both maps are one point-to-point graph of 281 spaces and 476 connections, dotted ones told apart', () => {
    expect(MAP.ids).toHaveLength(281);
    expect(MAP.spec.edges).toHaveLength(476);
    expect(MAP.edgeKind('london', 'cherbourg')).toBe('dotted');
    expect(MAP.edgeKind('paris', 'amiens')).toBe('normal');
    // Constantinople lies on the Near East map and joins it to Europe.
    expect(SPACES.find((s) => s.id === 'constantinople')?.map).toBe('neareast');
    expect(
      MAP.neighbors('constantinople').some((n) => SPACES.find((s) => s.id === n)?.map === 'europe'),
    ).toBe(true);
    const board = game.board('introductory');
    expect(board.topology.kind).toBe('graph');
    expect(board.overlays.find((o) => o.id === 'neareast')?.locs).toHaveLength(63);
  });

  it('2.1: each side has a reserve box and an eliminated box, shown with their units', () => {
    expect(BOXES).toEqual(['ap-reserve', 'cp-reserve', 'ap-eliminated', 'cp-eliminated']);
    const state = started();
    const shown = game.present(game.view(state, null), null);
    expect(shown.boxes.map((b) => b.id).sort()).toEqual([...BOXES].sort());
    const cpReserve = shown.boxes.find((b) => b.id === 'cp-reserve')!;
    expect(cpReserve.pieces).toHaveLength(boxUnits(state, 'cp', RESERVE).length);
  });
});

describe('4.0 Setup of the Introductory scenario', () => {
  it('4.1.1: the turn, VP and war status markers start at August 1914, 10 and 0', () => {
    const state = started();
    expect(state.turn).toBe(1);
    expect(state.vp).toBe(10);
    expect(state.warStatus).toEqual({ ap: 0, cp: 0 });
  });

  it('4.2.1: the units and level 1 trenches stand as the Unit Setup chart gives them', () => {
    const state = started();
    expect(state.units['ge-army-1']!.loc).toBe('aachen');
    expect(state.units['ge-army-2']!.loc).toBe('koblenz');
    expect(state.units['ge-army-7']).toMatchObject({ loc: 'mulhouse', reduced: true });
    expect(state.units['fr-army-6']).toMatchObject({ loc: 'paris', reduced: true });
    expect(state.units['br-army-bef']!.loc).toBe('brussels');
    expect(state.units['ru-army-8']!.loc).toBe('kamenets-podolski');
    expect(state.units['ah-army-2']).toMatchObject({ loc: 'munkacs', reduced: true });
    expect(state.trenches.metz).toEqual({ side: 'cp', level: 1 });
    expect(state.trenches.verdun).toEqual({ side: 'ap', level: 1 });
    expect(state.trenches.trent).toEqual({ side: 'cp', level: 1 });
    expect(boxUnits(state, 'cp', RESERVE).filter((u) => u.startsWith('ge-'))).toHaveLength(8);
    expect(boxUnits(state, 'cp', RESERVE).filter((u) => u.startsWith('ah-'))).toHaveLength(4);
    expect(boxUnits(state, 'ap', RESERVE).filter((u) => u.startsWith('fr-'))).toHaveLength(7);
    expect(boxUnits(state, 'ap', RESERVE).filter((u) => u.startsWith('ru-'))).toHaveLength(5);
    expect(boxUnits(state, 'ap', RESERVE)).toContain('br-corps-bef');
    const onMap = UNITS.filter((u) => MAP.has(state.units[u.id]!.loc));
    expect(onMap.filter((u) => u.side === 'cp')).toHaveLength(22);
  });

  it('4.2.2: neutral nations stay off the map until they enter the war', () => {
    const state = started();
    for (const u of UNITS.filter((d) => ['it', 'tu', 'bu', 'ro', 'gr', 'us'].includes(d.nation))) {
      expect(state.units[u.id]!.loc).toBe(OFFMAP);
    }
    expect(state.neutral).toEqual(expect.arrayContaining(['it', 'tu', 'bu', 'ro', 'gr']));
  });

  it('4.3.1: the Central Powers choose whether Guns of August is in their opening hand of seven', () => {
    const fresh = game.setup('introductory', {}, 'guns');
    expect(game.status(fresh).toAct).toEqual(['cp']);
    expect(refused(fresh, 'ap', { type: 'gunsOfAugust', keep: true })).toBe('NOT_YOUR_TURN');
    const kept = play(fresh, 'cp', { type: 'gunsOfAugust', keep: true }).state;
    expect(kept.decks.cp.hand).toHaveLength(7);
    expect(kept.decks.cp.hand).toContain('cp-1');
    const without = play(fresh, 'cp', { type: 'gunsOfAugust', keep: false }).state;
    expect(without.decks.cp.hand).toHaveLength(7);
    expect(without.decks.cp.draw.length + without.decks.cp.hand.length).toBe(14);
  });

  it('4.3.2: the Allied hand of seven comes from a seeded shuffle of the 14 mobilization cards', () => {
    const a = game.setup('introductory', {}, 'seed-a');
    const again = game.setup('introductory', {}, 'seed-a');
    const b = game.setup('introductory', {}, 'seed-b');
    expect(a.decks.ap.hand).toHaveLength(7);
    expect(a.decks.ap.hand.length + a.decks.ap.draw.length).toBe(14);
    expect(again.decks.ap).toEqual(a.decks.ap);
    expect(b.decks.ap.draw).not.toEqual(a.decks.ap.draw);
  });

  it('optional rule 9.1.4 as a match option: the optional cards join the decks and hands hold eight', () => {
    const state = game.setup('introductory', { optionalCards: true }, 'opt');
    expect(state.decks.ap.hand).toHaveLength(8);
    expect([...state.decks.ap.hand, ...state.decks.ap.draw]).toContain('ap-56');
  });
});

describe('Hidden information', () => {
  it('each side sees its own hand only; the decks order and the generator never reach a view', () => {
    const state = started();
    const ap = game.view(state, 'ap');
    const cp = game.view(state, 'cp');
    const spectator = game.view(state, null);
    expect(ap.decks.ap.hand).toEqual(state.decks.ap.hand);
    expect(ap.decks.cp.hand).toBeUndefined();
    expect(ap.decks.cp.handCount).toBe(7);
    expect(cp.decks.ap.hand).toBeUndefined();
    expect(spectator.decks.ap.hand).toBeUndefined();
    for (const view of [ap, cp, spectator]) {
      const text = JSON.stringify(view);
      expect(text).not.toContain('"rng"');
      for (const card of [...state.decks.ap.draw, ...state.decks.cp.draw])
        expect(text).not.toContain(`"${card}"`);
    }
    // Each side's choices come from its own view alone.
    expect(options(state, 'cp', 'ops', 'card')).toEqual(state.decks.cp.hand);
  });

  it('a card drawn is told to its owner only', () => {
    let state = started('draw-events');
    // Play every action round quickly with the one-op action until the draw phase deals cards.
    let events: { type: string; to?: unknown }[] = [];
    while (state.turn === 1 && !state.outcome) {
      const seat = game.status(state).toAct[0]!;
      const choices = game.choices(state, seat);
      const pick =
        choices.find((c) => c.action === 'ops') ??
        choices.find((c) => c.action.startsWith('end')) ??
        choices[choices.length - 1]!;
      const action: Record<string, unknown> = { type: pick.action, ...pick.base };
      for (const p of pick.params) action[p.name] = p.options[0]!.value;
      const result = play(state, seat, action);
      events = [...events, ...(result.events as never[])];
      state = result.state;
    }
    const drawn = events.filter((e) => e.type === 'drawnCards');
    expect(drawn.length).toBeGreaterThan(0);
    for (const e of drawn) expect(e.to).toHaveLength(1);
  });
});
