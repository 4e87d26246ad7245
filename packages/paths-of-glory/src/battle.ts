import type { EventLog } from '@salient/engine';
import { BRITISH_LOSS_PRIORITY } from './activation.ts';
import { setLoc, touched } from './cache.ts';
import { cardName } from './cards.ts';
import {
  attackingSpaces,
  defendersOf,
  defenderTrench,
  fireSetup,
  flankDrm,
  retreatedFire,
  trenchNegated,
  validAttackingGroup,
} from './combat.ts';
import { laterCombatCard } from './combatCards.ts';
import { enemyEnters, unitTakes } from './control.ts';
import { card, space } from './data/index.ts';
import { besiegers, fortSide, intactFort } from './forts.ts';
import { eliminate, eliminateRetreated, legalStepUnits, oneArmyFirst, takeStep } from './losses.ts';
import { CHANNEL_PORTS, MAP, sideName } from './map.ts';
import { channelOpen, mayEnter } from './movement.ts';
import { toAttackOrEnd } from './operations.ts';
import { combatBonus, peaceOffensiveCheck, retreatCancelled } from './roundEffects.ts';
import { supplyOf } from './supply.ts';
import { columnLabel, fireResult } from './tables.ts';
import {
  type Combat,
  type CombatResult,
  ELIMINATED,
  type Operation,
  other,
  type PogState,
  type Readable,
  type Side,
} from './types.ts';
import { isArmy, label, lfOf, nationOf, occupancy, STACK_LIMIT, sideOf, unitsIn } from './units.ts';

export function declareAttack(
  state: PogState,
  log: EventLog,
  side: Side,
  op: Operation,
  target: string,
): void {
  const defenders = defendersOf(state, target, other(side), op);
  const spent = unitsIn(state, target).filter((u) => sideOf(u) !== side && op.retreated.includes(u));
  const combat: Combat = {
    target,
    attackers: [],
    defenders,
    spent,
    step: 'designate',
    pin: null,
    cards: { ap: [], cp: [] },
    armyTable: [],
  };
  state.phase = { kind: 'attack', side, op, combat };
  log.add({
    type: 'attackDeclared',
    text: `${sideName(side)} prepare an attack on ${space(target).name}`,
    target,
  });
}

/** After designation: the flank question if one is possible, else the combat cards (12.2.3-12.2.5). */
export function afterDesignation(_state: PogState, log: EventLog, combat: Combat, flankable: boolean): void {
  log.add({
    type: 'attackers',
    text: `Attacking ${space(combat.target).name}: ${combat.attackers.map(label).join(', ')}`,
    attackers: combat.attackers,
  });
  combat.step = flankable ? 'flank' : 'attackerCards';
}

/**
 * Plays or re-uses a combat card (12.2.5): from the hand it leaves the hand, from the table it leaves
 * the table; either way it is marked used this action round (9.5.4.4), so a card played from the hand
 * and kept after a won combat does not serve again in the same round.
 */
export function useCombatCard(
  state: PogState,
  log: EventLog,
  side: Side,
  combat: Combat,
  cardId: string,
): void {
  const deck = state.decks[side];
  if (deck.hand.includes(cardId)) {
    deck.hand = deck.hand.filter((c) => c !== cardId);
    if (card(cardId).event === 'they_shall_not_pass') state.theyShallNotPassTurn = state.turn;
  } else {
    deck.table = deck.table.filter((c) => c !== cardId);
    combat.fromTable = [...(combat.fromTable ?? []), cardId];
  }
  state.usedThisRound.push(cardId);
  combat.cards[side].push(cardId);
  log.add({ type: 'combatCard', text: `${sideName(side)} play ${cardName(cardId)}`, side, card: cardId });
  if (card(cardId).event === 'alberich') alberich(state, log, side, combat);
}

/**
 * Card CP 64 Alberich: the Allied attack is called off. The attackers have spent their attack; the
 * other combat cards count as not played and go back where they came from; Alberich leaves the game.
 */
function alberich(state: PogState, log: EventLog, side: Side, combat: Combat): void {
  const phase = state.phase;
  if (phase.kind !== 'attack') return;
  const attacker = other(side);
  for (const s of [attacker, side]) {
    for (const c of combat.cards[s]) {
      if (card(c).event === 'alberich') state.decks[s].removed.push(c);
      else unplay(state, s, combat, c);
    }
  }
  for (const u of combat.attackers) phase.op.attacked.push(u);
  log.add({
    type: 'attackCancelled',
    text: `Alberich: the attack on ${space(combat.target).name} finds the line abandoned and is called off`,
  });
  endCombat(state, log, attacker, phase.op);
}

