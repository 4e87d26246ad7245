import type { Choice, ChoiceOption } from '@salient/engine';
import { divisionRoom, moveOptions, roman } from './actions.ts';
import { attackableTargets, declaredAttackers } from './attacks.ts';
import { bombardmentTargets, markersLeft } from './bombardment.ts';
import { attackOdds, signed } from './combat.ts';
import {
  advanceOptions,
  breakdownHexes,
  reinforcementHexes,
  replacementHexes,
  retreatSteps,
} from './decisions.ts';
import {
  britishSetupContext,
  britishSetupHexes,
  britishSetupProblem,
  germanSetupHexes,
  germanSetupProblem,
} from './deployment.ts';
import { reserveBound, toAct } from './flow.ts';
import { MAP } from './map.ts';
import { moveContext } from './movement.ts';
import { BRITISH_DIVISIONS } from './scenario/forces.ts';
import { SECTORS } from './scenario/map.ts';
import type { CombatRecord, Decision, LoosLike, Side, Unit } from './state.ts';
import { isOnMap } from './state.ts';
import { Occupancy } from './units.ts';

// Two literals rather than a spread: set-up choices build hundreds of these per query.
const hexOption = (hex: string, cost?: number): ChoiceOption =>
  cost === undefined ? { value: hex, label: hex, loc: hex } : { value: hex, label: hex, loc: hex, cost };
const unitOption = (unit: Unit): ChoiceOption => ({
  value: unit.id,
  label: unit.name,
  piece: unit.id,
  ...(isOnMap(unit) ? { loc: unit.loc } : {}),
});
const button = (action: string, label: string, extra: Partial<Choice> = {}): Choice => ({
  action,
  label,
  base: {},
  params: [],
  ...extra,
});

/** Everything `seat` may do now, as choices any combination of whose parameters is legal. */
export function loosChoices(state: LoosLike, seat: Side): Choice[] {
  if (toAct(state) !== seat) return [];
  const top = state.pending[0];
  if (top) return decisionChoices(state, top);
  const phase = state.phase;
  switch (phase.kind) {
    case 'deployment':
      return deploymentChoices(state, seat);
    case 'movement':
      return [...movementChoices(state, seat, false), button('endPhase', 'End the movement phase')];
    case 'mobile-movement':
      return [...movementChoices(state, seat, true), button('endPhase', 'End the mobile movement phase')];
    case 'combat':
      return combatChoices(state, seat);
    case 'mobile-combat':
      return attackChoices(state, seat, phase, phase.movers);
    case 'ended':
      return [];
  }
}

function deploymentChoices(state: LoosLike, seat: Side): Choice[] {
  const choices: Choice[] = [button('deployStandard', 'Use the historical set-up')];
  // One Occupancy for the German hexes and the finishing check: a random player asks every move.
  const occupancy = seat === 'german' ? new Occupancy(state) : null;
  const germanHexes = occupancy ? germanSetupHexes(state, occupancy).map((h) => hexOption(h)) : [];
  const british = seat === 'british' ? britishSetupContext(state) : null;
  for (const unit of state.units) {
    if (unit.side !== seat || !(unit.loc === 'unplaced' || isOnMap(unit))) continue;
    let hexes = germanHexes;
    if (british) {
      hexes = [];
      for (const h of britishSetupHexes(state, unit, british)) if (h !== unit.loc) hexes.push(hexOption(h));
    }
    if (hexes.length === 0) continue;
    choices.push({
      action: 'deploy',
      label: `Set up ${unit.name}`,
      base: { unit: unit.id },
      piece: unit.id,
      params: [{ name: 'hex', label: 'Hex', kind: 'one', options: hexes }],
    });
  }
  const problem = occupancy ? germanSetupProblem(state, occupancy) : britishSetupProblem(state);
  if (problem === null) choices.push(button('endDeployment', 'Finish the set-up'));
  return choices;
}

