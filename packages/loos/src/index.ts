import {
  type Action,
  applyOnCopy,
  cloneJson,
  type GameModule,
  isJsonObject,
  type JsonObject,
  type Preview,
  type Seat,
  type Status,
} from '@salient/engine';
import { decisionLabel, performAction } from './actions.ts';
import { loosBotKnowledge } from './botKnowledge.ts';
import { loosChoices } from './choices.ts';
import { attackOdds, describe as describeResult, signed } from './combat.ts';
import { toAct } from './flow.ts';
import { loosBoard, loosPresent } from './present.ts';
import { turnLabel } from './scenario/tracks.ts';
import { initialState, SCENARIO_ID } from './setup.ts';
import type { CombatRecord, LoosLike, LoosState, LoosView, Phase, Side, Unit } from './state.ts';
import { loosView } from './view.ts';

export { ErrorCode } from './actions.ts';
export { SCENARIO_ID } from './setup.ts';
export type { LoosState, LoosView, Side, Unit } from './state.ts';

/** Field by field, so every copy shares one object shape: much faster than a spread. */
function copyUnit(u: Unit): Unit {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    kind: u.kind,
    division: u.division,
    brigade: u.brigade,
    steps: u.steps,
    loc: u.loc,
    reserve: u.reserve,
  };
}

/** Whether two units are alike in every field copyUnit copies. */
function sameUnit(a: Unit, b: Unit): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.side === b.side &&
    a.kind === b.kind &&
    a.division === b.division &&
    a.brigade === b.brigade &&
    a.steps === b.steps &&
    a.loc === b.loc &&
    a.reserve === b.reserve
  );
}

/**
 * After a step, puts back the units it left as they were (most of them), and the whole list when it
 * changed none: the new state then shares them with the old one, so whatever compares the two
 * positions (the server's view patches) skips them at a glance, and they cost no memory twice.
 * Safe because a state is never mutated once built: the next step works on a copy again.
 */
function shareUnchangedUnits(before: LoosState, after: LoosState): void {
  // A step may add units (replacements): those at the same place in both lists are compared.
  let changed = before.units.length !== after.units.length;
  const common = Math.min(before.units.length, after.units.length);
  for (let i = 0; i < common; i++) {
    if (sameUnit(before.units[i]!, after.units[i]!)) after.units[i] = before.units[i]!;
    else changed = true;
  }
  if (!changed) after.units = before.units;
}

/**
 * Activity records are replaced, never edited, so movement phases copy only their index; combat
 * records are edited in place and copied whole.
 */
function copyPhase(phase: Phase): Phase {
  if (phase.kind === 'movement' || phase.kind === 'mobile-movement')
    return { ...phase, activity: { ...phase.activity } };
  return cloneJson(phase);
}

function copyState(s: LoosState): LoosState {
  return {
    ...s,
    phase: copyPhase(s.phase),
    units: s.units.map(copyUnit),
    artilleryUsed: { ...s.artilleryUsed },
    released: [...s.released],
    committed: { ...s.committed },
    pending: cloneJson(s.pending),
    outcome: s.outcome ? { ...s.outcome } : null,
  };
}

const PHASE_NAMES: Record<string, string> = {
  deployment: 'set-up',
  movement: 'movement phase',
  combat: 'combat phase',
  'mobile-movement': 'mobile movement phase',
  'mobile-combat': 'mobile combat phase',
  ended: 'game over',
};

function status(state: LoosLike): Status {
  const seat = toAct(state);
  const phase = state.phase;
  const side = phase.kind === 'ended' ? '' : `${phase.side === 'british' ? 'British' : 'German'} `;
  const top = state.pending[0];
  return {
    turn: phase.kind === 'deployment' ? 'Set-up' : turnLabel(state.turn),
    phase: `${side}${PHASE_NAMES[phase.kind]}${top ? `: ${decisionLabel(top)}` : ''}`,
    toAct: seat === null ? [] : [seat],
  };
}

