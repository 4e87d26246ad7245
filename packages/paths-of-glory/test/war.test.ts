import { describe, expect, it } from 'vitest';
import { card } from '../src/data/index.ts';
import { warStatusPhase } from '../src/flow.ts';
import {
  commitmentOf,
  enterWar,
  neutralEntryOpen,
  raiseCommitment,
  reshuffleForCommitment,
} from '../src/war.ts';
import { started, testLog } from './helpers.ts';

describe('16 War commitment and neutral entry (the structure part 2 builds on)', () => {
  it('5.3.2: in the Introductory scenario no commitment rises, whatever the war status', () => {
    const state = started('commit-intro');
    state.turn = 2;
    state.warStatus = { ap: 12, cp: 12 };
    const drawBefore = [...state.decks.cp.draw];
    warStatusPhase(state, testLog());
    expect(commitmentOf(state, 'cp')).toBe('mobilization');
    expect(state.decks.cp.draw).toEqual(drawBefore);
    expect(state.neutral).toContain('tu');
  });

  it('16.1.2-16.1.3.1, 11.1.13: at war status 4 a side reaches Limited War, its cards join the draw pile, and Turkey enters with the Central Powers', () => {
    const state = started('commit-limited');
    state.scenario = 'limited';
    state.turn = 2;
    state.warStatus = { ap: 3, cp: 4 };
    raiseCommitment(state, testLog());
    expect(commitmentOf(state, 'cp')).toBe('limited');
    expect(commitmentOf(state, 'ap')).toBe('mobilization');
    const added = state.decks.cp.draw.filter((c) => card(c).commitment === 'limited');
    expect(added.length).toBeGreaterThan(0);
    expect(state.neutral).not.toContain('tu');
    expect(state.neutral).not.toContain('pe'); // 11.1.13: Persia opens with Turkey
    expect(state.units['tu-corps-1']!.loc).toBe('adrianople');
    expect(state.trenches.baghdad).toEqual({ side: 'cp', level: 1 });
    // Not on turn 1 (6.0 E.4).
    const early = started('commit-early');
    early.scenario = 'limited';
    early.warStatus.cp = 5;
    raiseCommitment(early, testLog());
    expect(commitmentOf(early, 'cp')).toBe('mobilization');
  });

  it('16.1.4: at war status 11 a side goes on to Total War, and its discards are shuffled into the new pile before drawing', () => {
    const state = started('commit-total');
    state.scenario = 'campaign';
    state.turn = 3;
    state.warStatus = { ap: 11, cp: 0 };
    state.decks.ap.discard = ['ap-2'];
    const log = testLog();
    raiseCommitment(state, log);
    expect(commitmentOf(state, 'ap')).toBe('total');
    const levels = new Set(state.decks.ap.draw.map((c) => card(c).commitment));
    expect(levels.has('limited') && levels.has('total')).toBe(true);
    reshuffleForCommitment(state, log, 'ap');
    expect(state.decks.ap.discard).toEqual([]);
    expect(state.decks.ap.draw).toContain('ap-2');
  });

  it('4.2.2, 9.5.2.1: a nation entering the war sets up by the Neutral Setup chart (Italy: four reduced armies)', () => {
    const state = started('italy');
    const free = enterWar(state, testLog(), 'it');
    expect(free).toEqual([]);
    expect(state.neutral).not.toContain('it');
    expect(state.units['it-army-1']).toMatchObject({ loc: 'verona', reduced: true });
    expect(state.units['it-army-2']).toMatchObject({ loc: 'udine', reduced: true });
    expect(state.units['it-army-5']!.loc).toBe('offmap');
    const reserve = Object.entries(state.units).filter(
      ([id, u]) => id.startsWith('it-corps') && u.loc === 'reserve',
    );
    expect(reserve).toHaveLength(4);
    const bulgaria = enterWar(state, testLog(), 'bu');
    expect(bulgaria).toHaveLength(4); // four corps for the player to set up elsewhere in Bulgaria
    expect(Object.values(state.units).filter((u) => u.loc === 'sofia')).toHaveLength(2);
  });

  it("9.5.2.2, 16.1.3.1: one neutral entry a turn for both sides together; Turkey's entry does not count", () => {
    const state = started('entries');
    enterWar(state, testLog(), 'tu');
    expect(neutralEntryOpen(state)).toBe(true);
    enterWar(state, testLog(), 'it');
    expect(neutralEntryOpen(state)).toBe(false);
  });
});