/** A combat card counted as not played (Alberich, Great Retreat): back where it came from, free to serve again this round. */
function unplay(state: PogState, side: Side, combat: Combat, cardId: string): void {
  state.usedThisRound = state.usedThisRound.filter((x) => x !== cardId);
  if ((combat.fromTable ?? []).includes(cardId)) state.decks[side].table.push(cardId);
  else state.decks[side].hand.push(cardId);
}

const bonusOf = (combat: Combat | CombatResult) => ('bonus' in combat ? combat.bonus : undefined);

function fire(
  state: PogState,
  log: EventLog,
  role: 'attacker' | 'defender',
  combat: Combat | CombatResult,
): number {
  const attacker = sideOf(combat.attackers[0]!);
  const defender = other(attacker);
  const units = role === 'attacker' ? combat.attackers : combat.defenders;
  const alive = units.filter((u) => state.units[u]!.loc === combat.target || role === 'attacker');
  const present = alive.filter(
    (u) => state.units[u]!.loc !== 'eliminated' && state.units[u]!.loc !== 'removed',
  );
  const side = role === 'attacker' ? attacker : defender;
  const spentOnly = role === 'defender' && combat.defenders.length === 0 && combat.spent.length > 0;
  // 12.1.2 (seed): defenders that all retreated in here fire on the leftmost column without help.
  const setup = spentOnly
    ? retreatedFire(combat.spent, combat.cards[side])
    : fireSetup(
        state,
        role,
        present,
        combat.target,
        combat.cards[side],
        defender,
        (combat.armyTable ?? []).includes(side),
        trenchNegated(combat.cards[attacker]) || bonusOf(combat)?.noTrench === true,
        bonusOf(combat)?.defenderTrench1 === true,
        (role === 'attacker' ? bonusOf(combat)?.attackerArmyTable : bonusOf(combat)?.defenderArmyTable) ===
          true,
      );
  const { column } = setup;
  const drm = setup.drm + (role === 'attacker' ? (bonusOf(combat)?.attackerDrm ?? 0) : 0);
  const die = log.die(
    'fire',
    `${sideName(side)} fire (${setup.strength} on the ${setup.table.id === 'army' ? 'Army table' : 'Corps table'}, column ${columnLabel(setup.table, column)}${drm ? `, ${drm > 0 ? '+' : ''}${drm}` : ''})`,
  );
  const result = fireResult(setup.table, column, die, drm);
  log.add({ type: 'lossNumber', text: `${sideName(side)} inflict a loss number of ${result}`, side, result });
  return result;
}

/**
 * Resolves a designated combat once both sides have played their cards (12.2.4-12.2.8): the flank
 * roll if one was declared, then fire, simultaneous or in flank order.
 */
export function resolveCombat(
  state: PogState,
  log: EventLog,
  side: Side,
  op: Operation,
  combat: Combat,
): void {
  const defender = other(side);
  for (const u of combat.attackers) {
    op.attacked.push(u);
    const loc = state.units[u]!.loc;
    if (loc !== combat.target && intactFort(state, loc) && fortSide(loc) !== side)
      op.sortied = [...(op.sortied ?? []), u];
  }
  let flank: CombatResult['flank'] = null;
  if (combat.pin !== null) {
    const intercepts = combat.cards[side].some((c) => card(c).event === 'wireless_intercepts');
    if (intercepts) {
      flank = 'success';
      log.add({ type: 'flank', text: 'Wireless intercepts: the flank attack succeeds without a roll' });
    } else {
      const drm = flankDrm(state, combat, combat.pin);
      const die = log.die('flank', `Flank attack attempt${drm ? ` (+${drm})` : ''}`);
      flank = die + drm >= 4 ? 'success' : 'failure';
      log.add({ type: 'flank', text: `The flank attack ${flank === 'success' ? 'succeeds' : 'fails'}` });
    }
  }
  const result: CombatResult = {
    target: combat.target,
    attackers: combat.attackers,
    defenders: combat.defenders,
    spent: combat.spent,
    onDefender: 0,
    onAttacker: 0,
    empty: false,
    cards: combat.cards,
    armyTable: combat.armyTable,
    lossQueue: [],
    deferredFire: null,
    flank,
    vacated: [],
    retreatLength: 0,
    defenderSteps: [],
  };
  const bonus = combatBonus(state, log, side, combat);
  if (bonus) result.bonus = bonus;
  // Card CP 44 Von Hutier: the attacker fires first, as after a successful flank attack.
  if (flank === null && combat.cards[side].some((c) => card(c).event === 'von_hutier')) flank = 'success';
  result.flank = flank;
  if (flank === 'success') {
    result.onDefender = fire(state, log, 'attacker', result);
    result.lossQueue = [{ side: defender, remaining: result.onDefender }];
    result.deferredFire = defender;
  } else if (flank === 'failure') {
    result.onAttacker = fire(state, log, 'defender', result);
    result.lossQueue = [{ side, remaining: result.onAttacker }];
    result.deferredFire = side;
  } else {
    result.onDefender = fire(state, log, 'attacker', result);
    result.onAttacker = fire(state, log, 'defender', result);
    result.lossQueue = [
      { side: defender, remaining: result.onDefender },
      { side, remaining: result.onAttacker },
    ];
  }
  // 12.1.2, 12.5.6: units that retreated in here earlier die at a loss number of 1 or more.
  if (result.onDefender >= 1) for (const u of result.spent) eliminateRetreated(state, log, u);
  checkMandate(state, side, result, log);
  state.phase = { kind: 'losses', side: result.lossQueue[0]!.side, op, result };
  continueLosses(state, log);
}

