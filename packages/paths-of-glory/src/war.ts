import type { EventLog } from '@salient/engine';
import { setLoc } from './cache.ts';
import { deckCards } from './cards.ts';
import { sideName } from './map.ts';
import { scenarioRules } from './scenarios.ts';
import { plainCorps, shuffleInPlace } from './setup.ts';
import { OFFMAP, type PogState, RESERVE, type Readable, type Side } from './types.ts';

/**
 * War and peace (16), the part that later scenarios build on: neutral nations entering the war with
 * the Neutral Setup chart, and war commitment levels bringing the Limited War and Total War cards
 * into the decks. The Introductory scenario never raises commitment (5.3.2) and has no entry card,
 * so neither happens in it; part 2 wires the entry cards and the other scenarios to these functions.
 */

export type Commitment = 'mobilization' | 'limited' | 'total';

interface NeutralPlacement {
  at: string;
  corps?: number;
  /** Named armies of the nation, set up reduced when `reduced`. */
  armies?: string[];
  reduced?: boolean;
  trench?: boolean;
}

/** The Neutral Setup chart: where each nation's units appear when it enters the war (4.2.2). */
export const NEUTRAL_SETUP: Record<string, { side: Side; fixed: NeutralPlacement[]; freeCorps: number }> = {
  bu: { side: 'cp', fixed: [{ at: 'sofia', corps: 2 }], freeCorps: 4 },
  gr: {
    side: 'ap',
    fixed: [
      { at: 'florina', corps: 1 },
      { at: 'larisa', corps: 1 },
      { at: 'athens', corps: 1 },
    ],
    freeCorps: 0,
  },
  it: {
    side: 'ap',
    fixed: [
      { at: RESERVE, corps: 4 },
      { at: 'turin', corps: 1 },
      { at: 'verona', armies: ['1'], reduced: true },
      { at: 'asiago', armies: ['4'], reduced: true },
      { at: 'maggiore', armies: ['3'], reduced: true },
      { at: 'udine', armies: ['2'], reduced: true },
      { at: 'rome', corps: 1 },
      { at: 'taranto', corps: 1 },
    ],
    freeCorps: 0,
  },
  ro: { side: 'ap', fixed: [{ at: 'bucharest', corps: 2 }], freeCorps: 4 },
  tu: {
    side: 'cp',
    fixed: [
      ...['adrianople', 'gallipoli', 'constantinople', 'balikesir', 'ankara', 'adana', 'rize', 'erzerum'].map(
        (at) => ({ at, corps: 1 }),
      ),
      { at: 'giresun', trench: true },
      { at: 'van', corps: 1 },
      { at: 'mosul', corps: 1 },
      { at: 'baghdad', corps: 1, trench: true },
      { at: 'damascus', corps: 1 },
      { at: 'gaza', corps: 1, trench: true },
      { at: 'medina', corps: 1 },
    ],
    freeCorps: 0,
  },
};

/**
 * A neutral nation enters the war (9.5.2.1, 16.1.3.1): its spaces open (11.1.11), its units are set
 * up by the Neutral Setup chart, and Turkey's entry opens Persia to both sides (11.1.13). Bulgaria
 * and Romania also get four corps to set up one a space elsewhere in their country: they are
 * returned for the caller to have placed (part 2's entry events).
 */
export function enterWar(state: PogState, log: EventLog, nation: string): string[] {
  // 9.5.2.2: one entry event a turn, whichever side; Turkey's entry with Limited War does not count (16.1.3.1).
  if (nation !== 'tu') state.turnFlags.push('neutral-entry');
  state.neutral = state.neutral.filter((n) => n !== nation && !(nation === 'tu' && n === 'pe'));
  const free = placeNeutralUnits(state, nation);
  log.add({ type: 'neutralEntry', text: `${NATION_LABEL[nation] ?? nation} enters the war`, nation });
  return free;
}

/**
 * Sets a nation's units up by the Neutral Setup chart (4.2.2) and returns the free corps Bulgaria and
 * Romania still place. Salonika's limited Greek entry (9.5.2.4) uses it alone: the units stand on the
 * map while Greece stays neutral.
 */
