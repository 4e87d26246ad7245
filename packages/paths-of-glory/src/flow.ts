import type { EventLog } from '@salient/engine';
import { touched } from './cache.ts';
import { cardName, handOf } from './cards.ts';
import { takeControl } from './control.ts';
import { CARDS, card, type RpNation, SPACES, UNITS } from './data/index.ts';
import { besieged, fortSide, intactFort } from './forts.ts';
import { eliminate } from './losses.ts';
import { sideName, turnInfo } from './map.ts';
import { beachheadOf, MEF_SPACES } from './mef.ts';
import { replacementOptions } from './replacements.ts';
import { finalVerdict, scenarioRules } from './scenarios.ts';
import { handSizeOf, shuffleInPlace } from './setup.ts';
import { isNeutralSpace, supplyOf } from './supply.ts';
import { MANDATE_TABLE } from './tables.ts';
import { type ActionKind, type Mandate, other, type PogState, type Readable, type Side } from './types.ts';
import { onMap, sideOf, unitsIn } from './units.ts';
import {
  combinedWarStatus,
  commitmentOf,
  lateEntryLocked,
  raiseCommitment,
  reshuffleForCommitment,
} from './war.ts';

export const ROUNDS = 6;

const NATION_NAMES: Record<string, string> = {
  ah: 'Austria-Hungary',
  br: 'Britain',
  fr: 'France',
  ge: 'Germany',
  it: 'Italy',
  ru: 'Russia',
  tu: 'Turkey',
};

/** Whether a nation's capital is in enemy hands (7.1.2): both Vienna and Budapest for Austria-Hungary. */
function capitalLost(state: Readable, nation: string): boolean {
  const capitals = SPACES.filter((s) => s.capital && s.nation === nation).map((s) => s.id);
  if (capitals.length === 0) return false;
  const owner = SPACES.find((s) => s.id === capitals[0])!.faction;
  return capitals.every((c) => state.control[c] !== owner);
}

/** Nations whose offensives later events cancel for good (7.1.10, 7.1.11; cards of part 2's decks). */
function mandateIgnored(state: Readable, nation: string): boolean {
  if (nation === 'ge') return state.played.includes('h_l_take_command');
  if (nation === 'ru') return state.played.includes('bolshevik_revolution');
  return false;
}

/**
 * One side's Mandated Offensive for a die (7.1.1-7.1.2, 7.1.6, 7.1.9): Hoffmann adds one to the
 * Central Powers' die (held at 6); "AH (It)" counts as "AH" while Italy is neutral or Rome is the
 * Central Powers'; a nation whose capital the enemy holds shifts the result one box to the right
 * (as many times as needed, "none" ending it); a neutral nation or "none" means no offensive.
 */
export function mandateFor(state: Readable, side: Side, die: number): Mandate {
  const table = MANDATE_TABLE[side];
  const modified = side === 'cp' && state.played.includes('hoffmann') ? Math.min(6, die + 1) : die;
  let index = modified - 1;
  for (;;) {
    let nation = table[index] ?? null;
    if (nation === null) return { nation: null, made: true };
    let italianFront = false;
    if (nation === 'ah-it') {
      const italyOut = state.neutral.includes('it') || state.control.rome === 'cp';
      nation = 'ah';
      italianFront = !italyOut;
    }
    if (capitalLost(state, nation) && index < table.length - 1) {
      index++;
      continue;
    }
    if (state.neutral.includes(nation) || mandateIgnored(state, nation) || capitalLost(state, nation))
      return { nation: null, made: true };
    return italianFront ? { nation, made: false, italianFront } : { nation, made: false };
  }
}