/** Corps of the British family that do not count as British for a Mandated Offensive (7.1.4). */
const NOT_BRITISH_FOR_MANDATES = ['br-corps-aus', 'br-corps-cnd', 'br-corps-pt', 'br-corps-ana'];

/**
 * Whether the combat fulfils the attacker's Mandated Offensive (7.1.3-7.1.7): French or British
 * units (not the Australian, Canadian, Portuguese or Arab corps) attacking a German unit in France,
 * Belgium or Germany; Germans attacking a western Allied unit there; Turks (not the Senussi) any
 * Allied unit; Austro-Hungarians any unit, or on the AH (It) result with Italy at war a space in
 * Italy or one holding Italians. Russians and Italians: any attack on an enemy unit.
 */
export function fulfilsMandate(
  state: Readable,
  side: Side,
  attackers: string[],
  defenders: string[],
  target: string,
): boolean {
  const m = state.mandates[side];
  if (m.made || m.nation === null || defenders.length === 0) return false;
  const nation = m.nation;
  const qualifying = attackers.filter((u) => {
    if (nationOf(u) !== nation) return false;
    if (nation === 'br' && NOT_BRITISH_FOR_MANDATES.includes(u)) return false;
    return true;
  });
  if (qualifying.length === 0) return false;
  const western = ['fr', 'be', 'ge'].includes(space(target).nation);
  const defending = defenders.map(nationOf);
  if (nation === 'fr' || nation === 'br') return western && defending.includes('ge');
  if (nation === 'ge') return western && defending.some((n) => ['us', 'br', 'be', 'fr'].includes(n));
  // 7.1.6: a space in Italy, one holding Italians, or one holding Allied units supplied through Italy.
  if (nation === 'ah' && m.italianFront) {
    if (space(target).nation === 'it' || defending.includes('it')) return true;
    const supply = supplyOf(state);
    return defenders.some((u) => supply.throughItaly(u));
  }
  return true;
}

function checkMandate(state: PogState, side: Side, result: CombatResult, log?: EventLog): void {
  const m = state.mandates[side];
  // 7.1.8: on a mutiny turn a French attack in France, Belgium or Germany by units not stacked with
  // Americans costs a VP, once; the mutiny is then over for the turn.
  if (side === 'ap' && m.mutiny && ['fr', 'be', 'ge'].includes(space(result.target).nation)) {
    const mutinous = result.attackers.some(
      (u) => nationOf(u) === 'fr' && !unitsIn(state, state.units[u]!.loc).some((o) => nationOf(o) === 'us'),
    );
    if (mutinous) {
      state.mandates.ap = { nation: 'fr', made: true };
      state.vp += 1;
      log?.add({ type: 'vp', text: `The French army mutinies: VP ${state.vp}`, vp: state.vp });
    }
    return;
  }
  if (fulfilsMandate(state, side, result.attackers, result.defenders, result.target))
    state.mandates[side].made = true;
}

/** The units of a side in this combat still on the map. */
function standing(state: Readable, result: CombatResult, s: Side): string[] {
  const attacker = sideOf(result.attackers[0]!);
  const list = s === attacker ? result.attackers : result.defenders;
  const extra =
    s === attacker
      ? []
      : unitsIn(state, result.target).filter((u) => sideOf(u) === s && !result.spent.includes(u));
  const all = [...new Set([...list, ...extra])];
  return all.filter((u) => {
    const loc = state.units[u]!.loc;
    return s === attacker ? MAP.has(loc) : loc === result.target;
  });
}

