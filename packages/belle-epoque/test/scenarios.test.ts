import { EventLog, rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { grid } from '../src/grid.ts';
import { discover, terrainFromDie } from '../src/sight.ts';
import { MAX_STANDS } from '../src/tables.ts';
import type { BeState } from '../src/types.ts';
import { endOfTurnOutcome, isBroken, victoryPoints, wipeOut } from '../src/victory.ts';
import { game, lab, play, started, unit } from './helpers.ts';

function standsOf(state: BeState, side: string): number {
  return state.units.filter((u) => u.side === side).reduce((n, u) => n + u.stands, 0);
}

describe('Mustering: stand limits per type', () => {
  it('keeps every scenario unit within its kind limit, one unit per sector', () => {
    for (const scenario of game.scenarios) {
      const state = game.setup(scenario.id, {}, 'muster');
      for (const u of state.units) expect(u.stands).toBeLessThanOrEqual(MAX_STANDS[u.kind]);
      const hexes = state.units.map((u) => u.hex);
      expect(new Set(hexes).size).toBe(hexes.length);
    }
    expect(MAX_STANDS).toEqual({ infantry: 4, tribesmen: 6, cavalry: 3, mountedInfantry: 3 });
  });
});

describe('Encounter scenario: 13 x 9 sectors, 24-36 stands, terrain discovered by die roll', () => {
  it('is played on 13 by 9 sectors with 24 to 36 stands a side deployed on their own edges', () => {
    const board = game.board('encounter');
    expect(board.topology).toEqual({ kind: 'hex', grid: { columns: 13, rows: 9, downColumns: 'even' } });
    expect(board.terrain).toEqual({});
    expect(board.terrainKinds[0]!.id).toBe('unknown');
    const state = game.setup('encounter', {}, 'e');
    for (const side of state.seats) {
      expect(standsOf(state, side)).toBeGreaterThanOrEqual(24);
      expect(standsOf(state, side)).toBeLessThanOrEqual(36);
      const row = state.home[side] === 'south' ? '09' : '01';
      for (const u of state.units.filter((x) => x.side === side)) expect(u.hex!.slice(2)).toBe(row);
    }
  });

  it('rolls 1-4 open, 5 hill, 6 dense woods', () => {
    expect([1, 2, 3, 4, 5, 6].map(terrainFromDie)).toEqual(['open', 'open', 'open', 'open', 'hill', 'woods']);
  });

  it('rolls the sectors units can see at setup, and hides the rest from every view', () => {
    let state: BeState | null = null;
    for (let i = 0; i < 50 && !state; i++) {
      const s = game.setup('encounter', {}, `hidden-${i}`);
      if (Object.keys(s.terrain).length < grid.ids.length) state = s;
    }
    if (!state) throw new Error('no seed left a sector hidden');
    for (const u of state.units) expect(state.terrain[u.hex!]).toBeDefined();
    const hidden = grid.ids.filter((h) => state.terrain[h] === undefined);
    for (const seat of [...state.seats, null]) {
      const view = game.view(state, seat);
      expect(Object.keys(view.terrain).sort()).toEqual(Object.keys(state.terrain).sort());
      expect('rng' in view).toBe(false);
      const unexplored = game
        .present(view, seat)
        .markers.filter((m) => m.kind === 'unexplored')
        .map((m) => m.loc);
      expect(unexplored.sort()).toEqual(hidden.sort());
    }
  });

  it('discovers new sectors by die roll as a unit moves, which makes the move irreversible', () => {
    const state = lab({ b1: '0709', r1: '0201' });
    state.hiddenTerrain = true;
    state.terrain = { '0709': 'open', '0708': 'open' };
    const passed = (() => {
      for (let i = 0; ; i++) {
        const trial = structuredClone(state);
        trial.rng = rngFromSeed(`pass-${i}`);
        const r = game.apply(trial, 'blue', { type: 'activate', unit: 'b1', cp: 0 });
        if (r.ok && r.state.phase.kind === 'activation' && r.state.phase.act.test === 'passed')
          return r.state;
      }
    })();
    const moved = play(passed, 'blue', { type: 'move', to: '0708' });
    const discoveries = moved.events.filter((e) => e.type === 'roll' && e.purpose === 'discovery');
    expect(discoveries.length).toBeGreaterThan(0);
    expect(Object.keys(moved.state.terrain).length).toBe(2 + discoveries.length);
    expect(moved.undoable).toBe(false);
  });

  it('does not see past dense woods: the sectors behind stay undiscovered', () => {
    const state = lab({ b1: '0707', r1: '0201' });
    state.hiddenTerrain = true;
    state.terrain = { '0707': 'open', '0706': 'woods' };
    for (const id of grid.ids)
      if (grid.distance(id, '0707') === 1 && id !== '0706') state.terrain[id] = 'woods';
    discover(state, new EventLog(rngFromSeed('woods')));
    expect(state.terrain['0705']).toBeUndefined();
    expect(state.terrain['0201']).toBeDefined();
  });
});

describe('Rossignol 1914 scenario', () => {
  it('sets conspicuous, dashing French colonial infantry against the German VI Corps on known ground', () => {
    const state = game.setup('rossignol-1914', {}, 'r');
    expect(state.seats).toEqual(['french', 'german']);
    expect(Object.keys(state.terrain)).toHaveLength(grid.ids.length);
    const french = state.units.filter((u) => u.side === 'french' && u.kind === 'infantry');
    expect(french.length).toBe(4);
    for (const u of french) expect(u.ratings).toEqual(expect.arrayContaining(['conspicuous', 'dashing']));
    expect(state.terrain['0706']).toBe('village');
    expect(state.generals).toEqual({ french: 'mediocre', german: 'average' });
    for (const f of state.units.filter((u) => u.side === 'french')) {
      for (const g of state.units.filter((u) => u.side === 'german')) {
        expect(grid.distance(f.hex!, g.hex!)).toBeGreaterThan(1);
      }
    }
    expect(game.board('rossignol-1914').terrain['0706']).toBe('village');
  });
});

describe('Victory conditions', () => {
  it('counts a point per enemy stand destroyed plus the objectives held', () => {
    const state = started('rossignol-1914');
    expect(victoryPoints(state, 'french')).toBe(7);
    expect(victoryPoints(state, 'german')).toBe(3);
    unit(state, 'f1').stands = 1;
    expect(victoryPoints(state, 'german')).toBe(6);
  });

  it('breaks an army that has lost half its stands at the end of the turn', () => {
    const state = started('encounter');
    for (const id of ['b1', 'b2', 'b3']) unit(state, id).stands = 0;
    expect(isBroken(state, 'blue')).toBe(false);
    unit(state, 'b4').stands = 1;
    expect(isBroken(state, 'blue')).toBe(true);
    expect(endOfTurnOutcome(state)).toMatchObject({ winner: 'red' });
  });

  it("breaks each army at its scenario's breaking point (ruling 28)", () => {
    const encounter = started('encounter');
    unit(encounter, 'r1').stands = 0;
    unit(encounter, 'r2').stands = 0;
    unit(encounter, 'r3').stands = 0;
    unit(encounter, 'r4').stands = 2;
    // Red has lost 14 stands of 30: below half, but its breaking point.
    expect(isBroken(encounter, 'red')).toBe(true);
    unit(encounter, 'r4').stands = 3;
    expect(isBroken(encounter, 'red')).toBe(false);
    const rossignol = started('rossignol-1914');
    unit(rossignol, 'f1').stands = 0;
    unit(rossignol, 'f2').stands = 0;
    unit(rossignol, 'f3').stands = 3;
    // The French have lost 9 stands of 18, half, but break only at 10.
    expect(isBroken(rossignol, 'french')).toBe(false);
    unit(rossignol, 'f3').stands = 2;
    expect(isBroken(rossignol, 'french')).toBe(true);
    expect(endOfTurnOutcome(rossignol)).toMatchObject({
      winner: 'german',
      reason: 'the french army broke, having lost 10 stands of 18',
    });
    const tracks = game.present(game.view(rossignol, null), null).tracks;
    expect(tracks.find((t) => t.id === 'lost-french')?.value).toBe('10 (breaks at 10)');
    expect(tracks.find((t) => t.id === 'lost-german')?.value).toBe('0 (breaks at 12)');
  });

  it('ends the game on points after the last turn, and at once when an army is wiped out', () => {
    const state = started('encounter');
    state.turn = state.lastTurn;
    state.objectives['0705']!.holder = 'red';
    expect(endOfTurnOutcome(state)).toMatchObject({ winner: 'red' });
    state.objectives['0705']!.holder = null;
    expect(endOfTurnOutcome(state)).toMatchObject({ winner: null });
    for (const u of state.units) if (u.side === 'blue') u.hex = null;
    expect(wipeOut(state)).toMatchObject({ winner: 'red' });
  });

  it('gives an objective to the last side to end an activation in it', () => {
    const state = lab({ b1: '0706', r1: '0201' });
    const moved = play(play(state, 'blue', { type: 'activateBasic', unit: 'b1' }).state, 'blue', {
      type: 'move',
      to: '0705',
    });
    expect(moved.state.objectives['0705']!.holder).toBeNull();
    const ended = play(moved.state, 'blue', { type: 'endActivation' }).state;
    expect(ended.objectives['0705']!.holder).toBe('blue');
    expect(game.present(game.view(ended, null), null).control['0705']).toBe('blue');
  });
});

describe('Presentation for a generic board', () => {
  it('shows stands as factors, command points and bowl tokens by side as tracks', () => {
    const state = started('encounter', 'present');
    const shown = game.present(game.view(state, 'blue'), 'blue');
    expect(shown.pieces).toHaveLength(16);
    expect(shown.pieces.find((p) => p.id === 'b1')?.factors).toBe('4/4 B');
    const tracks = Object.fromEntries(shown.tracks.map((t) => [t.id, t.value]));
    expect(tracks['cp-blue']).toBe(String(state.cp.blue));
    expect(tracks['bowl-red']).toBe(String(state.bowl.red));
    expect(tracks.turn).toBe('1 of 8');
  });

  it('names the sides as their players read them in tracks, the home edges and the drawn token, never by seat id', () => {
    const state = started('encounter', 'present');
    const shown = game.present(game.view(state, 'blue'), 'blue');
    const labels = Object.fromEntries(shown.tracks.map((t) => [t.id, t.label]));
    expect(labels['cp-blue']).toBe('Blue command points');
    expect(labels['vp-red']).toBe('Red victory points');
    const edges = game.board('encounter').overlays.filter((o) => o.id.startsWith('edge-'));
    expect(edges.map((o) => o.label)).toEqual(['Blue home edge', 'Red home edge']);
    for (const t of shown.tracks) expect(`${t.label} ${t.value}`).not.toMatch(/\b(blue|red)\b/);
  });
});