/** Mandated Offensive Phase (6.0 A, 7.1): each side rolls on its table. */
export function rollMandates(state: PogState, log: EventLog): void {
  for (const side of ['cp', 'ap'] as Side[]) {
    const die = log.die('mandate', `${sideName(side)} Mandated Offensive`);
    let mandate = mandateFor(state, side, die);
    // 5.7.4.5: in the historical scenario a British offensive on turn 1 is a French one.
    if (side === 'ap' && state.turn === 1 && state.rules?.historical && mandate.nation === 'br')
      mandate = { nation: 'fr', made: false };
    // 7.1.8: once French Mutiny is played, French offensives are mutinies.
    if (side === 'ap' && mandate.nation === 'fr' && state.played.includes('french_mutiny'))
      mandate = { nation: 'fr', made: true, mutiny: true };
    state.mandates[side] = mandate;
    const nation = mandate.nation;
    const where = mandate.italianFront ? ' on the Italian front' : '';
    log.add({
      type: 'mandate',
      text: `${sideName(side)}: ${nation ? `${NATION_NAMES[nation] ?? nation} must attack this turn${where}` : 'no mandated offensive'}`,
      side,
      nation,
    });
  }
}

export function startTurn(state: PogState, log: EventLog): void {
  state.actions = { ap: [], cp: [] };
  state.reinforced = [];
  state.turnFlags = [];
  state.usedThisRound = [];
  log.add({ type: 'turn', text: `Turn ${state.turn}: ${turnInfo(state.turn).name}`, turn: state.turn });
  rollMandates(state, log);
  state.phase = { kind: 'action', side: 'cp' };
}

/** Records a side's action for the round and hands play on (8.1); after six rounds each, the turn's later phases run. */
export function actionDone(state: PogState, log: EventLog, side: Side, kind: ActionKind): void {
  // Card CP 25: the Allied action after High Seas Fleet settles it (Grand Fleet, AP 33, clears the flag).
  if (side === 'ap' && state.turnFlags.includes('high-seas-fleet')) {
    state.turnFlags = state.turnFlags.filter((f) => f !== 'high-seas-fleet');
    state.vp += 1;
    log.add({ type: 'vp', text: `The High Seas Fleet sortie goes unanswered: VP ${state.vp}`, vp: state.vp });
  }
  state.actions[side].push(kind);
  state.usedThisRound = [];
  // Events lasting an action round (src/roundEffects.ts) end with it.
  if (state.turnFlags.some((f) => f.startsWith('round:')))
    state.turnFlags = state.turnFlags.filter((f) => !f.startsWith('round:'));
  if (state.outcome) return;
  if (state.actions.ap.length >= ROUNDS && state.actions.cp.length >= ROUNDS) {
    endActionPhase(state, log);
    return;
  }
  const next = other(side);
  state.phase = { kind: 'action', side: state.actions[next].length < ROUNDS ? next : side };
}

/** Attrition Phase (6.0 C, 14.3.5-14.3.6): out-of-supply units die, unsupplied spaces change hands, both sides at once. */
export function attritionPhase(state: PogState, log: EventLog): void {
  const supply = supplyOf(state);
  // Greek units of a limited entry (9.5.2.4) are neutral and suffer no attrition; Turkish units in
  // Medina are always supplied for attrition (14.1.5).
  const doomed = UNITS.filter(
    (u) =>
      onMap(state.units[u.id]!.loc) &&
      !supply.unitSupplied(u.id) &&
      !isNeutralSpace(state, state.units[u.id]!.loc) &&
      !(u.nation === 'tu' && state.units[u.id]!.loc === 'medina'),
  ).map((u) => u.id);
  const lostSpaces: string[] = [];
  for (const s of SPACES) {
    const owner = state.control[s.id]!;
    // Neutral spaces are out of play; Serbian spaces change hands only by entry (14.3.6's
    // exception); the MEF spaces are no part of the map until the beachhead stands in one (11.1.10).
    if (isNeutralSpace(state, s.id) || s.nation === 'sb') continue;
    if (MEF_SPACES.includes(s.id) && beachheadOf(state) !== s.id) continue;
    if (intactFort(state, s.id) && fortSide(s.id) === owner) continue;
    if (!supply.spaceSupplied(owner, s.id)) lostSpaces.push(s.id);
  }
  const hit = new Set<string>();
  for (const id of doomed) {
    hit.add(state.units[id]!.loc);
    eliminate(state, log, id, 'out of supply in the Attrition Phase');
  }
  for (const s of lostSpaces) {
    const owner = state.control[s]!;
    // A space keeps its owner while the owner's units still stand in it.
    if (unitsIn(state, s).some((u) => sideOf(u) === owner)) continue;
    hit.add(s);
    takeControl(state, log, s, other(owner));
  }
  // 11.2.7: attrition wears trenches down, except in an intact fort's space.
  for (const s of hit) {
    const trench = state.trenches[s];
    if (!trench || intactFort(state, s)) continue;
    if (trench.level === 2) state.trenches[s] = { side: trench.side, level: 1 };
    else delete state.trenches[s];
  }
}