/** Units that may take the next step of the current loss, with 12.4.5's British priority for attackers. */
export function lossCandidates(state: Readable, result: CombatResult): string[] {
  const head = result.lossQueue[0];
  if (!head) return [];
  const attacker = sideOf(result.attackers[0]!);
  const units = standing(state, result, head.side);
  // 12.4.5 names who takes the first loss when British units attack.
  const firstStep = head.side === attacker && head.remaining === result.onAttacker;
  const priority = firstStep ? BRITISH_LOSS_PRIORITY.filter((u) => units.includes(u)) : [];
  const legal = legalStepUnits(state, units, head.remaining, priority);
  // 12.4.4.2: one army without a replacement corps takes the loss until it is gone.
  if (head.army !== undefined && units.includes(head.army)) {
    if (legal.includes(head.army)) return [head.army];
  } else {
    const armies = oneArmyFirst(state, units, head.remaining, legal);
    if (armies) return armies;
  }
  // 12.6.9: a defender using Withdrawal takes its loss through corps where it can, so that the step
  // the card gives back is a corps step.
  if (head.side !== attacker && result.cards[head.side].some(isWithdrawal)) {
    const corps = legal.filter((u) => !isArmy(u));
    if (corps.length > 0) return corps;
  }
  return legal;
}

export function stepLoss(state: PogState, log: EventLog, unit: string): void {
  const phase = state.phase;
  if (phase.kind !== 'losses') return;
  applyStep(state, log, phase.result, unit);
  continueLosses(state, log);
}

/** One step off a unit toward the head of the loss queue, remembering the defender's for Withdrawal. */
function applyStep(state: PogState, log: EventLog, result: CombatResult, unit: string): void {
  const head = result.lossQueue[0]!;
  if (head.army === undefined && isArmy(unit)) {
    const units = standing(state, result, head.side);
    const armies = oneArmyFirst(state, units, head.remaining, [unit]);
    if (armies) head.army = unit;
  }
  head.remaining -= lfOf(state, unit);
  const wasReduced = state.units[unit]!.reduced;
  const corps = takeStep(state, log, unit, supplyOf(state));
  const attacker = sideOf(result.attackers[0]!);
  if (sideOf(unit) !== attacker) result.defenderSteps.push({ unit, eliminated: wasReduced });
  if (corps) (sideOf(unit) === attacker ? result.attackers : result.defenders).push(corps);
}

/** Takes forced steps by itself and moves on once a side's losses are done (12.2.9). */
export function continueLosses(state: PogState, log: EventLog): void {
  for (;;) {
    const phase = state.phase;
    if (phase.kind !== 'losses') return;
    const result = phase.result;
    const head = result.lossQueue[0];
    if (!head) {
      afterLosses(state, log, phase.side, phase.op, result);
      return;
    }
    const candidates = lossCandidates(state, result);
    if (candidates.length === 0) {
      lossesDone(state, log, result, head.side, head.remaining);
      result.lossQueue.shift();
      if (result.lossQueue.length === 0 && result.deferredFire !== null) {
        const firing = result.deferredFire;
        result.deferredFire = null;
        const attacker = sideOf(result.attackers[0]!);
        const loss = fire(state, log, firing === attacker ? 'attacker' : 'defender', result);
        if (firing === attacker) result.onDefender = loss;
        else result.onAttacker = loss;
        result.lossQueue.push({ side: other(firing), remaining: loss });
      }
      const next = result.lossQueue[0];
      state.phase = {
        kind: 'losses',
        side: next ? next.side : sideOf(result.attackers[0]!),
        op: phase.op,
        result,
      };
      continue;
    }
    if (candidates.length === 1 || new Set(candidates).size === 1) {
      applyStep(state, log, result, candidates[0]!);
      continue;
    }
    state.phase = { kind: 'losses', side: head.side, op: phase.op, result };
    return;
  }
}

/** 12.4.6: a defending fort falls to what is left of the loss once no defender remains. */
function lossesDone(state: PogState, log: EventLog, result: CombatResult, s: Side, remaining: number): void {
  const attacker = sideOf(result.attackers[0]!);
  if (s === attacker) return;
  const t = result.target;
  if (!intactFort(state, t) || fortSide(t) !== s) return;
  if (standing(state, result, s).length > 0) return;
  if (remaining >= space(t).fort) {
    state.destroyedForts.push(t);
    touched(state);
    log.add({ type: 'fortFalls', text: `The fort of ${space(t).name} is destroyed`, space: t });
    // 3.0 Control: a besieged fort destroyed gives its space (and VP) to the besiegers at once.
    const besiegers = unitsIn(state, t).filter((u) => sideOf(u) === attacker);
    const taker = besiegers.find((u) => u !== 'br-corps-ana') ?? besiegers[0];
    if (taker !== undefined) unitTakes(state, log, taker, t);
  }
}

