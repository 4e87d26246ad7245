import {
  type Action,
  applyOnCopy,
  cloneJson,
  type GameModule,
  isJsonObject,
  type Preview,
  type Seat,
  type Status,
} from '@salient/engine';
import { decisionLabel, performAction } from './actions.ts';
import { loosChoices } from './choices.ts';
import { attackOdds, describe as describeResult, signed } from './combat.ts';
import { emptyCombat, toAct } from './flow.ts';
import { loosBoard, loosPresent } from './present.ts';
import { turnLabel } from './scenario/tracks.ts';
import { initialState, SCENARIO_ID } from './setup.ts';
import type { LoosLike, LoosState, LoosView, Phase, Side, Unit } from './state.ts';
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

/** Odds of an attack or mobile attack before it is made, from any seat's view. */
function preview(view: LoosView, _seat: Seat, action: Action): Preview | null {
  if (!isJsonObject(action) || (action.type !== 'attack' && action.type !== 'mobileAttack')) return null;
  const target = action.target;
  const ids = action.attackers;
  if (typeof target !== 'string' || !Array.isArray(ids) || ids.length === 0) return null;
  const attackers = ids
    .map((id) => view.units.find((u) => u.id === id))
    .filter((u): u is Unit => u !== undefined);
  const defender = view.units.find((u) => u.loc === target && !u.reserve);
  if (attackers.length !== ids.length || !defender) return null;
  const phase = view.phase;
  const combat = phase.kind === 'combat' || phase.kind === 'mobile-combat' ? phase.combat : emptyCombat();
  // In mobile combat each unit attacks alone (18.4): the first one's odds are shown.
  const odds = attackOdds(
    view,
    target,
    action.type === 'mobileAttack' ? attackers.slice(0, 1) : attackers,
    combat,
  );
  const counts = new Map<string, number>();
  for (const r of odds.results) counts.set(r, (counts.get(r) ?? 0) + 1);
  return {
    title: `Attack on ${defender.name} in ${target}`,
    facts: [
      { label: 'Attack', value: String(odds.attack) },
      {
        label: 'Defence',
        value: `${odds.defense}${odds.supporting.length ? ` (with ${odds.supporting.join(', ')}, 14.3.3)` : ''}`,
      },
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
    return applyOnCopy(state, copyState, (draft, log) => performAction(draft, log, seat, action));
  },
  view: loosView,
  preview,
  present: (view) => loosPresent(view),
  outcome: (state) => state.outcome,
};
