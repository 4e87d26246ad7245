import { rngFromSeed, type Seat } from '@salient/engine';
import { games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/index.ts';
import { type Position, positionsOfGame } from './positions.ts';

/**
 * Issue 24, must show: the bot never reads hidden information. For a fixed bot seed, changing what
 * its seat cannot see (the other side's hand and the draw piles in Paths of Glory, the sealed
 * doctrine in Belle Epoque, the future dice and so the terrain still to be discovered, in every
 * game) leaves the seat's view, and so its decision, unchanged.
 */
// No time cap: on a loaded machine it would cut searches short at different points.
const BUDGET = { iterations: 12, depth: 4, breadth: 8, maxMs: Number.POSITIVE_INFINITY };

function decisionOf(gameId: string, state: object, seat: Seat, seed: string) {
  const game = games[gameId]!;
  return decide(game, game.view(state, seat), seat, { seed, budget: BUDGET }).action;
}

/** Positions with a real decision (more than one action), a few per game. */
function positions(
  gameId: string,
  scenario: string,
  want: (p: Position) => boolean,
  count: number,
): Position[] {
  const game = games[gameId]!;
  const out: Position[] = [];
  for (let g = 0; out.length < count && g < 6; g++)
    for (const p of positionsOfGame(game, scenario, `hidden-${g}`, count + 2))
      if (out.length < count && want(p)) out.push(p);
  expect(out.length).toBe(count);
  return out;
}

const otherDice = (state: object, seed: string) => ({ ...state, rng: rngFromSeed(seed) });

describe('changing what the seat cannot see leaves its decision unchanged', () => {
  for (const game of Object.values(games)) {
    const scenario = game.scenarios[0]!.id;
    it(`${game.id}: the future dice${game.id === 'belle-epoque' ? ', and so the terrain still to discover' : ''}`, {
      timeout: 60_000,
    }, () => {
      for (const [i, { state, seat }] of positions(game.id, scenario, () => true, 4).entries()) {
        const changed = otherDice(state, `other-dice-${i}`);
        expect(JSON.stringify(game.view(changed, seat))).toBe(JSON.stringify(game.view(state, seat)));
        expect(decisionOf(game.id, changed, seat, `h${i}`)).toEqual(
          decisionOf(game.id, state, seat, `h${i}`),
        );
      }
    });
  }

  it("Paths of Glory: the other side's hand and both draw piles", { timeout: 60_000 }, () => {
    type Deck = { draw: string[]; hand: string[] };
    const withHands = (p: Position) => {
      const decks = (p.state as { decks: Record<string, Deck> }).decks;
      const enemy = p.seat === 'ap' ? 'cp' : 'ap';
      return decks[enemy]!.hand.length > 0 && decks[enemy]!.draw.length > 0 && p.kind === 'action';
    };
    for (const [i, { state, seat }] of positions('paths-of-glory', 'introductory', withHands, 2).entries()) {
      const changed = structuredClone(state) as { decks: Record<string, Deck> };
      const enemy = changed.decks[seat === 'ap' ? 'cp' : 'ap']!;
      // Swap the enemy's whole hand with the top of its draw pile, and reverse both draw piles.
      const n = Math.min(enemy.hand.length, enemy.draw.length);
      const hand = enemy.hand.splice(0, n, ...enemy.draw.splice(0, n));
      enemy.draw.unshift(...hand);
      for (const deck of Object.values(changed.decks)) deck.draw.reverse();
      expect(JSON.stringify(changed)).not.toBe(JSON.stringify(state));
      const game = games['paths-of-glory']!;
      expect(JSON.stringify(game.view(changed, seat))).toBe(JSON.stringify(game.view(state, seat)));
      expect(decisionOf('paths-of-glory', changed, seat, `p${i}`)).toEqual(
        decisionOf('paths-of-glory', state, seat, `p${i}`),
      );
    }
  });

  it("Belle Epoque: the other side's sealed doctrine", { timeout: 60_000 }, () => {
    const game = games['belle-epoque']!;
    for (const scenario of game.scenarios) {
      let state = game.setup(scenario.id, {}, 'sealed');
      const [first, second] = game.status(state).toAct as [Seat, Seat];
      const sealedWith = (ids: string[]) => {
        const r = game.apply(state, first, { type: 'doctrine', change: ids });
        if (!r.ok) throw new Error(r.error.message);
        return r.state;
      };
      const options = game.choices(state, first)[0]!.params[0]!.options.map((o) => o.value as string);
      const none = sealedWith([]);
      const all = sealedWith(options);
      expect(JSON.stringify(all)).not.toBe(JSON.stringify(none));
      expect(JSON.stringify(game.view(all, second))).toBe(JSON.stringify(game.view(none, second)));
      expect(decisionOf(game.id, all, second, 'd')).toEqual(decisionOf(game.id, none, second, 'd'));
      state = none;
    }
  });

  it('the same seed and view give the same decision', { timeout: 60_000 }, () => {
    for (const game of Object.values(games)) {
      const [p] = positions(game.id, game.scenarios[0]!.id, () => true, 1);
      const view = game.view(p!.state, p!.seat);
      const a = decide(game, view, p!.seat, { seed: 'same', budget: BUDGET });
      const b = decide(game, view, p!.seat, { seed: 'same', budget: BUDGET });
      expect(b.action).toEqual(a.action);
      expect(b.value).toBe(a.value);
    }
  });

  it("Paths of Glory: a determinization deals exactly the cards the seat has not seen, in the piles' sizes", {
    timeout: 60_000,
  }, () => {
    type Deck = { draw: string[]; hand: string[] };
    const game = games['paths-of-glory']!;
    let checked = 0;
    for (let g = 0; g < 2; g++) {
      for (const { state, seat } of positionsOfGame(game, 'introductory', `deal-${g}`)) {
        const dealt = game.bot!.determinize!(game.view(state, seat), seat, rngFromSeed(`deal-${g}`)) as {
          decks: Record<string, Deck>;
        };
        const real = (state as { decks: Record<string, Deck> }).decks;
        for (const side of ['ap', 'cp']) {
          const unseen = (d: Deck) => [...d.draw, ...d.hand].sort();
          expect(unseen(dealt.decks[side]!)).toEqual(unseen(real[side]!));
          expect(dealt.decks[side]!.draw.length).toBe(real[side]!.draw.length);
          if (side === seat) expect(dealt.decks[side]!.hand).toEqual(real[side]!.hand);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('Belle Epoque: while both sides choose their doctrine at once, each searches its own decision', {
    timeout: 60_000,
  }, () => {
    const game = games['belle-epoque']!;
    const state = game.setup('encounter', {}, 'both');
    const seats = game.status(state).toAct;
    expect(seats.length).toBe(2);
    for (const seat of seats) {
      const d = decide(game, game.view(state, seat), seat, { seed: 'both', budget: BUDGET });
      expect(d.explored).toBeGreaterThan(1);
      expect(game.apply(state, seat, d.action).ok).toBe(true);
    }
  });
});
