import type { EventLog } from '@salient/engine';
import { setLoc, touched } from './cache.ts';
import { cardModule } from './cards/index.ts';
import type { EventResult } from './cards/module.ts';
import { cardName, handOf } from './cards.ts';
import { takeControl } from './control.ts';
import { card, SPACES, UNITS, unitData } from './data/index.ts';
import { actionDone, discardFromHand } from './flow.ts';
import { MAP, sideName } from './map.ts';
import { newOperation } from './operations.ts';
import { armyEntrySpaces, replacementOptions } from './replacements.ts';
import { slugName } from './slug.ts';
import { supplyOf } from './supply.ts';
import { OFFMAP, type PogState, RESERVE, type Readable, type Side } from './types.ts';
import { isArmy, label, STACK_LIMIT, sideOf, unitsIn } from './units.ts';
import { neutralEntryOpen } from './war.ts';

/** Reinforcement corps the cards name by their own counter (AP 20, 41, 42; CP 24). */
const NAMED_CORPS: Record<string, string> = {
  'AUS Corps': 'br-corps-aus',
  'CND Corps': 'br-corps-cnd',
  'PT Corps': 'br-corps-pt',
  'ANA Corps': 'br-corps-ana',
  'SN Corps': 'sn-corps-1',
};

/** The units a reinforcement card brings, resolved to counters not yet in play. */
export function reinforcementUnits(state: Readable, cardId: string): string[] | null {
  const r = card(cardId).reinforcements;
  if (!r) return null;
  const out: string[] = [];
  for (const name of r.units) {
    if (/Army$/.test(name)) {
      const id = `${r.nation}-army-${slugName(name.replace(/ Army$/, ''))}`;
      if (state.units[id]?.loc !== OFFMAP) return null;
      out.push(id);
    } else if (NAMED_CORPS[name]) {
      const id = NAMED_CORPS[name]!;
      if (state.units[id]?.loc !== OFFMAP) return null;
      out.push(id);
    } else {
      const pattern = new RegExp(`^${r.nation}-corps-\\d+$`);
      const corps = UNITS.find(
        (u) => pattern.test(u.id) && state.units[u.id]!.loc === OFFMAP && !out.includes(u.id),
      );
      if (!corps) return null;
      out.push(corps.id);
    }
  }
  return out;
}

/** Whether every army of a reinforcement card can be placed (9.5.3.3): counts the room left in each entry space. */
function armiesPlaceable(state: Readable, armies: string[]): boolean {
  const supply = supplyOf(state);
  const room = new Map<string, number>();
  let placed = 0;
  for (const a of armies) {
    const spot = armyEntrySpaces(state, a, supply).find(
      (s) => (room.get(s) ?? STACK_LIMIT - unitsIn(state, s).length) > 0,
    );
    if (!spot) return false;
    room.set(spot, (room.get(spot) ?? STACK_LIMIT - unitsIn(state, spot).length) - 1);
    placed++;
  }
  return placed === armies.length;
}

/** Supplied spaces of a side holding one of its armies: where the Entrench event digs (cards AP 12, CP 6). */
export function entrenchSpaces(state: Readable, side: Side): string[] {
  const supply = supplyOf(state);
  return SPACES.filter((s) => {
    const t = state.trenches[s.id];
    if (t && (t.side !== side || t.level >= 1)) return false;
    return unitsIn(state, s.id).some((u) => sideOf(u) === side && isArmy(u) && supply.unitSupplied(u));
  }).map((s) => s.id);
}

function russianCavalrySpaces(state: Readable): string[] {
  const supply = supplyOf(state);
  return SPACES.filter(
    (s) =>
      s.nation === 'ru' &&
      unitsIn(state, s.id).length <= STACK_LIMIT - 2 &&
      unitsIn(state, s.id).some((u) => unitData(u).nation === 'ru' && isArmy(u) && supply.unitSupplied(u)),
  ).map((s) => s.id);
}

/**
 * Whether a card may be played as its event now (9.5): its own condition, and for reinforcements
 * not in August 1914, once per nation per turn, with room for every army (9.5.3.1).
 */
