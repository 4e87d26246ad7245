import type { Choice, ChoiceOption, Json, JsonObject, Seat } from '@salient/engine';
import { advanceChoices, greatRetreatOpen, lossCandidates, retreatOptions } from './battle.ts';
import { cardModule } from './cards/index.ts';
import { handOf } from './cards.ts';
import {
  armyTableOption,
  attackingSpaces,
  cardUsable,
  flankPossible,
  mayAttack,
  mayJoin,
  validAttackingGroup,
} from './combat.ts';
import { card, space } from './data/index.ts';
import { entrenchSpaces, eventPlayable, freeFlipTargets, placementSpaces } from './events.ts';
import { combatCardsInHand } from './flow.ts';
import { siegeKeptWithout } from './forts.ts';
import { reachable, stackDestinations } from './movement.ts';
import {
  activationOptions,
  attackTargets,
  diggers,
  movers,
  mustMoveOn,
  passingTargets,
} from './operations.ts';
import { mayOfferPeace } from './peace.ts';
import { replacementOptions } from './replacements.ts';
import { srCost, srDestinations } from './sr.ts';
import { statusOf } from './status.ts';
import { isNeutralSpace, type Supply, supplyOf } from './supply.ts';
import { RESERVE, type Readable, type Side } from './types.ts';
import { boxUnits, label, sideOf, unitsIn } from './units.ts';
import { lateEntryLocked } from './war.ts';

const one = (name: string, lbl: string, options: ChoiceOption[]) => ({
  name,
  label: lbl,
  kind: 'one' as const,
  options,
});

function choice(
  action: string,
  lbl: string,
  base: JsonObject = {},
  params: Choice['params'] = [],
  extra: Partial<Choice> = {},
): Choice {
  return { action, label: lbl, base, params, ...extra };
}

const spaceName = (id: string) => (id === RESERVE ? 'reserve box' : space(id).name);
const cardOption = (id: string, detail?: string): ChoiceOption => ({
  value: id,
  label: `${card(id).name} (#${card(id).num}, OPS ${card(id).ops}, SR ${card(id).sr})${detail ? ` ${detail}` : ''}`,
});

/** No unit has this id: `choicesFor(state, seat, NO_UNIT)` leaves out every unit's redeployment. */
export const NO_UNIT = '';

/**
 * Everything a seat may do now. Built only from what the seat's view holds (its own hand, the
 * public board), so the client and the server compute the same list. Every combination a choice's
 * parameters allow is a legal action.
 *
 * `onlyUnit` narrows a strategic redeployment's choices to that unit's (NO_UNIT: to none, leaving
 * only the end of the redeployment): checking a redeployment, or its end, needs no other unit's
 * routes, and working out every unit's is most of the cost of applying one (src/apply.ts).
 */