/** Siege Phase (6.0 D, 15.3): a die above a besieged fort's LF (-2 in 1914's one-month turns) destroys it. */
export function siegePhase(state: PogState, log: EventLog): void {
  for (const s of SPACES) {
    if (!besieged(state, s.id)) continue;
    const die = log.die('siege', `Siege of ${s.name}`);
    const modified = state.turn <= 2 ? die - 2 : die;
    if (modified > s.fort) {
      state.destroyedForts.push(s.id);
      touched(state);
      log.add({ type: 'fortFalls', text: `The fort of ${s.name} surrenders`, space: s.id });
      takeControl(state, log, s.id, other(fortSide(s.id)));
    } else log.add({ type: 'fortHolds', text: `The fort of ${s.name} holds`, space: s.id });
  }
}

/** War Status Phase (6.0 E): the VP table's end-of-turn items, then automatic victory (5.2). */
export function warStatusPhase(state: PogState, log: EventLog): void {
  for (const side of ['ap', 'cp'] as Side[]) {
    const m = state.mandates[side];
    if (m.nation !== null && !m.made) {
      state.vp += side === 'cp' ? -1 : 1;
      log.add({
        type: 'vp',
        text: `${sideName(side)} missed their Mandated Offensive: VP ${state.vp}`,
        vp: state.vp,
      });
    }
  }
  if (state.played.includes('blockade') && turnInfo(state.turn).season === 'winter') {
    state.vp -= 1;
    log.add({ type: 'vp', text: `The blockade: VP ${state.vp}`, vp: state.vp });
  }
  // 9.5.2.5.1: Italy still neutral once the Allies are at Total War costs them a VP each turn.
  if (state.neutral.includes('it') && commitmentOf(state, 'ap') === 'total') {
    state.vp += 1;
    log.add({ type: 'vp', text: `Italy is still neutral at Allied Total War: VP ${state.vp}`, vp: state.vp });
  }
  // E.2 (5.2): the tournament bid does not count here (5.6.1.1).
  if (state.vp >= 20) finish(state, log, 'cp', 'automatic victory: the VP track reached 20');
  else if (state.vp <= 0) finish(state, log, 'ap', 'automatic victory: the VP track fell to 0');
  if (state.outcome) return;
  // E.3 (16.2.1): an Armistice at a combined war status of 40 ends the war.
  const rules = scenarioRules(state);
  if (rules.armistice && combinedWarStatus(state) >= 40) {
    endScenario(state, log, `an Armistice at combined war status ${combinedWarStatus(state)}`, true);
    return;
  }
  raiseCommitment(state, log);
  // 5.4.1: the Limited War scenario ends once either side reaches Total War.
  if (rules.endsAtTotalWar && (['ap', 'cp'] as Side[]).some((s) => commitmentOf(state, s) === 'total'))
    endScenario(state, log, 'a side reached Total War', false);
}

/**
 * The scenario ends and its victory levels decide (5.3.4, 5.4.2, 5.5.2). `lateWar` marks the ends
 * after which the historical scenario adjusts the VP (5.7.4.8-5.7.4.9: an Armistice or turn 20).
 */
export function endScenario(state: PogState, log: EventLog, why: string | null, lateWar: boolean): void {
  let vp = state.vp;
  if (state.rules?.historical && lateWar) vp += historicalEndAdjustment(state, log);
  const verdict = finalVerdict(state, vp);
  finish(state, log, verdict.winner, why ? `${why}; ${verdict.reason}` : verdict.reason);
}

