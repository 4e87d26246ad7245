import type { Choice, ChoiceOption, Policy } from '@salient/engine';
import { fulfilsMandate } from './battle.ts';
import { defendersOf, flankDrm, mayAttack, targetKind, validAttackingGroup } from './combat.ts';
import { card, SPACES, space } from './data/index.ts';
import { MAP } from './map.ts';
import { newOperation } from './operations.ts';
import { combatOdds } from './preview.ts';
import { isNeutralSpace, supplyOf } from './supply.ts';
import { type Combat, type Operation, other, type PogState, type Side } from './types.ts';
import { cfOf, isArmy, nationOf, occupancy, sideOf, unitsIn } from './units.ts';

/**
 * A player with a purpose, cheap enough for hundreds of games: it plays good events and otherwise
 * its biggest card for operations, activates spaces where an attack has good odds (or an empty enemy
 * space to take), moves its other units toward the enemy's VP spaces while the front line holds,
 * sends reserve corps and reinforcements to the front, and takes its losses from corps first. Some
 * choices are left to chance so that every rule still gets exercised.
 */
export const purposefulPlayer: Policy = (choices, seat, raw, pick) => {
  const state = raw as PogState;
  const side = seat as Side;
  const by = (action: string) => choices.find((c) => c.action === action);
  const phase = state.phase;
  const roll = pick(100);
  switch (phase.kind) {
    case 'gunsOfAugust':
      return onlyValue(by('gunsOfAugust')!, true);
    case 'action':
      return actionRound(state, side, choices, roll);
    case 'activate':
      return activation(state, side, choices, roll);
    case 'move':
      return movement(state, side, choices, roll);
    case 'attack':
      return attack(state, side, choices, roll);
    case 'losses': {
      const step = by('takeStep')!;
      return only(step, cheapest(state, options(step))!);
    }
    case 'retreat': {
      const hold = by('holdGround');
      if (hold && roll < 60) return only(hold, cheapest(state, options(hold))!);
      const retreat = by('retreat');
      if (retreat) return only(retreat, nearest(options(retreat), awayFromEnemy(state, side)));
      break;
    }
    case 'advance': {
      // Advance into the defending space (it is taken), not beyond, and without emptying a space
      // the enemy could walk into unless a VP space is won: the line stays together.
      const target = phase.result.target;
      const enemy = enemyDistance(state, side);
      const prize = space(target).vp && state.control[target] !== side;
      const into = choices.find((c) => {
        if (c.action !== 'advance' || !options(c).some((o) => o.value === target)) return false;
        const from = state.units[String(c.base.unit)]!.loc;
        const friends = unitsIn(state, from).filter((u) => sideOf(u) === side).length;
        return prize || friends > 1 || far(enemy, from) > 2;
      });
      if (into) return onlyValue(into, target);
      return by('endAdvance')!;
    }
    case 'sr':
      return redeployment(state, side, choices);
    case 'placeReinforcements':
    case 'entrenchEvent': {
      const c = choices[0]!;
      return only(c, nearest(options(c), towardEnemy(state, side)));
    }
    case 'freeFlips':
      return by('flip') ?? by('endFlips')!;
    case 'replacement':
      return by('replace') ?? by('endReplacements')!;
    case 'discardCombat':
      return by('keepCards')!;
    case 'peaceOffer':
      return by('refusePeace')!;
    case 'over':
      break;
  }
  return choices[pick(choices.length)]!;
};

/** Keeps only one option of a choice's single parameter: the bot's pick among them. */
function only(choice: Choice, option: ChoiceOption): Choice {
  const param = choice.params[0]!;
  return { ...choice, params: [{ ...param, options: [option] } as Choice['params'][number]] };
}

function onlyValue(choice: Choice, value: unknown): Choice {
  return only(choice, options(choice).find((o) => o.value === value) ?? options(choice)[0]!);
}

function options(choice: Choice): ChoiceOption[] {
  const param = choice.params[0];
  return param && param.kind === 'one' ? param.options : [];
}