function movementChoices(state: LoosLike, seat: Side, mobile: boolean): Choice[] {
  const phase = state.phase;
  const choices: Choice[] = [];
  const occupancy = new Occupancy(state);
  const ctx = moveContext(occupancy, seat);
  for (const unit of state.units) {
    if (unit.side !== seat || !isOnMap(unit)) continue;
    if (
      mobile &&
      phase.kind === 'mobile-movement' &&
      unit.reserve &&
      !(unit.id in phase.activity) &&
      !reserveBound(state, unit)
    ) {
      choices.push(
        button('mobileRoll', `Roll for the mobile movement of ${unit.name}`, {
          base: { unit: unit.id },
          piece: unit.id,
          loc: unit.loc,
          irreversible: true,
        }),
      );
      continue;
    }
    const options = moveOptions(state, unit, ctx);
    if (!options || options.size === 0) continue;
    choices.push({
      action: 'move',
      label: `Move ${unit.name}`,
      base: { unit: unit.id },
      piece: unit.id,
      params: [
        {
          name: 'to',
          label: 'Destination',
          kind: 'one',
          options: Array.from(options, ([hex, r]) => ({
            value: hex,
            label: hex,
            loc: hex,
            cost: r.cost,
          })),
        },
      ],
    });
  }
  if (phase.kind === 'movement') {
    for (const [hex, units] of occupancy.hexes()) {
      if (units.length === 2 && units[0]!.side === seat) {
        choices.push(
          button('swapStack', `Swap the front and reserve lines in ${hex}`, {
            base: { hex },
            loc: hex,
            piece: units[1]!.id,
          }),
        );
      }
    }
    if (seat === 'british' && state.turn >= 1) {
      for (const division of BRITISH_DIVISIONS) {
        if (!state.units.some((u) => u.division === division.id && u.loc === 'reserves')) continue;
        const sectors = SECTORS.filter((s) => divisionRoom(state, s.number) !== null);
        if (sectors.length === 0) continue;
        choices.push({
          action: 'commitReserve',
          label: `Commit the ${division.name}`,
          base: { division: division.id },
          params: [
            {
              name: 'sector',
              label: 'Sector',
              kind: 'one',
              options: sectors.map((s) => ({
                value: s.number,
                label: `Sector ${roman(s.number)}`,
                loc: s.reserve[0]!,
              })),
            },
          ],
        });
      }
    }
    if (seat === 'german' && !phase.began) {
      for (const unit of state.units) {
        if (unit.side === 'german' && unit.kind === 'regiment' && unit.steps >= 2 && isOnMap(unit)) {
          choices.push(
            button('breakdown', `Break ${unit.name} down into battalions`, {
              base: { unit: unit.id },
              piece: unit.id,
              loc: unit.loc,
            }),
          );
        }
      }
    }
  }
  return choices;
}

function combatChoices(state: LoosLike, seat: Side): Choice[] {
  const phase = state.phase;
  if (phase.kind !== 'combat') return [];
  const combat = phase.combat;
  if (phase.step === 'aircraft') {
    return [
      {
        action: 'placeAircraft',
        label: 'Place the aircraft marker',
        base: {},
        params: [{ name: 'hex', label: 'Hex', kind: 'one', options: MAP.grid.ids.map((h) => hexOption(h)) }],
      },
      button('skipAircraft', 'Do without the aircraft'),
    ];
  }
  if (phase.step === 'attacker-markers' || phase.step === 'defender-markers') {
    const attacking = phase.step === 'attacker-markers';
    const choices: Choice[] = [];
    if (markersLeft(state, seat) > 0) {
      const able = attacking ? attackableTargets(state, seat, combat, null) : new Map<string, Unit[]>();
      const gas = attacking && seat === 'british' && state.turn === 0;
      for (const target of bombardmentTargets(state, seat, combat)) {
        const attackers = able.get(target) ?? [];
        choices.push({
          action: 'bombard',
          label: `Bombard ${target}`,
          base: { target },
          loc: target,
          params: [
            ...(gas
              ? [
                  {
                    name: 'gas',
                    label: 'Use gas (17.6)',
                    kind: 'one' as const,
                    options: [
                      { value: false, label: 'No gas' },
                      { value: true, label: 'Gas' },
                    ],
                  },
                ]
              : []),
            ...(attacking
              ? [
                  {
                    name: 'attackers',
                    label: 'Units that will attack after the bombardment',
                    kind: 'some' as const,
                    min: 0,
                    max: attackers.length,
                    options: attackers.map(unitOption),
                  },
                ]
              : []),
          ],
        });
      }
    }
    return [
      ...choices,
      button('endMarkers', attacking ? 'Done placing markers' : 'Done placing defensive markers'),
    ];
  }
  return attackChoices(state, seat, phase, null);
}

/**
 * The attack steps (rulings R5): while declaring, a declaration for every target still open, a
 * withdrawal for every declared attack not announced with a marker, and either closing the
 * declarations or, with none, ending the phase; then one choice for each declared attack to resolve.
 */