/** 5.7.4.8-5.7.4.9: +1 VP for each US army reinforcement card not played, -2 if Fall of the Tsar was not. */
function historicalEndAdjustment(state: PogState, log: EventLog): number {
  const usArmyCards = CARDS.filter(
    (c) =>
      c.side === 'ap' &&
      c.reinforcements?.nation === 'us' &&
      c.reinforcements.units.some((u) => /Army$/.test(u)),
  ).filter((c) => !state.decks.ap.removed.includes(c.id));
  let delta = usArmyCards.length;
  if (!state.played.includes('fall_of_the_tsar')) delta -= 2;
  if (delta !== 0)
    log.add({
      type: 'vp',
      text: `Historical scenario end adjustment (5.7.4.8-5.7.4.9): ${delta > 0 ? '+' : ''}${delta} VP`,
      vp: state.vp + delta,
    });
  return delta;
}

export function finish(state: PogState, log: EventLog, winner: Side | null, reason: string): void {
  state.outcome = { winner, reason };
  state.phase = { kind: 'over' };
  log.add({
    type: 'gameOver',
    text: `Game over: ${winner ? `${sideName(winner)} win` : 'a draw'} (${reason})`,
  });
}

function endActionPhase(state: PogState, log: EventLog): void {
  attritionPhase(state, log);
  siegePhase(state, log);
  warStatusPhase(state, log);
  if (state.outcome) return;
  replacementEvents(state, log);
  nextReplacementSegment(state, log, null);
}

/**
 * Cards that change the replacement points at the start of the Replacement Phase: Zeppelin Raids
 * (CP 27, this turn: four British points fewer), U-Boats Unleashed (CP 36, until Convoy: one British
 * point fewer) and Walter Rathenau (CP 33, until Independent Air Force: one more German point).
 */
export function replacementEvents(state: PogState, log: EventLog): void {
  const cut = (n: number, why: string) => {
    const before = state.rp.br ?? 0;
    if (before === 0) return;
    state.rp.br = Math.max(0, before - n);
    log.add({ type: 'rp', text: `${why}: British replacement points ${before} -> ${state.rp.br}` });
  };
  if (state.eventTurns?.zeppelin_raids === state.turn) cut(4, 'Zeppelin raids');
  if (state.played.includes('uboats_unleashed') && !state.played.includes('convoy')) cut(1, 'U-boats');
  // 5.7.3 (historical scenario): one German point a turn at Central Powers Total War while they hold
  // Sedan and two more French or Belgian spaces.
  if (state.rules?.historical && commitmentOf(state, 'cp') === 'total' && state.control.sedan === 'cp') {
    const held = SPACES.filter(
      (sp) =>
        sp.id !== 'sedan' && (sp.nation === 'fr' || sp.nation === 'be') && state.control[sp.id] === 'cp',
    ).length;
    if (held >= 2) {
      state.rp.ge = (state.rp.ge ?? 0) + 1;
      log.add({ type: 'rp', text: 'Sedan and the occupied west: one more German replacement point' });
    }
  }
  if (state.played.includes('walter_rathenau') && !state.played.includes('independent_air_force')) {
    state.rp.ge = (state.rp.ge ?? 0) + 1;
    log.add({ type: 'rp', text: 'Walter Rathenau: one more German replacement point' });
  }
}

/** Replacement Phase (6.0 F): the Allies spend first, then the Central Powers; points left are lost (17.1.2). */
export function nextReplacementSegment(state: PogState, log: EventLog, done: Side | null): void {
  const order: Side[] = ['ap', 'cp'];
  const start = done === null ? 0 : order.indexOf(done) + 1;
  if (done !== null) clearRp(state, done);
  for (let i = start; i < order.length; i++) {
    const side = order[i]!;
    if (replacementOptions(state, side).length > 0) {
      state.phase = { kind: 'replacement', side };
      return;
    }
    clearRp(state, side);
  }
  drawPhase(state, log);
}

const RP_SIDE: Record<RpNation, Side> = {
  a: 'ap',
  br: 'ap',
  fr: 'ap',
  it: 'ap',
  ru: 'ap',
  us: 'ap',
  ah: 'cp',
  bu: 'cp',
  ge: 'cp',
  tu: 'cp',
};