/** Combat winner, cards kept or lost (12.2.10, 9.5.4.2-9.5.4.3), then retreat or advance. */
function afterLosses(state: PogState, log: EventLog, _side: Side, op: Operation, result: CombatResult): void {
  const attacker = sideOf(result.attackers[0]!);
  const defender = other(attacker);
  const attackerWins = result.onDefender > result.onAttacker;
  const defenderWins = result.onAttacker > result.onDefender;
  for (const s of [attacker, defender]) {
    const won = s === attacker ? attackerWins : defenderWins;
    for (const c of result.cards[s]) {
      const deck = state.decks[s];
      if (card(c).removeAfterEvent) deck.removed.push(c);
      // 9.5.4.2: a card good for one combat a turn goes to the discards even when won.
      else if (won && !laterCombatCard(card(c).event ?? '')?.oncePerTurn) deck.table.push(c);
      // 9.5.4.2, 12.2.11: They Shall Not Pass stays face up after a tie too, until the Allies lose.
      else if (card(c).event === 'they_shall_not_pass' && !attackerWins) deck.table.push(c);
      else deck.discard.push(c);
    }
  }
  const outcomeText = attackerWins
    ? `${sideName(attacker)} win the combat ${result.onDefender} to ${result.onAttacker}`
    : defenderWins
      ? `${sideName(defender)} hold, ${result.onAttacker} to ${result.onDefender}`
      : `A bloody draw, ${result.onDefender} all`;
  log.add({
    type: 'combatResult',
    text: outcomeText,
    space: result.target,
    headline: `${sideName(attacker)} attack ${space(result.target).name}: ${outcomeText}`,
  });
  if (result.cards[defender].some((c) => isWithdrawal(c))) {
    withdraw(state, log, op, result);
    return;
  }
  const defenders = standing(state, result, defender);
  const fullAttacker = result.attackers.some((u) => MAP.has(state.units[u]!.loc) && !state.units[u]!.reduced);
  if (attackerWins && defenders.length > 0 && fullAttacker && retreatCancelled(state, log, result)) {
    endCombat(state, log, attacker, op);
    return;
  }
  if (attackerWins && defenders.length > 0 && fullAttacker) {
    result.retreatLength = result.onDefender - result.onAttacker === 1 ? 1 : 2;
    const t = space(result.target);
    // Card CP 60 Turk Determination: the level 1 trench it gives counts here too (its "all purposes").
    const cover =
      ['forest', 'desert', 'mountain', 'swamp'].includes(t.terrain) ||
      defenderTrench(state, result.target, defender) !== null ||
      result.bonus?.defenderTrench1 === true;
    const steps = defenders.reduce((n, u) => n + (state.units[u]!.reduced ? 1 : 2), 0);
    state.phase = {
      kind: 'retreat',
      side: defender,
      op,
      result,
      pending: defenders.map((u) => ({ unit: u, stepsLeft: result.retreatLength, path: [result.target] })),
      mayHold: cover && steps >= 2,
    };
    skipImpossibleRetreats(state, log);
    return;
  }
  // 12.7.1: after an attack on an enemy fort without units, no advance unless the fort fell.
  const fortAlone = result.defenders.length === 0 && result.spent.length === 0;
  const fortStands = intactFortOf(state, result.target, defender);
  if (defenders.length === 0 && !(fortAlone && fortStands) && (attackerWins || !fortStands)) {
    if (unitsIn(state, result.target).every((u) => sideOf(u) === attacker)) {
      openAdvance(state, log, op, result);
      return;
    }
  }
  endCombat(state, log, attacker, op);
}

const intactFortOf = (state: Readable, t: string, s: Side) => intactFort(state, t) && fortSide(t) === s;

export function endCombat(state: PogState, log: EventLog, side: Side, op: Operation): void {
  const prev = state.phase;
  if (prev.kind === 'losses' || prev.kind === 'retreat' || prev.kind === 'advance')
    peaceOffensiveCheck(state, log, prev.result);
  state.phase = { kind: 'attack', side, op, combat: null };
  toAttackOrEnd(state, log, side, op);
}

