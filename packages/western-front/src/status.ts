import type { Status } from '@salient/engine';
import { sideName } from './sides.ts';
import type { Readable } from './types.ts';

const STEP_NAMES = {
  bombardment: 'Preliminary bombardment',
  staff: 'Support orders: allocating staff re-roll markers',
  support: 'Support orders: regimental weapons and artillery',
  battalions: 'Battalion orders',
  sos: 'SOS calls',
  commanders: 'Moving command stands',
};

/** The step as the player reads it, after the side's name: "Germans: Battalion orders". */
export function stepName(state: Readable, side: string, step: keyof typeof STEP_NAMES): string {
  return `${sideName(state, side)}: ${STEP_NAMES[step]}`;
}

export function statusOf(state: Readable): Status {
  const phase = state.phase;
  const turn = `Turn ${state.turn} of ${state.lastTurn}`;
  if (phase.kind === 'over') return { turn, phase: 'Game over', toAct: [] };
  return { turn, phase: stepName(state, phase.side, phase.step), toAct: [phase.side] };
}
