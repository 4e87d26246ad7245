import type { Status } from '@salient/engine';
import type { Readable } from './types.ts';

const STEP_NAMES = {
  bombardment: 'Preliminary bombardment',
  staff: 'Support orders: allocating staff re-roll markers',
  support: 'Support orders: regimental weapons and artillery',
  battalions: 'Battalion orders',
  sos: 'SOS calls',
  commanders: 'Moving command stands',
};

export function statusOf(state: Readable): Status {
  const phase = state.phase;
  const turn = `Turn ${state.turn} of ${state.lastTurn}`;
  if (phase.kind === 'over') return { turn, phase: 'Game over', toAct: [] };
  return { turn, phase: `${phase.side}: ${STEP_NAMES[phase.step]}`, toAct: [phase.side] };
}
