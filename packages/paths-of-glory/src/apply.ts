import {
  type ApplyResult,
  applyOnCopy,
  type Choice,
  CommonErrorCode,
  checkMayAct,
  cloneJson,
  type EventLog,
  type Json,
  type JsonObject,
  type Seat,
  shareUnchanged,
  typedAction,
  violation,
} from '@salient/engine';
import {
  advanceUnit,
  afterDesignation,
  declareAttack,
  emptyAttack,
  endCombat,
  greatRetreat,
  holdGround,
  resolveCombat,
  retreatStep,
  stepLoss,
  useCombatCard,
} from './battle.ts';
import { setLoc } from './cache.ts';
import { cardModule } from './cards/index.ts';
import { NEAR_EAST_ENTRY } from './cards/specialEntry.ts';
import { cardName } from './cards.ts';
import { choicesFor, NO_UNIT } from './choices.ts';
import { flankPossible, targetKind, undefended } from './combat.ts';
import { unitTakes } from './control.ts';
import { card, type RpNation, space } from './data/index.ts';
import { continueEvent, playEvent } from './events.ts';
import {
  actionDone,
  combatCardsInHand,
  discardFromHand,
  drawCards,
  nextDiscardSegment,
  nextReplacementSegment,
  rpSide,
  startTurn,
} from './flow.ts';
import { sideName } from './map.ts';
import { landMef, MEF_SPACES } from './mef.ts';
import {
  activate,
  endMovement,
  finishOperation,
  moveInPassing,
  moveStack,
  moveUnit,
  newOperation,
  toAttackOrEnd,
} from './operations.ts';
import { answerPeace, offerPeace } from './peace.ts';
import { buyReplacement, replacementOptions } from './replacements.ts';
import { handSizeOf, shuffleInPlace } from './setup.ts';
import { redeploy, srCost } from './sr.ts';
import { statusOf } from './status.ts';
import { tagTopics } from './topics.ts';
import { other, type PogState, type Side } from './types.ts';
import { label, sideOf } from './units.ts';

export const copyState = (state: PogState): PogState => cloneJson(state);

/** Finds the offered choice an action matches, or refuses it with the reason. */
function matchChoice(state: PogState, seat: Seat, action: JsonObject & { type: string }): Choice {
  // A redeployment is checked against its own unit's routes only, the end of the redeployment
  // against no unit's; refused, an action is checked again against every choice, so the refusal
  // says what it always said.
  if (state.phase.kind === 'sr' && (action.type === 'redeploy' || action.type === 'endSr')) {
    const unit = action.type === 'redeploy' && typeof action.unit === 'string' ? action.unit : NO_UNIT;
    const own = choicesFor(state, seat, unit).find(
      (c) => c.action === action.type && (action.type === 'endSr' || c.base.unit === action.unit),
    );
    if (own?.params.every((p) => p.options.some((o) => o.value === action[p.name]))) return own;
  }
  const choices = choicesFor(state, seat);
  const sameType = choices.filter((c) => c.action === action.type);
  if (sameType.length === 0) violation(CommonErrorCode.WrongPhase, `${action.type} is not possible now`);
  for (const c of sameType) {
    if (!Object.entries(c.base).every(([k, v]) => action[k] === v)) continue;
    for (const p of c.params) {
      const picked = action[p.name];
      if (!p.options.some((o) => o.value === picked)) {
        violation(
          'ILLEGAL_CHOICE',
          `${JSON.stringify(picked ?? null)} is not a legal ${p.label.toLowerCase()} here`,
        );
      }
    }
    return c;
  }
  violation('ILLEGAL_CHOICE', `that ${action.type} is not possible now`);
}