export function eventPlayable(state: Readable, side: Side, cardId: string): boolean {
  const c = card(cardId);
  if (c.side !== side || c.combatCard) return false;
  const mod = cardModule(cardId);
  if (mod) {
    // 9.5.2.2: one neutral entry a turn, whichever side plays it.
    if (mod.neutralEntry && !neutralEntryOpen(state)) return false;
    if (mod.playable && !mod.playable(state, side)) return false;
    if (!c.reinforcements) return true;
  }
  if (c.reinforcements) {
    if (state.turn === 1 || state.reinforced.includes(c.reinforcements.nation)) return false;
    const units = reinforcementUnits(state, cardId);
    if (!units) return false;
    // Units with an entry of their own (the module's) need a space each; the others go by 9.5.3.3.
    const entry = mod?.entry;
    if (entry)
      return units
        .filter((u) => isArmy(u) || SPECIAL_CORPS.includes(u))
        .every((u) => entry(state, u).length > 0);
    return armiesPlaceable(state, units.filter(isArmy));
  }
  const firstRound = state.turn === 1 && state.actions.cp.length === 0;
  switch (c.event) {
    case 'guns_of_august':
      return (
        firstRound &&
        state.units['ge-army-1']!.loc === 'aachen' &&
        state.units['ge-army-2']!.loc === 'koblenz'
      );
    case 'blockade':
    case 'race_to_the_sea':
    case 'oberost':
    case 'sud_army':
      return !state.played.includes(c.event);
    case 'moltke':
      return state.turn <= 2 && !state.played.includes('moltke');
    case 'falkenhayn':
      return !state.played.includes('falkenhayn') && (state.turn >= 3 || state.played.includes('moltke'));
    case 'ap_entrench':
    case 'cp_entrench':
      // 5.7.4.4: not on turn 1 of the historical scenario.
      if (state.rules?.historical && state.turn === 1) return false;
      // 11.2.1 (seed): each side may play its own Entrench, whatever the other has done (ruling 46).
      return !state.played.includes(c.event);
    case 'rape_of_belgium':
      return state.played.includes('guns_of_august');
    case 'reichstag_truce':
      return true;
    case 'landwehr':
      return replacementOptions(state, 'cp', { ge: 2, ah: 2, tu: 2, bu: 2 }, true).length > 0;
    case 'paris_taxis':
      return parisTaxiTargets(state).length > 0;
    case 'russian_cavalry':
      return (
        ['ru-corps-cavalry-1', 'ru-corps-cavalry-2'].every((u) => state.units[u]!.loc === OFFMAP) &&
        russianCavalrySpaces(state).length > 0
      );
    default:
      return false;
  }
}

export function parisTaxiTargets(state: Readable): string[] {
  const supply = supplyOf(state);
  return UNITS.filter((u) => {
    const st = state.units[u.id]!;
    return (
      u.nation === 'fr' &&
      u.type === 'army' &&
      st.reduced &&
      (st.loc === 'paris' || (MAP.has(st.loc) && MAP.adjacent('paris', st.loc))) &&
      supply.unitSupplied(u.id)
    );
  }).map((u) => u.id);
}

/** Plays a card as its event; the phase it opens, if any, finishes the action itself. */
export function playEvent(state: PogState, log: EventLog, side: Side, cardId: string): void {
  const c = card(cardId);
  discardFromHand(state, side, cardId, c.removeAfterEvent);
  if (c.warStatus > 0) state.warStatus[side] += c.warStatus; // 9.5.1.3
  const play = `${sideName(side)} play ${cardName(cardId)} as an event`;
  log.add({
    type: 'event',
    text: play,
    side,
    card: cardId,
    reveals: true,
    // The war status it adds shows in the summary of a game of weeks (9.5.1.3).
    ...(c.warStatus > 0
      ? {
          headline: `${play}: war status +${c.warStatus}, now ${state.warStatus[side]}`,
          warStatus: state.warStatus[side],
        }
      : {}),
  });
  if (c.event) state.played.push(c.event);
  const mod = cardModule(cardId);
  if (mod) state.eventTurns = { ...state.eventTurns, [c.event || cardId]: state.turn };
  if (mod && !c.reinforcements) {
    continueEvent(state, log, cardId, side, mod.play ? mod.play(state, log, side) : 'done');
    return;
  }
  if (c.reinforcements) {
    const units = reinforcementUnits(state, cardId)!;
    state.reinforced.push(c.reinforcements.nation);
    const placed = (u: string) => isArmy(u) || (mod?.entry !== undefined && SPECIAL_CORPS.includes(u));
    for (const u of units.filter((x) => !placed(x))) {
      setLoc(state, u, RESERVE);
      log.add({ type: 'reinforcement', text: `${label(u)} joins the reserve box`, unit: u });
    }
    const armies = units.filter(placed);
    if (armies.length > 0) {
      state.phase = { kind: 'placeReinforcements', side, units: armies, ...(mod ? { card: cardId } : {}) };
      return;
    }
    actionDone(state, log, side, 'event');
    return;
  }
  switch (c.event) {
    case 'guns_of_august': {
      // Card CP 1: Liege's fort falls, the 1st and 2nd Armies enter it, and 1st-3rd Armies attack at once.
      state.destroyedForts.push('liege');
      touched(state);
      for (const a of ['ge-army-1', 'ge-army-2']) setLoc(state, a, 'liege');
      takeControl(state, log, 'liege', 'cp');
      delete state.trenches.liege;
      log.add({
        type: 'gunsOfAugust',
        text: 'The Liege forts fall; the German 1st and 2nd Armies enter Liege',
      });
      const op = newOperation(cardId, 0);
      op.activated = { liege: 'attack', koblenz: 'attack' };
      op.onlyAttackers = ['ge-army-1', 'ge-army-2', 'ge-army-3'];
      state.phase = { kind: 'attack', side, op, combat: null };
      return;
    }
    case 'reichstag_truce':
      state.vp += 1;
      log.add({ type: 'vp', text: `VP ${state.vp}`, vp: state.vp });
      break;
    case 'rape_of_belgium':
      state.vp -= 1;
      log.add({ type: 'vp', text: `VP ${state.vp}`, vp: state.vp });
      break;
    case 'ap_entrench':
    case 'cp_entrench':
      if (entrenchSpaces(state, side).length > 0) {
        state.phase = { kind: 'entrenchEvent', side };
        return;
      }
      break;
    case 'landwehr':
      state.phase = { kind: 'freeFlips', side, points: 2, card: cardId };
      return;
    case 'paris_taxis':
      state.phase = { kind: 'freeFlips', side, points: 1, card: cardId };
      return;
    case 'russian_cavalry':
      state.phase = {
        kind: 'placeReinforcements',
        side,
        units: ['ru-corps-cavalry-1', 'ru-corps-cavalry-2'],
      };
      return;
    default:
      break;
  }
  actionDone(state, log, side, 'event');
}

