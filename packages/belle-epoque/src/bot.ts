import type { Choice, Policy } from '@salient/engine';
import { grid } from './grid.ts';
import type { BeState } from './types.ts';

function nearestEnemyDistance(state: BeState, side: string, hex: string): number {
  let best = 99;
  for (const u of state.units)
    if (u.hex !== null && u.side !== side) best = Math.min(best, grid.distance(hex, u.hex));
  return best;
}

/**
 * A player that seeks a fight, so random games reach fire, assaults and reactions: it prefers
 * assault, then fire, then moving towards the enemy, and otherwise picks at random. Used by the
 * property tests and the games tool (scripts/play-games.ts); it decides only among offered choices.
 */
export const aggressivePlayer: Policy = (choices, seat, raw, pick) => {
  const state = raw as BeState;
  const by = (action: string) => choices.find((c) => c.action === action);
  const roll = pick(10);
  const assault = by('assault');
  if (assault && roll < 8) return assault;
  const fire = by('fire');
  if (fire && roll < 7) return fire;
  const move = by('move');
  if (move && roll < 8 && state.phase.kind === 'activation') {
    const param = move.params[0]!;
    if (param.kind === 'one') {
      const ranked = [...param.options].sort(
        (a, b) =>
          nearestEnemyDistance(state, seat, String(a.value)) -
          nearestEnemyDistance(state, seat, String(b.value)),
      );
      return { ...move, params: [{ ...param, options: ranked.slice(0, 1) }] } satisfies Choice;
    }
  }
  return choices[pick(choices.length)]!;
};