export function choicesFor(state: Readable, seat: Seat, onlyUnit?: string): Choice[] {
  if (state.outcome || !statusOf(state).toAct.includes(seat)) return [];
  const side = seat as Side;
  const phase = state.phase;
  switch (phase.kind) {
    case 'gunsOfAugust':
      return [
        choice('gunsOfAugust', 'Guns of August: start with it in hand?', {}, [
          one('keep', 'Guns of August', [
            { value: true, label: 'Take Guns of August into the opening hand' },
            // 5.7.4.3: the historical scenario opens with Guns of August as an event.
            ...(state.rules?.historical
              ? []
              : [{ value: false, label: 'Shuffle it into the deck with the rest' }]),
          ]),
        ]),
      ];
    case 'action': {
      const all = actionChoices(state, side);
      // 5.7.4.3: in the historical scenario the Central Powers' first action is Guns of August.
      if (state.rules?.historical && side === 'cp' && state.turn === 1 && state.actions.cp.length === 0) {
        const goa = all.find(
          (c) => c.action === 'event' && c.params[0]!.options.some((o) => o.value === 'cp-1'),
        );
        if (goa)
          return [
            {
              ...goa,
              params: [
                { ...goa.params[0]!, options: goa.params[0]!.options.filter((o) => o.value === 'cp-1') },
              ],
            },
          ];
      }
      return all;
    }
    case 'activate': {
      const out: Choice[] = activationOptions(state, side, phase.op).map((a) =>
        choice(
          'activate',
          `Activate ${space(a.space).name} (${a.cost} OPS)`,
          { space: a.space },
          [
            one(
              'mode',
              'Activate for',
              a.modes.map((m) => ({
                value: m,
                label: m === 'move' ? 'Movement' : 'Combat',
                loc: a.space,
                cost: m === 'attack' ? (a.attackCost ?? a.cost) : a.cost,
              })),
            ),
          ],
          { loc: a.space },
        ),
      );
      out.push(choice('endActivation', `Done activating (${phase.op.points} OPS left unused)`));
      return out;
    }
    case 'move': {
      const supply = supplyOf(state);
      const out: Choice[] = [];
      for (const u of movers(state, side, phase.op, supply)) {
        // 15.2.4: no single unit leaves an enemy fort occupied but no longer besieged.
        if (!siegeKeptWithout(state, state.units[u]!.loc, [u])) continue;
        const reach = reachable(state, u, supply);
        const paths = reach.paths;
        if (paths.size === 0) continue;
        const options = [...paths.keys()]
          .sort()
          .map((to) => ({ value: to, label: space(to).name, loc: to, cost: paths.get(to)!.length }));
        out.push(
          choice('move', `Move ${label(u)}`, { unit: u }, [one('to', 'Move to', options)], { piece: u }),
        );
        const passing = passingTargets(state, u, supply, reach);
        if (passing.length > 0)
          out.push(
            choice(
              'moveInPassing',
              `Move ${label(u)} and take a space in passing (1 more MP), then go on`,
              { unit: u },
              [
                one(
                  'to',
                  'Take control of',
                  passing.map((to) => ({ value: to, label: space(to).name, loc: to })),
                ),
              ],
              { piece: u },
            ),
          );
      }
      // 11.1.9 (seed): a unit that took a closed channel space in passing moves on before anything
      // else (it was offered the space only with somewhere to go from there).
      const stranded = mustMoveOn(state, side, phase.op);
      const onward = out.filter((c) => c.base.unit === stranded);
      if (onward.length > 0) return onward;
      const bySpace = new Map<string, string[]>();
      for (const u of movers(state, side, phase.op, supply)) {
        const loc = state.units[u]!.loc;
        bySpace.set(loc, [...(bySpace.get(loc) ?? []), u]);
      }
      for (const [from, units] of bySpace) {
        if (units.length < 2 || !siegeKeptWithout(state, from, units)) continue;
        const dest = stackDestinations(state, units, supply);
        if (dest.size === 0) continue;
        const options = [...dest.keys()].sort().map((to) => ({ value: to, label: space(to).name, loc: to }));
        out.push(
          choice(
            'moveStack',
            `Move the stack in ${space(from).name} together (${units.map(label).join(', ')})`,
            { from },
            [one('to', 'Move to', options)],
            { loc: from },
          ),
        );
      }
      for (const u of diggers(state, side, phase.op, supply)) {
        out.push(
          choice('entrench', `${label(u)} digs in instead of moving`, { unit: u }, [], {
            piece: u,
            irreversible: false,
          }),
        );
      }
      out.push(choice('endMovement', 'End movement'));
      return out;
    }
    case 'attack':
      return attackChoices(state, side);
    case 'losses': {
      const units = lossCandidates(state, phase.result);
      return [
        choice('takeStep', `Take a step loss (${phase.result.lossQueue[0]?.remaining ?? 0} to go)`, {}, [
          one(
            'unit',
            'Unit',
            units.map((u) => ({ value: u, label: label(u), piece: u, loc: state.units[u]!.loc })),
          ),
        ]),
      ];
    }
    case 'retreat': {
      const out: Choice[] = [];
      for (const p of phase.pending) {
        const options = retreatOptions(state, phase.result, p.unit, p.stepsLeft, p.path);
        if (options.length === 0) continue;
        out.push(
          choice(
            'retreat',
            `Retreat ${label(p.unit)} (${p.stepsLeft} to go)`,
            { unit: p.unit },
            [
              one(
                'to',
                'Retreat to',
                options.map((o) => ({ value: o, label: space(o).name, loc: o })),
              ),
            ],
            { piece: p.unit },
          ),
        );
      }
      if (phase.mayHold) {
        const units = unitsIn(state, phase.result.target).filter((u) => sideOf(u) === side);
        out.push(
          choice('holdGround', 'Stand in place, paying one more step', {}, [
            one(
              'unit',
              'Step from',
              units.map((u) => ({ value: u, label: label(u), piece: u })),
            ),
          ]),
        );
      }
      return out;
    }
    case 'advance': {
      const out: Choice[] = [...advanceChoices(state)].map(([u, targets]) =>
        choice(
          'advance',
          `Advance ${label(u)}`,
          { unit: u },
          [
            one(
              'to',
              'Advance to',
              targets.map((t) => ({ value: t, label: space(t).name, loc: t })),
            ),
          ],
          { piece: u },
        ),
      );
      out.push(choice('endAdvance', 'No (further) advance'));
      return out;
    }
    case 'sr': {
      const supply = supplyOf(state);
      const out: Choice[] = [];
      const candidates = [
        ...boxUnits(state, side, RESERVE),
        ...Object.keys(state.units).filter(
          (u) => sideOf(u) === side && space0(state, u) && !isNeutralSpace(state, state.units[u]!.loc),
        ),
      ];
      for (const u of candidates) {
        if (onlyUnit !== undefined && u !== onlyUnit) continue;
        if (phase.moved.includes(u) || srCost(u) > phase.points) continue;
        // 11.3.5 (optional): some destinations cost a German corps 3 points.
        const dest = srDestinations(state, u, supply).filter((d) => srCost(u, state, d) <= phase.points);
        if (dest.length === 0) continue;
        out.push(
          choice(
            'redeploy',
            `Redeploy ${label(u)} (${srCost(u)} SR)`,
            { unit: u },
            [
              one(
                'to',
                'Redeploy to',
                dest.map((d) => ({
                  value: d,
                  label: spaceName(d),
                  loc: d === RESERVE ? undefined : d,
                  cost: srCost(u, state, d),
                })),
              ),
            ],
            { piece: u },
          ),
        );
      }
      out.push(choice('endSr', `End redeployment (${phase.points} SR left)`));
      return out;
    }
    case 'placeReinforcements':
      return phase.units
        .slice(0, 1)
        .map((u) =>
          choice(
            'place',
            `Place ${label(u)}`,
            { unit: u },
            [
              one(
                'to',
                'Place in',
                placementSpaces(state, u).map((s) => ({ value: s, label: space(s).name, loc: s })),
              ),
            ],
            { piece: u },
          ),
        )
        .filter((c) => c.params[0]!.options.length > 0);
    case 'freeFlips': {
      const targets = freeFlipTargets(state, side, phase.card);
      const out: Choice[] = [];
      if (targets.length > 0)
        out.push(
          choice('flip', `Flip a reduced unit to full strength (${phase.points} left)`, {}, [
            one(
              'unit',
              'Unit',
              targets.map((u) => ({ value: u, label: label(u), piece: u })),
            ),
          ]),
        );
      out.push(choice('endFlips', 'Done'));
      return out;
    }
    case 'entrenchEvent':
      return [
        choice('dig', 'Place a level 1 trench', {}, [
          one(
            'space',
            'Space',
            entrenchSpaces(state, side).map((s) => ({ value: s, label: space(s).name, loc: s })),
          ),
        ]),
      ];
    case 'replacement': {
      const options = replacementOptions(state, side);
      const out: Choice[] = [];
      if (options.length > 0)
        out.push(
          choice('replace', 'Spend a replacement point', {}, [
            one(
              'target',
              'Replacement',
              options.map((o) => ({
                value: o.value,
                label: o.label,
                piece: o.unit,
                ...(o.to && o.to !== RESERVE ? { loc: o.to } : {}),
              })),
            ),
          ]),
        );
      out.push(choice('endReplacements', 'Done with replacements (points left are lost)'));
      return out;
    }
    case 'discardCombat': {
      const cards = combatCardsInHand(state, side);
      const out: Choice[] = [];
      if (cards.length > 0)
        out.push(
          choice('discardCombat', 'Discard a combat card before drawing', {}, [
            one(
              'card',
              'Card',
              cards.map((c) => cardOption(c)),
            ),
          ]),
        );
      out.push(choice('keepCards', 'Keep the rest and draw'));
      return out;
    }
    case 'cardEvent':
      return cardModule(phase.card)?.choices?.(state, side, phase.step) ?? [];
    case 'peaceOffer':
      return [
        choice('acceptPeace', `Accept the peace terms: the game ends in a draw at VP ${state.vp}`, {}, [], {
          irreversible: true,
        }),
        choice('refusePeace', 'Refuse the peace terms: the side that offered rolls on the Peace Terms Table'),
      ];
    case 'over':
      return [];
  }
}