/** 5.7.4.7: Landships, Zimmermann Telegram, Over There, Tsar Takes Command, Fall of the Tsar, Bolshevik Revolution. */
const YELLOW_STRIPE = ['ap-28', 'ap-54', 'ap-55', 'cp-28', 'cp-52', 'cp-53'];

/** Corps that reinforcement cards place on the map instead of the reserve box (9.5.3.2). */
const SPECIAL_CORPS = ['br-corps-ana', 'sn-corps-1'];

/**
 * What follows an event module's play or answer (src/cards/module.ts): the round ends as an event
 * (or a redeployment), another phase has begun, or a question is put, to `actor` if the other side
 * answers it. The round is always the card owner's.
 */
export function continueEvent(
  state: PogState,
  log: EventLog,
  cardId: string,
  owner: Side,
  result: EventResult,
): void {
  if (result === 'phase') return;
  // 5.7.4.7 (historical scenario): the yellow-stripe events go on as operations with the card.
  if (result === 'done' && state.rules?.historical && YELLOW_STRIPE.includes(cardId)) {
    state.phase = { kind: 'activate', side: owner, op: newOperation(cardId, card(cardId).ops) };
    return;
  }
  if (result === 'done' || result === 'doneAsSr') {
    actionDone(state, log, owner, result === 'done' ? 'event' : 'sr');
    return;
  }
  state.phase = { kind: 'cardEvent', side: result.actor ?? owner, card: cardId, step: result.step };
}

/** Where a unit an event brings may be placed. */
export function placementSpaces(state: Readable, unit: string): string[] {
  const phase = state.phase;
  if (phase.kind === 'placeReinforcements' && phase.card) {
    const entry = cardModule(phase.card)?.entry;
    if (entry) return entry(state, unit);
  }
  if (unit.startsWith('ru-corps-cavalry')) {
    const other = unit === 'ru-corps-cavalry-1' ? 'ru-corps-cavalry-2' : 'ru-corps-cavalry-1';
    const partner = state.units[other]!.loc;
    if (partner !== OFFMAP) return unitsIn(state, partner).length < STACK_LIMIT ? [partner] : [];
    return russianCavalrySpaces(state);
  }
  return armyEntrySpaces(state, unit);
}

/** The free flips of Landwehr (CP 5) and Paris Taxis (AP 56): reduced units only, never the eliminated. */
export function freeFlipTargets(state: Readable, side: Side, cardId: string): string[] {
  if (card(cardId).event === 'paris_taxis') return parisTaxiTargets(state);
  return replacementOptions(state, side, { ge: 9, ah: 9, tu: 9, bu: 9 }, true).map((o) => o.unit);
}

export { handOf };
