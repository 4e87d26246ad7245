import type { JsonObject } from '@salient/engine';
import { applyWithDice } from '@salient/engine/testing';
import { describe, expect, it } from 'vitest';
import { PEACE_TABLE, peaceRow } from '../src/peace.ts';
import type { PogState, Side } from '../src/types.ts';
import { game, options, play, refused } from './helpers.ts';

/** A Limited War or Campaign game at the start of `side`'s action round, VP at `vp`. */
function at(vp: number, side: Side, scenario = 'campaign', matchOptions: JsonObject = {}): PogState {
  const state = play(game.setup(scenario, matchOptions, 'peace'), 'cp', {
    type: 'gunsOfAugust',
    keep: true,
  }).state;
  state.turn = 9;
  state.vp = vp;
  state.phase = { kind: 'action', side };
  state.mandates = { ap: { nation: null, made: true }, cp: { nation: null, made: true } };
  return state;
}

const mayOffer = (state: PogState, side: Side) =>
  game.choices(state, side).some((c) => c.action === 'offerPeace');

const rollOf = (events: { type: string; purpose?: string; total?: number }[]) =>
  events.find((e) => e.type === 'roll' && e.purpose === 'peaceTerms')?.total;

describe('16.5 Peace terms', () => {
  it('16.5.1: the Central Powers may offer peace at 11 VP or more, the Allies at 9 or fewer, as their action; never in the Introductory (5.3.3) or historical (5.7.2.1) scenario; after AP 40 Fourteen Points only the Allies', () => {
    expect(mayOffer(at(11, 'cp'), 'cp')).toBe(true);
    expect(mayOffer(at(10, 'cp'), 'cp')).toBe(false);
    expect(mayOffer(at(9, 'ap'), 'ap')).toBe(true);
    expect(mayOffer(at(10, 'ap'), 'ap')).toBe(false);
    expect(mayOffer(at(12, 'ap'), 'ap')).toBe(false);
    expect(mayOffer(at(14, 'cp', 'limited'), 'cp')).toBe(true);
    expect(refused(at(10, 'cp'), 'cp', { type: 'offerPeace' })).toBe('WRONG_PHASE');
    const intro = at(14, 'cp');
    intro.scenario = 'introductory';
    expect(mayOffer(intro, 'cp')).toBe(false);
    expect(mayOffer(at(14, 'cp', 'campaign', { historical: true }), 'cp')).toBe(false);
    const wilson = at(14, 'cp');
    wilson.played.push('fourteen_points');
    expect(mayOffer(wilson, 'cp')).toBe(false);
    wilson.vp = 8;
    wilson.phase = { kind: 'action', side: 'ap' };
    expect(mayOffer(wilson, 'ap')).toBe(true);
  });

  it('16.5.2, 5.1.1: the other side answers; accepted, the game ends at once in a draw whatever the VP; in a tournament both sides lose (5.6.3)', () => {
    const offered = play(at(13, 'cp'), 'cp', { type: 'offerPeace' }).state;
    expect(offered.phase).toEqual({ kind: 'peaceOffer', side: 'ap', offeredBy: 'cp' });
    expect(game.status(offered).toAct).toEqual(['ap']);
    expect(refused(offered, 'cp', { type: 'acceptPeace' })).toBeTruthy();
    const done = play(offered, 'ap', { type: 'acceptPeace' }).state;
    expect(done.outcome?.winner).toBeNull();
    expect(done.outcome?.reason).toMatch(/16\.5\.2/);
    expect(done.vp).toBe(13);
    expect(game.choices(done, 'cp')).toEqual([]);
    const tournament = play(at(8, 'ap', 'limited', { tournament: true, bid: 1 }), 'ap', {
      type: 'offerPeace',
    }).state;
    const lost = play(tournament, 'cp', { type: 'acceptPeace' }).state;
    expect(lost.outcome?.winner).toBeNull();
    expect(lost.outcome?.reason).toMatch(/both sides lose.*5\.6\.3/);
  });

  it('16.5.2-16.5.3, ruling 74: refused, the side that offered rolls on the Peace Terms Table (a VP lost, nothing or a VP won, by its lead) and its action round is over; it may offer again next round', () => {
    for (const [vp, side] of [
      [11, 'cp'],
      [15, 'cp'],
      [17, 'cp'],
      [9, 'ap'],
      [5, 'ap'],
      [2, 'ap'],
    ] as [number, Side][]) {
      const offered = play(at(vp, side), side, { type: 'offerPeace' }).state;
      const row = peaceRow(side === 'cp' ? vp - 10 : 10 - vp);
      const toward = side === 'cp' ? 1 : -1;
      const seen = new Set<number>();
      for (const want of [-1, 0, 1]) {
        const r = applyWithDice(game, offered, other(side), { type: 'refusePeace' }, (res) => {
          const die = rollOf(res.events as never)!;
          return (die >= row.gainFrom ? 1 : die <= row.backfireTo ? -1 : 0) === want;
        });
        expect(r.state.vp - vp).toBe(want * toward || 0);
        seen.add(want);
        expect(r.state.actions[side].at(-1)).toBe('peace');
        expect(r.state.phase).toEqual({ kind: 'action', side: other(side) });
      }
      expect(seen.size).toBe(3);
    }
    // 16.5.3: no limit but one offer a round; the next round the side may offer again.
    const refusedOnce = play(play(at(13, 'cp'), 'cp', { type: 'offerPeace' }).state, 'ap', {
      type: 'refusePeace',
    }).state;
    const passed = play(play(refusedOnce, 'ap', { type: 'oneOp' }).state, 'ap', {
      type: 'endActivation',
    }).state;
    expect(passed.phase).toEqual({ kind: 'action', side: 'cp' });
    expect(mayOffer(passed, 'cp')).toBe(true);
    // The table: the further ahead, the likelier a gain; every row can backfire.
    expect(PEACE_TABLE.map((r) => [r.lead, r.backfireTo, r.gainFrom])).toEqual([
      [6, 1, 4],
      [3, 1, 5],
      [1, 2, 6],
    ]);
    expect(peaceRow(0)).toBe(PEACE_TABLE[2]);
  });

  it('16.5: an offer of peace and its refusal are war news in the "since you last looked" summary', () => {
    const offered = game.apply(at(13, 'cp'), 'cp', { type: 'offerPeace' });
    if (!offered.ok) throw new Error(offered.error.message);
    expect(offered.events.find((e) => e.type === 'peaceOffer')?.topic).toBe('war');
    const answered = game.apply(offered.state, 'ap', { type: 'refusePeace' });
    if (!answered.ok) throw new Error(answered.error.message);
    expect(answered.events.find((e) => e.type === 'peaceRefused')?.topic).toBe('war');
  });

  it('16.5.2: peace terms may not be answered with anything else, nor offered outside the action round', () => {
    const offered = play(at(12, 'cp'), 'cp', { type: 'offerPeace' }).state;
    expect(game.choices(offered, 'ap').map((c) => c.action)).toEqual(['acceptPeace', 'refusePeace']);
    expect(options(offered, 'ap', 'ops', 'card')).toEqual([]);
    expect(refused(offered, 'ap', { type: 'oneOp' })).toBe('WRONG_PHASE');
  });
});