/** Attack on a space with neither enemy units nor an enemy fort (12.2.1): won outright, straight to the advance. */
export function emptyAttack(state: PogState, log: EventLog, side: Side, op: Operation, combat: Combat): void {
  for (const u of combat.attackers) op.attacked.push(u);
  const friendly = unitsIn(state, combat.target).length > 0;
  log.add({
    type: 'emptyAttack',
    text: `${space(combat.target).name} is undefended${friendly ? ': only friendly units stand there' : ''}`,
    space: combat.target,
    headline: `${sideName(side)} attack ${space(combat.target).name}: undefended, taken without a fight`,
  });
  const result: CombatResult = {
    target: combat.target,
    attackers: combat.attackers,
    defenders: [],
    spent: [],
    onDefender: 0,
    onAttacker: 0,
    empty: true,
    cards: { ap: [], cp: [] },
    armyTable: [],
    lossQueue: [],
    deferredFire: null,
    flank: null,
    vacated: [],
    retreatLength: 2,
    defenderSteps: [],
  };
  openAdvance(state, log, op, result);
}

/**
 * Where a retreating unit may go next (12.5.5): a connected space it may enter, free of enemy units
 * and unbesieged enemy forts, not the defending space nor one already crossed, not full at its last
 * step; friendly spaces before enemy ones and supplied before unsupplied.
 */
export function retreatOptions(
  state: Readable,
  result: CombatResult,
  unit: string,
  stepsLeft: number,
  path: string[],
): string[] {
  const side = sideOf(unit);
  const from = state.units[unit]!.loc;
  const supply = supplyOf(state);
  const occupied = occupancy(state);
  const candidates = MAP.neighbors(from).filter((n) => {
    if (path.includes(n) || n === result.target) return false;
    if ((occupied.get(n) ?? []).some((u) => sideOf(u) !== side)) return false;
    if (intactFort(state, n) && fortSide(n) !== side && !besiegers(state, n)) return false;
    if (!mayEnter(state, unit, from, n, false, true)) return false;
    if (stepsLeft === 1 && (occupied.get(n) ?? []).length >= STACK_LIMIT) return false;
    return true;
  });
  // A unit is never lost on a one-space retreat while a two-space route exists: prefer first steps that can go on.
  let usable = candidates;
  if (stepsLeft === 2) {
    const onward = candidates.filter((n) =>
      MAP.neighbors(n).some(
        (m) =>
          m !== result.target &&
          m !== from &&
          !(occupied.get(m) ?? []).some((u) => sideOf(u) !== side) &&
          (occupied.get(m) ?? []).length < STACK_LIMIT &&
          !(intactFort(state, m) && fortSide(m) !== side && !besiegers(state, m)) &&
          mayEnter(state, unit, n, m, false, true),
      ),
    );
    if (onward.length > 0) usable = onward;
  }
  const rank = (n: string) => {
    const friendly = state.control[n] === side;
    const supplied = supply.suppliedAt(side, nationOf(unit), n);
    return (friendly ? 0 : 2) + (supplied ? 0 : 1);
  };
  const best = Math.min(...usable.map(rank));
  return usable.filter((n) => rank(n) === best);
}

/** Units with nowhere to go are eliminated (12.5.4); armies so lost never return. */
function skipImpossibleRetreats(state: PogState, log: EventLog): void {
  const phase = state.phase;
  if (phase.kind !== 'retreat') return;
  for (;;) {
    const stuck = phase.pending.find(
      (p) => retreatOptions(state, phase.result, p.unit, p.stepsLeft, p.path).length === 0,
    );
    if (!stuck) break;
    if (phase.mayHold) break; // the defender may still choose to stand and pay a step
    phase.pending = phase.pending.filter((p) => p !== stuck);
    if (stuck.path.length > 1) phase.result.vacated.push(stuck.path[1]!);
    eliminate(state, log, stuck.unit, 'no way to retreat');
  }
  if (phase.pending.length === 0) finishRetreat(state, log);
}

export function retreatStep(state: PogState, log: EventLog, unit: string, to: string): void {
  const phase = state.phase;
  if (phase.kind !== 'retreat') return;
  phase.mayHold = false;
  const entry = phase.pending.find((p) => p.unit === unit)!;
  const side = sideOf(unit);
  enemyEnters(state, log, to, side);
  setLoc(state, unit, to);
  entry.path.push(to);
  entry.stepsLeft -= 1;
  log.add({ type: 'retreat', text: `${label(unit)} retreats to ${space(to).name}`, unit, to });
  if (entry.path.length === 2) phase.result.vacated.push(to);
  if (entry.stepsLeft === 0) {
    phase.pending = phase.pending.filter((p) => p !== entry);
    phase.op.retreated.push(unit);
    unitTakes(state, log, unit, to);
  }
  skipImpossibleRetreats(state, log);
}