export function applyAction(state: PogState, seat: Seat, action: unknown): ApplyResult<PogState> {
  const result = applyOnCopy(state, copyState, (draft, log) => {
    const typed = typedAction(action);
    checkMayAct(draft.outcome !== null, statusOf(draft).toAct, seat);
    // Checked against the state as given, not its fresh copy: the same position, but the one whose
    // memos (src/cache.ts) the choices just offered for it filled, so they are not worked out twice.
    matchChoice(state, seat, typed);
    dispatch(draft, log, seat as Side, typed);
    tagTopics(log.events);
  });
  if (result.ok) shareWithPrevious(state, result.state);
  return result;
}

/**
 * The new state takes back the previous one's parts that the action left as they were (most of the
 * board): the whole copy apply works on would otherwise live as long as the state, and each push's
 * patch would compare it value by value with the previous one instead of skipping what they share.
 * The state object itself stays new: the memos of src/cache.ts are kept by it.
 */
function shareWithPrevious(before: PogState, after: PogState): void {
  const from = before as unknown as JsonObject;
  const to = after as unknown as JsonObject;
  for (const key in to) if (Object.hasOwn(from, key)) to[key] = shareUnchanged(from[key]!, to[key]!);
}

const str = (v: Json | undefined) => v as string;

function dispatch(state: PogState, log: EventLog, side: Side, action: JsonObject & { type: string }): void {
  const phase = state.phase;
  switch (action.type) {
    case 'gunsOfAugust': {
      const deck = state.decks.cp;
      const keep = action.keep === true;
      if (keep) {
        deck.draw = deck.draw.filter((c) => c !== 'cp-1');
        deck.hand.push('cp-1');
      }
      // 4.3.1: the rest of the mobilization deck is shuffled and the hand filled to seven.
      shuffleInPlace(deck.draw, log.rng);
      log.add({
        type: 'gunsChoice',
        text: `Central Powers ${keep ? 'take' : 'do not take'} Guns of August into their hand`,
        keep,
      });
      drawCards(state, log, 'cp', handSizeOf(state) - deck.hand.length);
      startTurn(state, log);
      return;
    }
    case 'ops': {
      const id = str(action.card);
      discardFromHand(state, side, id, false);
      log.add({
        type: 'ops',
        text: `${sideName(side)} play ${cardName(id)} for ${card(id).ops} OPS`,
        side,
        card: id,
        reveals: true,
      });
      state.phase = { kind: 'activate', side, op: newOperation(id, card(id).ops) };
      return;
    }
    case 'offerPeace':
      offerPeace(state, log, side);
      return;
    case 'acceptPeace':
    case 'refusePeace':
      if (phase.kind === 'peaceOffer')
        answerPeace(state, log, phase.offeredBy, action.type === 'acceptPeace');
      return;
    case 'oneOp':
      log.add({ type: 'ops', text: `${sideName(side)} take one operations point without a card`, side });
      state.phase = { kind: 'activate', side, op: newOperation(null, 1) };
      return;
    case 'sr': {
      const id = str(action.card);
      discardFromHand(state, side, id, false);
      log.add({
        type: 'sr',
        text: `${sideName(side)} play ${cardName(id)} for ${card(id).sr} SR points`,
        side,
        card: id,
        reveals: true,
      });
      state.phase = { kind: 'sr', side, points: card(id).sr, moved: [] };
      return;
    }
    case 'rp': {
      const id = str(action.card);
      discardFromHand(state, side, id, false);
      const gained: string[] = [];
      for (const [nation, n] of Object.entries(card(id).rp) as [RpNation, number][]) {
        // 9.4.1: neutral nations record nothing.
        if (rpSide(nation) !== side || state.neutral.includes(nation) || (nation === 'a' && side !== 'ap'))
          continue;
        state.rp[nation] = (state.rp[nation] ?? 0) + n;
        // 16.4.7: after Bolshevik Revolution Russia spends at most one point a turn.
        if (nation === 'ru' && state.played.includes('bolshevik_revolution'))
          state.rp.ru = Math.min(1, state.rp.ru!);
        gained.push(`${nation.toUpperCase()} ${n}`);
      }
      // Card AP 55 Over There: every Allied RP play adds one US point.
      if (side === 'ap' && state.played.includes('over_there')) {
        state.rp.us = (state.rp.us ?? 0) + 1;
        gained.push('US 1');
      }
      log.add({
        type: 'rp',
        text: `${sideName(side)} play ${cardName(id)} for replacements: ${gained.join(', ') || 'nothing usable'}`,
        side,
        card: id,
        reveals: true,
      });
      actionDone(state, log, side, 'rp');
      return;
    }
    case 'event':
      playEvent(state, log, side, str(action.card));
      return;
    case 'activate':
      if (phase.kind === 'activate')
        activate(state, log, side, phase.op, str(action.space), action.mode === 'attack' ? 'attack' : 'move');
      return;
    case 'endActivation':
      if (phase.kind !== 'activate') return;
      if (Object.values(phase.op.activated).includes('move'))
        state.phase = { kind: 'move', side, op: phase.op };
      else toAttackOrEnd(state, log, side, phase.op);
      return;
    case 'move':
      if (phase.kind === 'move') moveUnit(state, log, phase.op, str(action.unit), str(action.to));
      return;
    case 'moveInPassing':
      if (phase.kind === 'move') moveInPassing(state, log, phase.op, str(action.unit), str(action.to));
      return;
    case 'moveStack':
      if (phase.kind === 'move') moveStack(state, log, side, phase.op, str(action.from), str(action.to));
      return;
    case 'entrench':
      if (phase.kind === 'move') {
        phase.op.entrenching.push(str(action.unit));
        log.add({
          type: 'entrenching',
          text: `${label(str(action.unit))} stays to dig in`,
          unit: str(action.unit),
        });
      }
      return;
    case 'endMovement':
      if (phase.kind === 'move') endMovement(state, log, side, phase.op);
      return;
    case 'declareAttack':
      if (phase.kind === 'attack') declareAttack(state, log, side, phase.op, str(action.target));
      return;
    case 'endAttacks':
      if (phase.kind === 'attack') finishOperation(state, log, side, phase.op);
      return;
    case 'addAttacker':
      if (phase.kind === 'attack' && phase.combat) phase.combat.attackers.push(str(action.unit));
      return;
    case 'cancelAttack':
      if (phase.kind === 'attack') {
        phase.combat = null;
        toAttackOrEnd(state, log, side, phase.op);
      }
      return;
    case 'fight': {
      if (phase.kind !== 'attack' || !phase.combat) return;
      const combat = phase.combat;
      if (undefended(targetKind(state, combat.target, side))) {
        emptyAttack(state, log, side, phase.op, combat);
        return;
      }
      afterDesignation(state, log, combat, flankPossible(state, combat, other(side)));
      return;
    }
    case 'flank':
      if (phase.kind === 'attack' && phase.combat) {
        phase.combat.pin = action.pin === 'none' ? null : str(action.pin);
        if (phase.combat.pin)
          log.add({
            type: 'flankDeclared',
            text: `Flank attack pinned from ${space(phase.combat.pin).name}`,
          });
        phase.combat.step = 'attackerCards';
      }
      return;
    case 'combatCard':
      if (phase.kind === 'attack' && phase.combat)
        useCombatCard(state, log, side, phase.combat, str(action.card));
      return;
    case 'armyTable':
      if (phase.kind === 'attack' && phase.combat) {
        phase.combat.armyTable = [...(phase.combat.armyTable ?? []), side];
        log.add({
          type: 'armyTable',
          text: `${sideName(side)} will fire on the Army table, giving up favourable shifts`,
          side,
        });
      }
      return;
    case 'greatRetreat':
      if (phase.kind === 'attack' && phase.combat) greatRetreat(state, log, phase.combat);
      return;
    case 'doneCards':
      if (phase.kind !== 'attack' || !phase.combat) return;
      if (phase.combat.step === 'attackerCards') phase.combat.step = 'defenderCards';
      else resolveCombat(state, log, phase.side, phase.op, phase.combat);
      return;
    case 'takeStep':
      stepLoss(state, log, str(action.unit));
      return;
    case 'retreat':
      retreatStep(state, log, str(action.unit), str(action.to));
      return;
    case 'holdGround':
      holdGround(state, log, str(action.unit));
      return;
    case 'advance':
      advanceUnit(state, log, str(action.unit), str(action.to));
      return;
    case 'endAdvance':
      if (phase.kind === 'advance') endCombat(state, log, phase.side, phase.op);
      return;
    case 'redeploy':
      if (phase.kind === 'sr') {
        const unit = str(action.unit);
        phase.points -= srCost(unit, state, str(action.to));
        phase.moved.push(unit);
        redeploy(state, log, unit, str(action.to));
      }
      return;
    case 'endSr':
      actionDone(state, log, side, 'sr');
      return;
    case 'place':
      if (phase.kind === 'placeReinforcements') {
        const unit = str(action.unit);
        // 9.5.3.4: a Near East army entered elsewhere than its card's entry (at home) no longer
        // operates in the Near East; read before the army stands in the space.
        const ownEntry = NEAR_EAST_ENTRY[unit];
        const atHome = ownEntry !== undefined && !ownEntry(state, unit).includes(str(action.to));
        // 9.5.3.5: the MEF Army lands with its beachhead.
        if (unit === 'br-army-mef' && !atHome && MEF_SPACES.includes(str(action.to)))
          landMef(state, log, str(action.to));
        else setLoc(state, unit, str(action.to));
        if (atHome) {
          state.homeArmies = [...(state.homeArmies ?? []), unit];
          log.add({
            type: 'homeArmy',
            text: `${label(unit)} enters at home and will not serve in the Near East`,
            unit,
          });
        }
        unitTakes(state, log, unit, str(action.to));
        log.add({
          type: 'reinforcement',
          text: `${label(unit)} arrives in ${space(str(action.to)).name}`,
          unit,
        });
        phase.units = phase.units.slice(1);
        if (phase.units.length === 0) actionDone(state, log, side, 'event');
      }
      return;
    case 'flip':
      if (phase.kind === 'freeFlips') {
        state.units[str(action.unit)]!.reduced = false;
        log.add({
          type: 'replacement',
          text: `${label(str(action.unit))} is brought back to full strength`,
          unit: str(action.unit),
        });
        phase.points -= 1;
        if (phase.points <= 0) actionDone(state, log, side, 'event');
      }
      return;
    case 'endFlips':
      actionDone(state, log, side, 'event');
      return;
    case 'dig':
      state.trenches[str(action.space)] = { side, level: 1 };
      log.add({
        type: 'trench',
        text: `A level 1 trench is dug in ${space(str(action.space)).name}`,
        space: str(action.space),
      });
      actionDone(state, log, side, 'event');
      return;
    case 'replace': {
      const option = replacementOptions(state, side).find((o) => o.value === action.target)!;
      buyReplacement(state, log, option, state.rp);
      if (replacementOptions(state, side).length === 0) nextReplacementSegment(state, log, side);
      return;
    }
    case 'discardCombat': {
      const id = str(action.card);
      discardFromHand(state, side, id, false);
      log.add({ type: 'discardCombat', text: `${sideName(side)} discard ${cardName(id)}`, side, card: id });
      if (combatCardsInHand(state, side).length === 0) nextDiscardSegment(state, log, side);
      return;
    }
    case 'keepCards':
      nextDiscardSegment(state, log, side);
      return;
    case 'cardEvent': {
      if (phase.kind !== 'cardEvent') return;
      const mod = cardModule(phase.card)!;
      const result = mod.resolve!(state, log, phase.side, action, phase.step);
      continueEvent(state, log, phase.card, card(phase.card).side, result);
      return;
    }
    case 'endReplacements':
      nextReplacementSegment(state, log, side);
      return;
    default:
      violation(CommonErrorCode.UnknownAction, `there is no action ${action.type} in Paths of Glory`);
  }
}

export { sideOf };