export function placeNeutralUnits(state: PogState, nation: string): string[] {
  const setup = NEUTRAL_SETUP[nation];
  if (!setup) return [];
  const corps = plainCorps(nation).filter((c) => state.units[c]!.loc === OFFMAP);
  for (const p of setup.fixed) {
    for (const a of p.armies ?? []) {
      const id = `${nation}-army-${a}`;
      setLoc(state, id, p.at);
      state.units[id]!.reduced = p.reduced === true;
    }
    for (let i = 0; i < (p.corps ?? 0); i++) {
      const id = corps.shift();
      if (id === undefined) break;
      setLoc(state, id, p.at);
      state.units[id]!.reduced = p.reduced === true;
    }
    if (p.trench) state.trenches[p.at] = { side: setup.side, level: 1 };
  }
  return corps.slice(0, setup.freeCorps);
}

const NATION_LABEL: Record<string, string> = {
  bu: 'Bulgaria',
  gr: 'Greece',
  it: 'Italy',
  ro: 'Romania',
  tu: 'Turkey',
};

/** 9.5.2.2: whether a Neutral Entry event may still be played this turn (for part 2's entry cards). */
export const neutralEntryOpen = (state: Readable) => !state.turnFlags.includes('neutral-entry');

/**
 * The Combined War Status (9.5.1.3, 16.2): every war status number played raises it. A side's own
 * marker never falls (16.1.5) and past Total War only the combined one matters (16.1.6), so the sum
 * of both sides' markers is the combined status.
 */
export const combinedWarStatus = (state: Readable) => state.warStatus.ap + state.warStatus.cp;

/** A side's war commitment level, read from the cards its decks hold (9.1.2, 16.1). */
export function commitmentOf(state: Readable, side: Side): Commitment {
  return state.commitment?.[side] ?? 'mobilization';
}

/**
 * War Status Phase E.4 (16.1.2-16.1.4): from turn 2, except in the Introductory scenario (5.3.2), a
 * side at war status 4 reaches Limited War and one at 11 Total War; the new cards join its draw pile,
 * which is shuffled with the discards before drawing (6.0 G). The Central Powers reaching Limited
 * War brings Turkey in (16.1.3.1).
 */
export function raiseCommitment(state: PogState, log: EventLog): void {
  if (!scenarioRules(state).commitment || state.turn < 2) return;
  for (const side of ['ap', 'cp'] as Side[]) {
    const levels: Commitment[] = ['mobilization', 'limited', 'total'];
    let level = commitmentOf(state, side);
    const target: Commitment =
      state.warStatus[side] >= 11 ? 'total' : state.warStatus[side] >= 4 ? 'limited' : level;
    while (levels.indexOf(level) < levels.indexOf(target)) {
      level = levels[levels.indexOf(level) + 1]!;
      state.decks[side].draw.push(...deckCards(side, state.optionalCards, level));
      state.commitment = {
        ...(state.commitment ?? { ap: 'mobilization', cp: 'mobilization' }),
        [side]: level,
      };
      if (!state.turnFlags.includes(`reshuffle-${side}`)) state.turnFlags.push(`reshuffle-${side}`);
      log.add({
        type: 'commitment',
        text: `${sideName(side)} reach ${level === 'limited' ? 'Limited War' : 'Total War'}`,
        side,
        level,
      });
      if (side === 'cp' && level === 'limited' && state.neutral.includes('tu')) enterWar(state, log, 'tu');
    }
  }
}

/** 16.1.3-16.1.4: after combat cards are thrown away, a side whose commitment rose this turn shuffles its discards into its draw pile. */
export function reshuffleForCommitment(state: PogState, log: EventLog, side: Side): void {
  if (!state.turnFlags.includes(`reshuffle-${side}`)) return;
  const deck = state.decks[side];
  deck.draw.push(...deck.discard);
  deck.discard = [];
  shuffleInPlace(deck.draw, log.rng);
  log.add({ type: 'reshuffle', text: `${sideName(side)} shuffle the new cards into their draw pile`, side });
}

/** The Allied entry cards of 9.5.2.5: Romania (AP 16) and Italy (AP 17). */
export const LATE_ENTRY_CARDS = ['ap-16', 'ap-17'];

/**
 * 9.5.2.5: while the Central Powers are at Total War and the Allies are not, the Allies may play the
 * Romania and Italy cards only as their events; they may throw them away before drawing like combat
 * cards. The lock lifts once the Allies are at Total War.
 */
export function lateEntryLocked(state: Readable, cardId: string): boolean {
  return (
    LATE_ENTRY_CARDS.includes(cardId) &&
    commitmentOf(state, 'cp') === 'total' &&
    commitmentOf(state, 'ap') !== 'total'
  );
}
