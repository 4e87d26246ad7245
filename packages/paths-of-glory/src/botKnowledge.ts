import { type BotKnowledge, nextUint32, type RngState, type Seat } from '@salient/engine';
import { purposefulPlayer } from './bot.ts';
import { deckCards } from './cards.ts';
import { CARDS } from './data/index.ts';
import { shuffleInPlace } from './setup.ts';
import {
  type Deck,
  ELIMINATED,
  other,
  type PogState,
  type PogView,
  REMOVED,
  type Readable,
  type Side,
} from './types.ts';
import { sideOf } from './units.ts';
import { commitmentOf } from './war.ts';

const LEVELS = ['mobilization', 'limited', 'total'] as const;
const CARD_IDS = new Set(CARDS.map((c) => c.id));

/** Every card a side's deck holds at its commitment level (16.1), wherever each card now is. */
function deckUniverse(view: PogView, side: Side): string[] {
  const level = commitmentOf(view, side);
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1).flatMap((l) => deckCards(side, view.optionalCards, l));
}

/** Card ids the phase holds (the card of the operation under way, combat cards in play). */
function cardsInPlay(view: PogView): Set<string> {
  const found = new Set<string>();
  JSON.stringify(view.phase, (_k, v: unknown) => {
    if (typeof v === 'string' && CARD_IDS.has(v)) found.add(v);
    return v;
  });
  return found;
}

/**
 * A full state `seat` cannot tell apart from the real one: both sides' unseen cards (the draw piles'
 * order, and the other side's hand) dealt at random from what the seat has not seen, a fresh dice
 * generator, and everything else as the view shows it. The seat's own hand and every discard,
 * removed and table card stay where it saw them; the piles keep the sizes the view gives.
 */
export function determinize(view: PogView, seat: Seat, rng: RngState): PogState {
  const { viewer: _viewer, decks: viewDecks, ...rest } = view;
  const inPlay = cardsInPlay(view);
  const decks = {} as Record<Side, Deck>;
  for (const side of ['ap', 'cp'] as Side[]) {
    const d = viewDecks[side];
    const own = side === seat && d.hand !== undefined;
    const seen = new Set([...d.discard, ...d.removed, ...d.table, ...(own ? d.hand! : []), ...inPlay]);
    const unseen = deckUniverse(view, side).filter((c) => !seen.has(c));
    shuffleInPlace(unseen, rng);
    const hand = own ? [...d.hand!] : unseen.splice(0, d.handCount);
    const draw = unseen.splice(0, d.drawCount);
    decks[side] = { draw, hand, discard: [...d.discard], removed: [...d.removed], table: [...d.table] };
  }
  const dice: RngState = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1];
  return { ...rest, decks, rng: dice } as PogState;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Steps lost by a side: a reduced unit one, an eliminated one two. */
function losses(state: Readable, side: Side): number {
  let n = 0;
  for (const [id, u] of Object.entries(state.units)) {
    if (sideOf(id) !== side) continue;
    if (u.loc === ELIMINATED || u.loc === REMOVED) n += 2;
    else if (u.reduced) n += 1;
  }
  return n;
}

/**
 * The Central Powers' expected score (a win 1, a draw one half) from the VP track: they win at 14
 * or more, the Allies at 10 or fewer (the introductory scenario's thresholds), with each side's
 * losses in steps and war status counted as VP still to come.
 */
export function centralChance(state: Readable): number {
  const vp =
    state.vp +
    0.25 * (losses(state, 'ap') - losses(state, 'cp')) +
    0.2 * (state.warStatus.cp - state.warStatus.ap);
  return 0.5 * (sigmoid((vp - 10.5) / 0.8) + sigmoid((vp - 13.5) / 0.8));
}

/** The search bot's knowledge of Paths of Glory (engine BotKnowledge). */
export const pogBotKnowledge: BotKnowledge<PogState, PogView> = {
  determinize,
  evaluate(state, seat) {
    const p = centralChance(state);
    return seat === 'cp' ? p : seat === other('cp') ? 1 - p : 0.5;
  },
  playout: purposefulPlayer,
  /** An action here (supply, the purposeful player's path-finding) costs several of another game's. */
  cost: 4,
};