const space0 = (state: Readable, u: string) => {
  const loc = state.units[u]!.loc;
  return loc !== RESERVE && loc !== 'eliminated' && loc !== 'removed' && loc !== 'offmap';
};

function actionChoices(state: Readable, side: Side): Choice[] {
  const wholeHand = handOf(state, side);
  // 9.5.2.5: late entry cards locked to their events play for nothing else.
  const hand = wholeHand.filter((c) => !lateEntryLocked(state, c));
  const last = state.actions[side][state.actions[side].length - 1];
  const out: Choice[] = [];
  if (hand.length > 0) {
    out.push(
      choice('ops', 'Play a card for operations', {}, [
        one(
          'card',
          'Card',
          hand.map((c) => cardOption(c)),
        ),
      ]),
    );
    if (last !== 'sr')
      out.push(
        choice('sr', 'Play a card for strategic redeployment', {}, [
          one(
            'card',
            'Card',
            hand.map((c) => cardOption(c)),
          ),
        ]),
      );
    // Card AP 65 Influenza: no replacement-point plays for the rest of the turn.
    if (last !== 'rp' && !state.turnFlags.includes('influenza'))
      out.push(
        choice('rp', 'Play a card for replacement points', {}, [
          one(
            'card',
            'Card',
            hand.map((c) => cardOption(c)),
          ),
        ]),
      );
  }
  const events = wholeHand.filter((c) => eventPlayable(state, side, c));
  if (events.length > 0)
    out.push(
      choice(
        'event',
        'Play a card as its event',
        {},
        [
          one(
            'card',
            'Card',
            events.map((c) => cardOption(c)),
          ),
        ],
        { irreversible: true },
      ),
    );
  out.push(choice('oneOp', 'One operations point without a card'));
  // 16.5.1: peace terms, as the whole action, while the side is ahead on VP.
  if (mayOfferPeace(state, side))
    out.push(choice('offerPeace', `Offer peace terms (VP ${state.vp})`, {}, [], { irreversible: true }));
  return out;
}