describe('AP 62 The Sixtus Affair', () => {
  it('AP 62 The Sixtus Affair (16.5, ruling 74): the Allies roll on their Peace Terms Table at any VP, even where no offer is allowed; nothing is offered, so no draw can follow', () => {
    for (const [vp, historical] of [
      [14, false],
      [6, false],
      [10, true],
    ] as [number, boolean][]) {
      const state = at(vp, 'ap', 'campaign', historical ? { historical: true } : {});
      state.decks.ap.hand = ['ap-62'];
      expect(options(state, 'ap', 'event', 'card')).toContain('ap-62');
      const row = peaceRow(10 - vp);
      for (const want of [-1, 0, 1]) {
        const r = applyWithDice(game, state, 'ap', { type: 'event', card: 'ap-62' }, (res) => {
          const die = rollOf(res.events as never)!;
          return (die >= row.gainFrom ? 1 : die <= row.backfireTo ? -1 : 0) === want;
        });
        expect(r.state.vp).toBe(vp - want);
        expect(r.state.outcome).toBeNull();
        expect(r.state.phase).toEqual({ kind: 'action', side: 'cp' });
        expect(r.state.decks.ap.removed).toContain('ap-62');
      }
    }
  });
});

const other = (side: Side): Side => (side === 'ap' ? 'cp' : 'ap');
