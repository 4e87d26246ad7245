import type { Status } from '@salient/engine';
import { turnInfo } from './map.ts';
import { other, type Readable, type Side } from './types.ts';

const PHASE_NAMES: Record<string, string> = {
  gunsOfAugust: 'Opening hand',
  action: 'Action round',
  activate: 'Operations: activation',
  move: 'Operations: movement',
  attack: 'Operations: combat',
  losses: 'Combat: losses',
  retreat: 'Combat: retreat',
  advance: 'Combat: advance',
  sr: 'Strategic redeployment',
  placeReinforcements: 'Reinforcements',
  freeFlips: 'Event: free replacements',
  entrenchEvent: 'Event: entrench',
  replacement: 'Replacement Phase',
  discardCombat: 'Draw Phase: discard combat cards',
  cardEvent: 'Event',
  peaceOffer: 'Peace terms offered',
  over: 'Game over',
};

/** The side that must act now: the defender plays its combat cards during the attacker's operation. */
export function actingSide(state: Readable): Side | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'over':
      return null;
    case 'gunsOfAugust':
      return 'cp';
    case 'attack':
      return phase.combat?.step === 'defenderCards' ? other(phase.side) : phase.side;
    default:
      return phase.side;
  }
}

export function statusOf(state: Readable): Status {
  const acting = actingSide(state);
  const round = Math.min(6, Math.min(state.actions.ap.length, state.actions.cp.length) + 1);
  return {
    turn: `Turn ${state.turn} (${turnInfo(state.turn).name})`,
    phase:
      state.phase.kind === 'over'
        ? 'Game over'
        : `${PHASE_NAMES[state.phase.kind]}${state.phase.kind === 'action' ? ` ${round}` : ''}`,
    toAct: acting && !state.outcome ? [acting] : [],
  };
}