/** 12.5.3: defenders in cover cancel the retreat by giving one more step. */
export function holdGround(state: PogState, log: EventLog, unit: string): void {
  const phase = state.phase;
  if (phase.kind !== 'retreat') return;
  takeStep(state, log, unit, supplyOf(state));
  log.add({ type: 'hold', text: `The defenders of ${space(phase.result.target).name} stand, paying a step` });
  phase.pending = [];
  const attacker = sideOf(phase.result.attackers[0]!);
  endCombat(state, log, attacker, phase.op);
}

function finishRetreat(state: PogState, log: EventLog): void {
  const phase = state.phase;
  if (phase.kind !== 'retreat') return;
  const attacker = sideOf(phase.result.attackers[0]!);
  if (unitsIn(state, phase.result.target).some((u) => sideOf(u) !== attacker)) {
    endCombat(state, log, attacker, phase.op);
    return;
  }
  openAdvance(state, log, phase.op, phase.result);
}

function openAdvance(state: PogState, log: EventLog, op: Operation, result: CombatResult): void {
  const attacker = sideOf(result.attackers[0]!);
  state.phase = { kind: 'advance', side: attacker, op, result, advanced: [] };
  if (advanceChoices(state).size === 0) endCombat(state, log, attacker, op);
}

/**
 * Advance after combat (12.7): surviving full-strength attackers (reduced ones too into an
 * undefended space, 12.2.12) may enter the defending space; after a two-space retreat they may go
 * on into a space the defenders vacated, unless the defending space's terrain stops them (12.7.3).
 */
export function advanceChoices(state: Readable): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const phase = state.phase;
  if (phase.kind !== 'advance') return out;
  const { result } = phase;
  const side = sideOf(result.attackers[0]!);
  const occupied = occupancy(state);
  const t = space(result.target);
  const roomIn = (s: string) => (occupied.get(s) ?? []).length < STACK_LIMIT;
  const channel = (s: string) => side === 'cp' && CHANNEL_PORTS.includes(s) && !channelOpen(state);
  for (const u of result.attackers) {
    const st = state.units[u]!;
    if (!MAP.has(st.loc) || (st.reduced && !result.empty) || nationOf(u) === 'mn') continue;
    const options: string[] = [];
    if (st.loc !== result.target && !phase.advanced.includes(u)) {
      const fortBlocks = intactFort(state, result.target) && fortSide(result.target) !== side;
      const canBesiege =
        !fortBlocks || besiegers(state, result.target, [...(occupied.get(result.target) ?? []), u]);
      const attackedFromHere = st.loc === result.target;
      if (
        !attackedFromHere &&
        roomIn(result.target) &&
        canBesiege &&
        mayEnter(state, u, st.loc, result.target)
      ) {
        options.push(result.target);
      }
    } else if (
      st.loc === result.target &&
      phase.advanced.filter((x) => x === u).length === 1 &&
      result.retreatLength === 2
    ) {
      const stops =
        ['desert', 'forest', 'mountain', 'swamp'].includes(t.terrain) ||
        (intactFort(state, result.target) && fortSide(result.target) !== side);
      if (!stops) {
        for (const v of new Set(result.vacated)) {
          if (!MAP.adjacent(result.target, v) || !roomIn(v) || channel(v)) continue;
          if ((occupied.get(v) ?? []).some((x) => sideOf(x) !== side)) continue;
          if (
            intactFort(state, v) &&
            fortSide(v) !== side &&
            !besiegers(state, v, [...(occupied.get(v) ?? []), u])
          )
            continue;
          if (mayEnter(state, u, result.target, v)) options.push(v);
        }
      }
    }
    // 12.7.7: the channel spaces only as the defending space, unless Race to the Sea opened them.
    if (options.length > 0) out.set(u, options);
  }
  return out;
}

export function advanceUnit(state: PogState, log: EventLog, unit: string, to: string): void {
  const phase = state.phase;
  if (phase.kind !== 'advance') return;
  const side = sideOf(unit);
  enemyEnters(state, log, to, side);
  setLoc(state, unit, to);
  phase.advanced.push(unit);
  if (to !== phase.result.target) phase.advanced.push(unit);
  log.add({ type: 'advance', text: `${label(unit)} advances into ${space(to).name}`, unit, to });
  unitTakes(state, log, unit, to);
  if (advanceChoices(state).size === 0) endCombat(state, log, side, phase.op);
}

export { attackingSpaces, validAttackingGroup };

const isWithdrawal = (c: string) => {
  const e = card(c).event;
  return e === 'ap_withdrawal' || e === 'cp_withdrawal';
};