function clearRp(state: PogState, side: Side): void {
  for (const key of Object.keys(state.rp) as RpNation[]) if (RP_SIDE[key] === side) delete state.rp[key];
}

export const rpSide = (n: RpNation) => RP_SIDE[n];

/** Draws up to the hand size, reshuffling the discards once the draw pile runs out (6.0 G). */
export function drawCards(state: PogState, log: EventLog, side: Side, count: number): void {
  const deck = state.decks[side];
  const drawn: string[] = [];
  for (let i = 0; i < count; i++) {
    if (deck.draw.length === 0) {
      if (deck.discard.length === 0) break;
      deck.draw = deck.discard;
      deck.discard = [];
      shuffleInPlace(deck.draw, log.rng);
      log.add({
        type: 'reshuffle',
        text: `${sideName(side)} shuffle their discards into a new draw pile`,
        side,
      });
    }
    drawn.push(deck.draw.shift()!);
  }
  deck.hand.push(...drawn);
  if (drawn.length === 0) return;
  log.add({
    type: 'draw',
    text: `${sideName(side)} draw ${drawn.length} card(s)`,
    side,
    count: drawn.length,
  });
  log.add({
    type: 'drawnCards',
    text: `You draw ${drawn.map(cardName).join(', ')}`,
    to: [side],
    cards: drawn,
    reveals: true,
  });
}

function drawPhase(state: PogState, log: EventLog): void {
  clearTables(state);
  nextDiscardSegment(state, log, null);
}

/**
 * 9.5.4.5: combat cards kept on the table go to the discards at the end of the turn; They Shall Not
 * Pass only at the end of the turn after the one it was played in (12.2.10 of the seed, ruling 66).
 */
export function clearTables(state: PogState): void {
  for (const side of ['ap', 'cp'] as Side[]) {
    const deck = state.decks[side];
    const kept = deck.table.filter(
      (c) => card(c).event === 'they_shall_not_pass' && state.theyShallNotPassTurn === state.turn,
    );
    deck.discard.push(...deck.table.filter((c) => !kept.includes(c)));
    deck.table = kept;
  }
}

/** Cards a side may throw away before drawing (9.5.4.6): combat cards, and the late entry cards of 9.5.2.5. */
export const combatCardsInHand = (state: Readable, side: Side) =>
  handOf(state, side).filter((c) => card(c).combatCard || lateEntryLocked(state, c));

/**
 * 9.5.4.6: before drawing, each side may throw away combat cards from its hand (the Allies first).
 * Not asked after the scenario's last turn, when no card will be drawn to use.
 */
export function nextDiscardSegment(state: PogState, log: EventLog, done: Side | null): void {
  const order: Side[] = ['ap', 'cp'];
  const start = done === null ? 0 : order.indexOf(done) + 1;
  if (state.turn < state.lastTurn) {
    for (let i = start; i < order.length; i++) {
      const side = order[i]!;
      if (combatCardsInHand(state, side).length > 0) {
        state.phase = { kind: 'discardCombat', side };
        return;
      }
    }
    for (const side of order) {
      const deck = state.decks[side];
      reshuffleForCommitment(state, log, side);
      drawCards(state, log, side, Math.max(0, handSizeOf(state) - deck.hand.length));
    }
  }
  endTurn(state, log);
}

/** End of turn (6.0 H); after the scenario's last turn its victory levels decide (5.3.4, 5.4.2, 5.5.2). */
function endTurn(state: PogState, log: EventLog): void {
  if (state.turn >= state.lastTurn) {
    endScenario(state, log, null, state.scenario === 'campaign');
    return;
  }
  state.turn += 1;
  startTurn(state, log);
}

/** Spends a card from the hand to the discards, or out of the game for a removed event (9.5.1.2). */
export function discardFromHand(state: PogState, side: Side, cardId: string, remove: boolean): void {
  const deck = state.decks[side];
  deck.hand = deck.hand.filter((c) => c !== cardId);
  (remove ? deck.removed : deck.discard).push(cardId);
}

export const inHand = (state: PogState, side: Side, id: string) => handOf(state, side).includes(id);
