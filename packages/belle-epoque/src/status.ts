import type { Seat, Status } from '@salient/engine';
import { sideName } from './scenarios/index.ts';
import type { Readable } from './types.ts';
import { unitById } from './units.ts';

/** Whoever must decide now: during an assault that may be the side that is not activating. */
export function deciderOf(state: Readable): Seat | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'doctrine':
      return state.seats.find((s) => !phase.submitted.includes(s)) ?? null;
    case 'pick':
      return phase.side;
    case 'activation':
      return unitById(state, phase.act.unit)!.side;
    case 'reaction':
    case 'evade':
      return unitById(state, phase.assault.defender)!.side;
    case 'fireLosses':
      return unitById(state, phase.target)!.side;
    case 'fallBack':
      return unitById(state, phase.unit)!.side;
    case 'carry':
      return unitById(state, phase.winner)!.side;
    case 'over':
      return null;
  }
}

const PHASE_NAMES: Record<Readable['phase']['kind'], string> = {
  doctrine: 'Choosing loose or close order',
  pick: 'Activation',
  activation: 'Activation',
  reaction: 'Reaction to an assault',
  evade: 'Evade move',
  fireLosses: 'Losses under fire',
  fallBack: 'Fall back movement',
  carry: 'Carrying the position',
  over: 'Game over',
};

export function statusOf(state: Readable): Status {
  const phase = state.phase;
  const toAct: Seat[] =
    phase.kind === 'doctrine'
      ? state.seats.filter((s) => !phase.submitted.includes(s))
      : [deciderOf(state)].filter((s): s is Seat => s !== null);
  let detail = PHASE_NAMES[phase.kind];
  if (phase.kind === 'pick') detail = `Activation: a ${sideName(state.scenario, phase.side)} token was drawn`;
  if (phase.kind === 'fallBack') detail = `${unitById(state, phase.unit)!.name} falls back`;
  if (phase.kind === 'activation') detail = `Activation of ${unitById(state, phase.act.unit)!.name}`;
  return {
    turn: state.turn === 0 ? 'Before the battle' : `Turn ${state.turn} of ${state.lastTurn}`,
    phase: detail,
    toAct,
  };
}