/** Graph distance from the nearest of `from` over spaces not closed by neutrality. */
function distances(state: PogState, from: string[]): Map<string, number> {
  const dist = new Map<string, number>(from.map((s) => [s, 0]));
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const d = dist.get(id)!;
    for (const n of MAP.neighbors(id)) {
      if (dist.has(n) || isNeutralSpace(state, n)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** How far each space is from the enemy's units. */
function enemyDistance(state: PogState, side: Side): Map<string, number> {
  const enemy = [...occupancy(state)].filter(([, us]) => us.some((u) => sideOf(u) !== side)).map(([s]) => s);
  return distances(state, enemy);
}

/** How far each space is from the enemy's VP spaces still in play. */
function goalDistance(state: PogState, side: Side): Map<string, number> {
  const goals = SPACES.filter(
    (s) => s.vp && state.control[s.id] === other(side) && !isNeutralSpace(state, s.id),
  ).map((s) => s.id);
  return distances(state, goals);
}

const far = (dist: Map<string, number>, s: string) => dist.get(s) ?? 99;
const towardEnemy = (state: PogState, side: Side) => {
  const dist = enemyDistance(state, side);
  return (s: string) => far(dist, s);
};
const awayFromEnemy = (state: PogState, side: Side) => {
  const dist = enemyDistance(state, side);
  return (s: string) => -far(dist, s);
};

/** The option whose space scores lowest. */
function nearest(opts: ChoiceOption[], score: (s: string) => number): ChoiceOption {
  let best = opts[0]!;
  for (const o of opts) if (score(String(o.value)) < score(String(best.value))) best = o;
  return best;
}

/** The unit whose step costs least: corps before armies, full units before reduced ones. */
function cheapest(state: PogState, opts: ChoiceOption[]): ChoiceOption | undefined {
  const cost = (u: string) => (isArmy(u) ? 10 : 0) + (state.units[u]!.reduced ? 5 : 0) + cfOf(state, u) / 10;
  return [...opts].sort((a, b) => cost(String(a.value)) - cost(String(b.value)))[0];
}

function bestCard(opts: ChoiceOption[], value: (id: string) => number): ChoiceOption {
  return [...opts].sort((a, b) => value(String(b.value)) - value(String(a.value)))[0]!;
}

/** Events worth playing at once: the opening offensive and reinforcements first. */
const EVENT_PRIORITY: Record<string, number> = { guns_of_august: 100 };

function actionRound(state: PogState, side: Side, choices: Choice[], roll: number): Choice {
  const by = (action: string) => choices.find((c) => c.action === action);
  const event = by('event');
  if (event) {
    const ranked = bestCard(
      options(event),
      (id) => EVENT_PRIORITY[card(id).event ?? ''] ?? (card(id).reinforcements ? 50 : 10),
    );
    const priority = EVENT_PRIORITY[card(String(ranked.value)).event ?? ''] ?? 0;
    if (priority > 0 || roll < 55) return only(event, ranked);
  }
  const reserve = Object.entries(state.units).some(([id, u]) => u.loc === 'reserve' && sideOf(id) === side);
  const sr = by('sr');
  if (sr && reserve && roll >= 85)
    return only(
      sr,
      bestCard(options(sr), (id) => card(id).sr),
    );
  const rp = by('rp');
  const hurt = Object.entries(state.units).some(
    ([id, u]) => sideOf(id) === side && (u.reduced || u.loc === 'eliminated'),
  );
  if (rp && hurt && roll >= 70 && roll < 85) {
    const total = (id: string) => Object.values(card(id).rp).reduce((a, b) => a + (b ?? 0), 0);
    return only(rp, bestCard(options(rp), total));
  }
  const ops = by('ops');
  // Combat cards are kept for combat where possible.
  if (ops)
    return only(
      ops,
      bestCard(options(ops), (id) => card(id).ops - (card(id).combatCard ? 0.5 : 0)),
    );
  return by('oneOp')!;
}

/** What attacking from a space could do: the best odds of a combat from it alone, for one target. */
function attackValue(state: PogState, side: Side, from: string): { target: string; value: number } | null {
  const supply = supplyOf(state);
  const op: Operation = newOperation(null, 0);
  op.activated = { [from]: 'attack' };
  let best: { target: string; value: number } | null = null;
  for (const target of [from, ...MAP.neighbors(from)]) {
    const kind = targetKind(state, target, side);
    if (kind === 'friendly' || (target === from && kind !== 'fort')) continue;
    const units = unitsIn(state, from).filter(
      (u) => sideOf(u) === side && mayAttack(state, op, u, target, supply),
    );
    const group = attackingGroup(state, units);
    if (group.length === 0) continue;
    const value = combatValue(state, side, op, target, group);
    if (value > (best?.value ?? 0)) best = { target, value };
  }
  return best;
}

/** A group that may attack together (12.1.10-12.1.11): all, else the strongest single nation, never London alone. */
function attackingGroup(state: PogState, units: string[]): string[] {
  const outside = units.filter((u) => state.units[u]!.loc !== 'london');
  if (validAttackingGroup(state, outside)) return outside;
  const byNation = new Map<string, string[]>();
  for (const u of outside) byNation.set(nationOf(u), [...(byNation.get(nationOf(u)) ?? []), u]);
  const strength = (us: string[]) => us.reduce((a, u) => a + cfOf(state, u), 0);
  return [...byNation.values()].sort((a, b) => strength(b) - strength(a))[0] ?? [];
}

/** How much an attack is worth: taking an empty enemy space, else the chance of winning, more for a VP space or a mandate. */
function combatValue(
  state: PogState,
  side: Side,
  op: Operation,
  target: string,
  attackers: string[],
): number {
  const kind = targetKind(state, target, side);
  const vp = space(target).vp ? 0.3 : 0;
  if (kind === 'empty') return state.control[target] === side ? 0 : 0.6 + vp;
  const defenders = defendersOf(state, target, other(side), op);
  const combat: Combat = {
    target,
    attackers,
    defenders,
    spent: unitsIn(state, target).filter((u) => sideOf(u) !== side && op.retreated.includes(u)),
    step: 'designate',
    pin: null,
    cards: { ap: [], cp: [] },
  };
  const odds = combatOdds(state, combat, side);
  const mandate = fulfilsMandate(state, side, attackers, defenders, target) ? 0.3 : 0;
  return odds.attackerWins - 0.5 * odds.defenderHolds + vp / 2 + mandate;
}

function activation(state: PogState, side: Side, choices: Choice[], roll: number): Choice {
  const enemy = enemyDistance(state, side);
  const goal = goalDistance(state, side);
  let best: { choice: Choice; mode: string; value: number } | null = null;
  for (const c of choices) {
    if (c.action !== 'activate') continue;
    const from = String(c.base.space);
    const modes = options(c).map((o) => String(o.value));
    const cost = Number(options(c)[0]?.cost ?? 1);
    if (modes.includes('attack')) {
      const a = attackValue(state, side, from);
      if (a && a.value >= 0.35) {
        const value = (a.value + 0.2) / cost;
        if (value > (best?.value ?? 0)) best = { choice: c, mode: 'attack', value };
      }
    }
    // Moving is worth it for units away from the front, or next to enemy spaces left empty.
    const front = far(enemy, from) <= 1;
    const goalNear = far(goal, from);
    const value = ((front ? 0.1 : 0.45) + (goalNear <= 3 ? 0.15 : 0)) / cost;
    if (value > (best?.value ?? 0)) best = { choice: c, mode: 'move', value };
  }
  // Keep some points unspent now and then, as players do.
  if (best && (best.value >= 0.3 || roll < 50)) return onlyValue(best.choice, best.mode);
  return choices.find((c) => c.action === 'endActivation')!;
}

function movement(state: PogState, side: Side, choices: Choice[], roll: number): Choice {
  const enemy = enemyDistance(state, side);
  const goal = goalDistance(state, side);
  const worth = (s: string) => {
    const enemySpace = state.control[s] !== side;
    return -far(goal, s) + (enemySpace ? 2 : 0) + (enemySpace && space(s).vp ? 4 : 0);
  };
  const supply = supplyOf(state);
  for (const c of choices) {
    if (c.action !== 'move') continue;
    const unit = String(c.base.unit);
    const from = state.units[unit]!.loc;
    // Never into a space where it would be cut off (11.1.5, 14.3.5).
    const supplied = options(c).filter((o) => supply.suppliedAt(side, nationOf(unit), String(o.value)));
    const best = [...supplied].sort((a, b) => worth(String(b.value)) - worth(String(a.value)))[0];
    if (!best) continue;
    const to = String(best.value);
    // The line holds: a unit next to the enemy in a trench, or the last one guarding a VP space
    // with the enemy near, stays unless it takes a VP space.
    const entrenched = far(enemy, from) <= 1 && state.trenches[from]?.side === side;
    const guard =
      space(from).vp &&
      far(enemy, from) <= 2 &&
      unitsIn(state, from).filter((u) => sideOf(u) === side).length === 1;
    if ((entrenched || guard) && !(space(to).vp && state.control[to] !== side)) continue;
    if (worth(to) > worth(from)) return only(c, best);
  }
  const dig = choices.find((c) => c.action === 'entrench');
  if (dig && roll < 60) return dig;
  return choices.find((c) => c.action === 'endMovement') ?? choices[0]!;
}

function attack(state: PogState, side: Side, choices: Choice[], roll: number): Choice {
  const by = (action: string) => choices.find((c) => c.action === action);
  const phase = state.phase;
  if (phase.kind !== 'attack') return choices[0]!;
  const combat = phase.combat;
  if (combat === null) {
    const declare = by('declareAttack');
    if (declare) {
      let best: { option: ChoiceOption; value: number } | null = null;
      for (const o of options(declare)) {
        const target = String(o.value);
        const group = planned(state, side, phase.op, target);
        if (group.length === 0) continue;
        const value = combatValue(state, side, phase.op, target, group);
        if (value > (best?.value ?? 0)) best = { option: o, value };
      }
      if (best && best.value >= 0.3) return only(declare, best.option);
    }
    return by('endAttacks')!;
  }
  switch (combat.step) {
    case 'designate': {
      const plan = planned(state, side, phase.op, combat.target);
      const add = by('addAttacker');
      const joinable = add ? options(add).filter((o) => plan.includes(String(o.value))) : [];
      if (add && joinable.length > 0) {
        const strongest = [...joinable].sort(
          (a, b) => cfOf(state, String(b.value)) - cfOf(state, String(a.value)),
        )[0]!;
        return only(add, strongest);
      }
      return by('fight') ?? by('cancelAttack')!;
    }
    case 'flank': {
      const flank = by('flank')!;
      const pins = options(flank).filter((o) => o.value !== 'none');
      const drm = (pin: string) => flankDrm(state, combat, pin);
      const pin = [...pins].sort((a, b) => drm(String(b.value)) - drm(String(a.value)))[0];
      if (pin && drm(String(pin.value)) >= 1) return only(flank, pin);
      return onlyValue(flank, 'none');
    }
    case 'attackerCards':
    case 'defenderCards': {
      const play = by('combatCard');
      if (play) {
        const cards = options(play).filter((o) => {
          const e = card(String(o.value)).event ?? '';
          // Withdrawal gives ground: kept for when the defence looks lost.
          return !e.endsWith('withdrawal') || roll < 40;
        });
        if (cards.length > 0) return only(play, cards[0]!);
      }
      return by('armyTable') ?? by('doneCards')!;
    }
  }
}

/** The units the bot means to attack a target with: every unit able, as one valid group. */
function planned(state: PogState, side: Side, op: Operation, target: string): string[] {
  const supply = supplyOf(state);
  const able: string[] = [];
  for (const [from, mode] of Object.entries(op.activated)) {
    if (mode !== 'attack') continue;
    for (const u of unitsIn(state, from))
      if (sideOf(u) === side && mayAttack(state, op, u, target, supply)) able.push(u);
  }
  return attackingGroup(state, able);
}

function redeployment(state: PogState, side: Side, choices: Choice[]): Choice {
  const enemy = enemyDistance(state, side);
  for (const c of choices) {
    if (c.action !== 'redeploy') continue;
    const unit = String(c.base.unit);
    const from = state.units[unit]!.loc;
    // Reserve corps and units far behind the lines go to the front.
    if (from !== 'reserve' && far(enemy, from) < 4) continue;
    const opts = options(c).filter((o) => o.value !== 'reserve');
    if (opts.length === 0) continue;
    const to = nearest(opts, (s) => Math.max(1, far(enemy, s)));
    if (far(enemy, String(to.value)) < far(enemy, from)) return only(c, to);
  }
  return choices.find((c) => c.action === 'endSr')!;
}