function isSide(seat: Seat): seat is Side {
  return seat === 'british' || seat === 'german';
}

/**
 * The attackers an attack action names: a declaration lists them; resolving a declared attack
 * uses the declared ones (in mobile combat, the next in order, who attacks alone, 18.4).
 */
function previewAttackers(view: LoosView, action: JsonObject, combat: CombatRecord): unknown[] | null {
  const mobile = view.phase.kind === 'mobile-combat';
  if (action.type === 'declareAttack') {
    const ids = action.attackers;
    return Array.isArray(ids) && ids.length > 0 ? (mobile ? ids.slice(0, 1) : ids) : null;
  }
  if (action.type !== 'attack') return null;
  const declared = combat.declared.find((d) => d.target === action.target);
  if (!declared) return null;
  return mobile ? declared.attackers.slice(0, 1) : declared.attackers;
}

/**
 * Odds of an attack before it is declared or resolved, from any seat's view. While attacks are being
 * declared, a neighbour's 14.3.3 support is shown as it stands with the declarations so far.
 */
function preview(view: LoosView, _seat: Seat, action: Action): Preview | null {
  if (!isJsonObject(action)) return null;
  const phase = view.phase;
  if (phase.kind !== 'combat' && phase.kind !== 'mobile-combat') return null;
  const target = action.target;
  const ids = previewAttackers(view, action, phase.combat);
  if (typeof target !== 'string' || ids === null) return null;
  const attackers = ids
    .map((id) => view.units.find((u) => u.id === id))
    .filter((u): u is Unit => u !== undefined);
  const defender = view.units.find((u) => u.loc === target && !u.reserve);
  if (attackers.length !== ids.length || !defender) return null;
  const odds = attackOdds(view, target, attackers, phase.combat);
  const declaring = phase.step === 'declare';
  const support = odds.supporting.length
    ? ` (with ${odds.supporting.join(', ')}, 14.3.3${declaring ? ': unless an attack on it is declared too' : ''})`
    : '';
  const counts = new Map<string, number>();
  for (const r of odds.results) counts.set(r, (counts.get(r) ?? 0) + 1);
  return {
    title: `Attack on ${defender.name} in ${target}`,
    facts: [
      { label: 'Attack', value: String(odds.attack) },
      { label: 'Defence', value: `${odds.defense}${support}` },
      { label: 'Differential', value: signed(odds.differential) },
      { label: 'Line', value: odds.lineName },
      { label: 'Column', value: odds.column },
    ],
    outcomes: [...counts].map(([r, n]) => ({ label: describeResult(r as never), chance: n / 6 })),
  };
}

/** Loos: The Big Push, 25-28 September 1915. */
export const loos: GameModule<LoosState, LoosView> = {
  id: 'loos',
  title: 'Loos: The Big Push',
  scenarios: [
    {
      id: SCENARIO_ID,
      name: 'The Big Push, 25-28 September 1915',
      description:
        'Six British divisions, behind a cloud of gas, attack the German first position between the La Bassee Canal and Lens.',
      seats: [
        { id: 'british', name: 'British (First Army)' },
        { id: 'german', name: 'German (Sixth Army)' },
      ],
      options: [],
    },
  ],
  board: () => loosBoard(),
  setup: (scenario, _options, seed) => {
    if (scenario !== SCENARIO_ID) throw new Error(`Loos has no scenario ${scenario}`);
    return initialState(seed);
  },
  status,
  choices: (state, seat) => (isSide(seat) ? loosChoices(state, seat) : []),
  apply: (state, seat, action) => {
    if (!isSide(seat))
      return { ok: false, error: { code: 'UNKNOWN_SEAT', message: `There is no seat ${seat} in Loos.` } };
    const result = applyOnCopy(state, copyState, (draft, log) => performAction(draft, log, seat, action));
    if (result.ok) shareUnchangedUnits(state, result.state);
    return result;
  },
  view: loosView,
  preview,
  present: (view) => loosPresent(view),
  outcome: (state) => state.outcome,
  bot: loosBotKnowledge,
};
