import { type Action, randomPlayout, replay } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { hurriedPlayer } from '../src/bot.ts';
import { loos } from '../src/index.ts';
import { MAP } from '../src/map.ts';
import { BATTALION_COUNTERS } from '../src/scenario/forces.ts';
import { isOnMap, type LoosState } from '../src/state.ts';
import { canStack, maxSteps, Occupancy } from '../src/units.ts';

/** Every invariant of a Loos position; throws with the first one broken. */
function checkInvariants(s: LoosState, after: Action): void {
  const fail = (what: string) => {
    throw new Error(`${what} after ${JSON.stringify(after)}`);
  };
  const occupancy = new Occupancy(s);
  for (const [hex, units] of occupancy.hexes()) {
    if (!MAP.has(hex)) fail(`unit off the map in ${hex}`);
    if (s.phase.kind !== 'deployment' && !canStack(units)) fail(`illegal stack in ${hex}`);
    if (units.filter((u) => !u.reserve).length !== 1) fail(`hex ${hex} has no single front-line unit`);
    if (units[0]!.side === 'german' && MAP.frontLine.has(hex))
      fail(`German unit in the British front line ${hex}`);
    if (MAP.townOfHex.has(hex) && s.britishHexes.includes(hex) !== (units[0]!.side === 'british')) {
      fail(`town hex ${hex} is held by one side and controlled by the other`);
    }
  }
  for (const unit of s.units) {
    if (isOnMap(unit) && (unit.steps < 1 || unit.steps > maxSteps(unit)))
      fail(`${unit.id} has ${unit.steps} steps`);
    if (unit.loc === 'eliminated' && unit.steps !== 0) fail(`eliminated ${unit.id} keeps steps`);
  }
  // Battalion counters are conserved (13.2): on the map, set aside for set-up, or in the deadpile.
  const counters = s.units.filter(
    (u) =>
      (u.kind === 'battalion' && u.loc !== 'eliminated') ||
      (u.kind === 'replacement' && isOnMap(u)) ||
      (u.kind === 'regiment' && u.steps === 1 && isOnMap(u)),
  ).length;
  if (counters + s.deadpile !== BATTALION_COUNTERS)
    fail(`${counters} battalion counters in play and ${s.deadpile} in the deadpile`);
  if (new Set(s.britishHexes).size !== s.britishHexes.length) fail('a town hex is listed twice');
  if (s.outcome === null && loos.status(s).toAct.length !== 1) fail('nobody is to act');
  if (s.outcome !== null && s.phase.kind !== 'ended') fail('the game is over but play goes on');
}

const GAMES = 10;

describe('Loos played to the end by random players', () => {
  const games = Array.from({ length: GAMES }, (_, i) => {
    let actions = 0;
    let viewChecks = 0;
    const result = randomPlayout(loos, 'loos-1915', `property-${i}`, `player-${i}`, {
      policy: hurriedPlayer,
      afterAction: (state, action) => {
        const s = state as LoosState;
        checkInvariants(s, action);
        actions++;
        // What a seat may do depends only on what it may see.
        if (actions % 7 === 0) {
          for (const seat of ['british', 'german']) {
            viewChecks++;
            expect(loos.choices(loos.view(s, seat), seat)).toEqual(loos.choices(s, seat));
          }
        }
      },
    });
    return { ...result, seed: `property-${i}`, viewChecks };
  });

  it('ends every game with an outcome, keeping every invariant after every action', () => {
    for (const game of games) {
      expect(game.outcome).not.toBeNull();
      expect(game.viewChecks).toBeGreaterThan(0);
    }
    // The random players fight it out to the end of Turn 8 in most games.
    expect(games.filter((g) => g.state.turn === 8).length).toBeGreaterThan(GAMES / 2);
  });

  it('replays every game from its seed and actions to a byte-identical final state', () => {
    for (const game of games) {
      const replayed = replay(loos, {
        game: 'loos',
        scenario: 'loos-1915',
        options: {},
        seed: game.seed,
        actions: game.actions,
      });
      expect(JSON.stringify(replayed)).toBe(JSON.stringify(game.state));
    }
  });

  it('gives a different game for a different seed', () => {
    expect(JSON.stringify(games[0]!.state)).not.toBe(JSON.stringify(games[1]!.state));
  });

  it('never shows the dice generator to a seat or a spectator', () => {
    for (const game of games) {
      for (const seat of ['british', 'german', null]) {
        const view = loos.view(game.state, seat);
        expect('rng' in view).toBe(false);
        expect(JSON.stringify(view)).not.toContain(JSON.stringify(game.state.rng));
      }
    }
  });

  // One whole game with a check per unit per step: seconds on a busy machine, bounded by the game.
  it('shares the units a step leaves unchanged with the state before it, and no later step alters them', () => {
    let state = loos.setup('loos-1915', {}, games[0]!.seed);
    const seen: { state: LoosState; json: string }[] = [{ state, json: JSON.stringify(state) }];
    let shared = 0;
    for (const { seat, action } of games[0]!.actions) {
      const result = loos.apply(state, seat, action);
      if (!result.ok) throw new Error(result.error.message);
      result.state.units.forEach((unit, i) => {
        const was = state.units[i]!;
        const alike = JSON.stringify(unit) === JSON.stringify(was);
        expect(unit === was).toBe(alike);
        if (alike) shared++;
      });
      state = result.state;
      seen.push({ state, json: JSON.stringify(state) });
    }
    expect(shared).toBeGreaterThan(0);
    // Every position of the game is still what it was when it was reached.
    for (const s of seen) expect(JSON.stringify(s.state)).toBe(s.json);
  }, 30_000);

  it('lets every roll and revelation stand: actions that rolled are not undoable', () => {
    let state = loos.setup('loos-1915', {}, games[0]!.seed);
    let rolled = 0;
    for (const { seat, action } of games[0]!.actions) {
      const result = loos.apply(state, seat, action);
      if (!result.ok) throw new Error(result.error.message);
      const rolls = result.events.some((e) => e.type === 'roll');
      expect(result.undoable).toBe(!rolls);
      if (rolls) rolled++;
      state = result.state;
    }
    expect(rolled).toBeGreaterThan(10);
  });
});