function attackChoices(state: Readable, side: Side): Choice[] {
  const phase = state.phase;
  if (phase.kind !== 'attack') return [];
  const supply = supplyOf(state);
  const { op, combat } = phase;
  if (combat === null) {
    const targets = attackTargets(state, side, op, supply);
    const out: Choice[] = [];
    if (targets.size > 0) {
      out.push(
        choice('declareAttack', 'Attack a space', {}, [
          one(
            'target',
            'Target',
            [...targets.keys()].sort().map((t) => ({ value: t, label: space(t).name, loc: t })),
          ),
        ]),
      );
    }
    out.push(choice('endAttacks', 'No more attacks'));
    return out;
  }
  switch (combat.step) {
    case 'designate': {
      const out: Choice[] = [];
      const joinable = (attackTargets(state, side, op, supply).get(combat.target) ?? []).filter(
        (u) =>
          !combat.attackers.includes(u) &&
          mayAttack(state, op, u, combat.target, supply) &&
          mayJoin(state, combat.attackers, u),
      );
      if (joinable.length > 0)
        out.push(
          choice('addAttacker', 'Add an attacking unit', {}, [
            one(
              'unit',
              'Unit',
              joinable.map((u) => ({ value: u, label: label(u), piece: u, loc: state.units[u]!.loc })),
            ),
          ]),
        );
      if (validAttackingGroup(state, combat.attackers))
        out.push(
          choice('fight', `Attack ${space(combat.target).name}`, {}, [], {
            irreversible: true,
            loc: combat.target,
          }),
        );
      out.push(choice('cancelAttack', 'Call the attack off'));
      return out;
    }
    case 'flank': {
      const spaces = attackingSpaces(state, combat.attackers);
      return [
        choice('flank', 'Try a flank attack?', {}, [
          one('pin', 'Pinning space', [
            { value: 'none', label: 'No flank attack' },
            ...spaces.map((s) => ({ value: s, label: `Pin from ${space(s).name}`, loc: s })),
          ]),
        ]),
      ];
    }
    case 'attackerCards':
    case 'defenderCards':
      return cardChoices(state, side, combat, supply);
  }
}

function cardChoices(
  state: Readable,
  side: Side,
  combat: NonNullable<Extract<Readable['phase'], { kind: 'attack' }>['combat']>,
  supply: Supply,
): Choice[] {
  const hand = handOf(state, side);
  const table = state.decks[side].table.filter((c) => !state.usedThisRound.includes(c));
  const usable = [...hand, ...table].filter(
    (c) => !combat.cards[side].includes(c) && cardUsable(state, c, combat, side, supply),
  );
  const out: Choice[] = [];
  if (usable.length > 0)
    out.push(
      choice('combatCard', 'Play a combat card', {}, [
        one(
          'card',
          'Card',
          usable.map((c) => cardOption(c, table.includes(c) ? '(on the table)' : '')),
        ),
      ]),
    );
  // Card AP 27 Great Retreat: the Russian defenders may fall back instead of fighting.
  if (combat.step === 'defenderCards' && side === 'ap' && greatRetreatOpen(state, combat))
    out.push(
      choice('greatRetreat', 'Great Retreat: fall back one space without a fight', {}, [], {
        irreversible: true,
        loc: combat.target,
      }),
    );
  if (!(combat.armyTable ?? []).includes(side) && armyTableOption(state, combat, side))
    out.push(choice('armyTable', 'Fire on the Army table (giving up favourable column shifts)'));
  // The pass a player may have the server make for them when it is all they can do (engine Choice.autoPass).
  out.push(choice('doneCards', 'No (more) combat cards', {}, [], { autoPass: true }));
  return out;
}

export type { Json };
export { flankPossible };