function attackChoices(
  state: LoosLike,
  seat: Side,
  phase: { step: string; combat: CombatRecord },
  movers: readonly string[] | null,
): Choice[] {
  const combat = phase.combat;
  const mobile = movers !== null;
  const choices: Choice[] = [];
  if (phase.step === 'resolve') {
    for (const declared of combat.declared) {
      const attackers = declaredAttackers(state, declared.target, declared.attackers);
      const next = mobile ? attackers.filter((u) => u.id === declared.attackers[0]) : attackers;
      const by = next.map((u) => u.name).join(', ');
      choices.push({
        action: 'attack',
        label: `Resolve the attack on ${declared.target} by ${by}`,
        base: { target: declared.target },
        loc: declared.target,
        params: [],
        irreversible: true,
      });
    }
    return choices;
  }
  for (const [target, units] of attackableTargets(state, seat, combat, movers)) {
    choices.push({
      action: 'declareAttack',
      label: `${mobile ? 'Declare mobile attacks' : 'Declare an attack'} on ${target}`,
      base: { target },
      loc: target,
      params: [
        {
          name: 'attackers',
          label: mobile ? 'Attackers, in order' : 'Attackers',
          kind: 'some',
          min: 1,
          max: units.length,
          options: units.map(unitOption),
        },
      ],
    });
  }
  // The odds of each declared attack as the declarations now stand, so that the attacker sees what
  // one declaration does to another (14.3.3) before he closes them.
  const odds = new Map(
    combat.declared.map((d) => {
      const attackers = declaredAttackers(state, d.target, d.attackers);
      if (attackers.length === 0) return [d.target, ''];
      const o = attackOdds(state, d.target, mobile ? attackers.slice(0, 1) : attackers, combat);
      return [
        d.target,
        `${o.attack} against ${o.defense}, differential ${signed(o.differential)} on the ${o.lineName} line`,
      ];
    }),
  );
  for (const declared of combat.declared) {
    if (combat.bombardments.some((b) => b.target === declared.target && b.attackers.length > 0)) continue;
    choices.push(
      // No `loc`: a click on the map in this step declares; withdrawing is a deliberate button.
      button('cancelAttack', `Withdraw the attack on ${declared.target} (${odds.get(declared.target)})`, {
        base: { target: declared.target },
      }),
    );
  }
  if (combat.declared.length > 0) {
    const targets = combat.declared.map((d) => `${d.target} (${odds.get(d.target)})`).join('; ');
    choices.push(button('resolveAttacks', `Done declaring: resolve the attacks on ${targets}`));
  } else {
    choices.push(button('endPhase', `End the ${mobile ? 'mobile ' : ''}combat phase without attacking`));
  }
  return choices;
}

function decisionChoices(state: LoosLike, d: Decision): Choice[] {
  switch (d.kind) {
    case 'retreat-or-deplete': {
      const steps = retreatSteps(state, d);
      const choices: Choice[] = [];
      if (steps.length > 0) {
        choices.push({
          action: 'retreat',
          label: `Retreat ${d.unit} (hex ${d.path.length + 1} of ${d.hexes})`,
          base: {},
          piece: d.unit,
          params: [
            { name: 'to', label: 'Retreat into', kind: 'one', options: steps.map((h) => hexOption(h)) },
          ],
        });
      }
      if (d.path.length === 0)
        choices.push(button('deplete', `Lose a step instead of retreating (7.8)`, { piece: d.unit }));
      return choices;
    }
    case 'attacker-loss':
      return [
        {
          action: 'chooseLoss',
          label: 'Choose the attacking unit that loses a step',
          base: {},
          params: [
            {
              name: 'unit',
              label: 'Unit',
              kind: 'one',
              options: d.units.map((id) => unitOption(state.units.find((u) => u.id === id)!)),
            },
          ],
        },
      ];
    case 'advance': {
      const choices: Choice[] = [];
      for (const [id, hexes] of advanceOptions(state, d)) {
        choices.push({
          action: 'advance',
          label: `Advance ${id}`,
          base: { unit: id },
          piece: id,
          params: [
            { name: 'to', label: 'Advance into', kind: 'one', options: hexes.map((h) => hexOption(h)) },
          ],
        });
      }
      return [...choices, button('endAdvance', 'No (further) advance')];
    }
    case 'gas-victim':
      return [
        {
          action: 'gasVictim',
          label: 'Choose where the gas blows back',
          base: {},
          params: [{ name: 'hex', label: 'Hex', kind: 'one', options: d.hexes.map((h) => hexOption(h)) }],
        },
      ];
    case 'place-reinforcements':
      return d.units.map((id) => {
        const unit = state.units.find((u) => u.id === id)!;
        return {
          action: 'placeReinforcement',
          label: `Bring on ${unit.name}`,
          base: { unit: id },
          piece: id,
          params: [
            {
              name: 'hex',
              label: 'Hex',
              kind: 'one',
              options: reinforcementHexes(state, d, unit).map((h) => hexOption(h)),
            },
          ],
        };
      });
    case 'place-replacements':
      return [
        {
          action: 'placeReplacement',
          label: `Place a replacement battalion (${d.count} to place)`,
          base: {},
          params: [
            {
              name: 'hex',
              label: 'Town hex',
              kind: 'one',
              options: replacementHexes(state).map((h) => hexOption(h)),
            },
          ],
        },
      ];
    case 'place-breakdown':
      return [
        {
          action: 'placeBattalion',
          label: `Place a battalion of the broken-down regiment (${d.count} to place)`,
          base: {},
          params: [
            {
              name: 'hex',
              label: 'Hex',
              kind: 'one',
              options: breakdownHexes(state, d).map((h) => hexOption(h)),
            },
          ],
        },
      ];
  }
}