/**
 * Withdrawal (cards AP 6 and CP 56, 12.6): the defender gets back one corps step it lost (else one
 * army step that did not eliminate the army), then every defender falls back exactly one space,
 * whatever the result and whatever the ground; full-strength attackers may follow into the space.
 */
function withdraw(state: PogState, log: EventLog, op: Operation, result: CombatResult): void {
  const attacker = sideOf(result.attackers[0]!);
  const defender = other(attacker);
  const room = unitsIn(state, result.target).length < STACK_LIMIT;
  // 12.6.3, 12.6.10: a corps step comes back. A corps eliminated in this combat returns reduced to
  // the defending space (so one reduced corps survives), else a corps still there and reduced in
  // this combat is flipped back.
  const corpsSteps = result.defenderSteps.filter((s) => !isArmy(s.unit));
  const eliminatedCorps = corpsSteps.find(
    (s) => s.eliminated && state.units[s.unit]!.loc === ELIMINATED && room,
  );
  const reducedCorps = corpsSteps.find(
    (s) => !s.eliminated && state.units[s.unit]!.loc === result.target && state.units[s.unit]!.reduced,
  );
  // 12.6.6, 12.6.8: else an army step, only to an army still standing with one step lost; an army
  // that lost both steps with no corps to replace it is gone, and the card gives nothing back.
  const armyStep = result.defenderSteps.find(
    (s) =>
      isArmy(s.unit) &&
      !s.eliminated &&
      state.units[s.unit]!.loc === result.target &&
      state.units[s.unit]!.reduced,
  );
  const back = eliminatedCorps ?? reducedCorps ?? armyStep;
  if (back) {
    const unit = state.units[back.unit]!;
    if (back === eliminatedCorps) {
      setLoc(state, back.unit, result.target);
      unit.reduced = true;
    } else unit.reduced = false;
    log.add({
      type: 'withdrawal',
      text:
        back === eliminatedCorps
          ? `Withdrawal: ${label(back.unit)} survives, reduced`
          : `Withdrawal: ${label(back.unit)} gets a step back`,
      unit: back.unit,
    });
  }
  const defenders = standing(state, result, defender);
  if (defenders.length === 0) {
    endCombat(state, log, attacker, op);
    return;
  }
  result.retreatLength = 1;
  state.phase = {
    kind: 'retreat',
    side: defender,
    op,
    result,
    pending: defenders.map((u) => ({ unit: u, stepsLeft: 1, path: [result.target] })),
    mayHold: false,
  };
  log.add({ type: 'withdrawal', text: `The defenders of ${space(result.target).name} withdraw one space` });
  skipImpossibleRetreats(state, log);
}

/** Card AP 27 Great Retreat: whether the Allies may fall back instead of fighting this combat. */
export function greatRetreatOpen(state: Readable, combat: Combat): boolean {
  return (
    state.turnFlags.includes('great-retreat') &&
    sideOf(combat.attackers[0]!) === 'cp' &&
    combat.defenders.length > 0 &&
    combat.defenders.every((u) => nationOf(u) === 'ru')
  );
}

/**
 * Card AP 27 Great Retreat: announced instead of the defender's cards, before any die. No combat takes
 * place: the attackers have spent their attack, the cards played count as unplayed (back to the hand
 * or table), the Russians fall back exactly one space and the attackers' full-strength units may advance.
 */
export function greatRetreat(state: PogState, log: EventLog, combat: Combat): void {
  const phase = state.phase;
  if (phase.kind !== 'attack') return;
  const { op } = phase;
  for (const u of combat.attackers) op.attacked.push(u);
  for (const s of ['ap', 'cp'] as Side[]) {
    for (const c of combat.cards[s]) unplay(state, s, combat, c);
  }
  const result: CombatResult = {
    target: combat.target,
    attackers: combat.attackers,
    defenders: combat.defenders,
    spent: combat.spent,
    onDefender: 0,
    onAttacker: 0,
    empty: false,
    cards: { ap: [], cp: [] },
    lossQueue: [],
    deferredFire: null,
    flank: null,
    vacated: [],
    retreatLength: 1,
    defenderSteps: [],
  };
  log.add({
    type: 'greatRetreat',
    text: `The Great Retreat: the Russians in ${space(combat.target).name} fall back without a fight`,
  });
  state.phase = {
    kind: 'retreat',
    side: 'ap',
    op,
    result,
    pending: combat.defenders.map((u) => ({ unit: u, stepsLeft: 1, path: [combat.target] })),
    mayHold: false,
  };
  skipImpossibleRetreats(state, log);
}
