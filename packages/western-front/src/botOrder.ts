import type { Action, Seat } from '@salient/engine';
import { goals, nearest } from './bot.ts';
import type { Readable } from './types.ts';

/**
 * The search's move ordering for Western Front (engine BotKnowledge.order). A stand's order offers
 * dozens of hexes to move to and only a few targets to fire at or assault; shuffled, the few that
 * decide a firefight often fell outside the candidates a search node keeps (8 to 24), and a harder
 * search only compared more aimless moves. This puts first what a company commander would weigh
 * first: assaults and fire (on the objectives still to take first), then moves by how much nearer
 * they bring the stand to where its side is heading, then the rest as they came.
 */
export function orderWfActions(state: Readable, seat: Seat, actions: Action[]): Action[] {
  const attacking = state.victory.attacker === seat;
  const heading = goals(state, seat);
  const wanted = new Set(attacking ? heading : []);
  const hexOf = (id: unknown) => state.stands.find((s) => s.id === id)?.hex ?? null;
  const active = state.phase.kind === 'orders' ? (state.phase.active?.unit ?? null) : null;
  const enemyAt = (hex: string) =>
    state.stands.some((s) => s.hex === hex && s.side !== seat && s.gone === null);

  const score = (action: Action): number => {
    switch (action.type) {
      case 'assault':
        return 100 + (wanted.has(String(action.hex)) ? 10 : 0);
      case 'fire': {
        const at = hexOf(action.target);
        return 80 + (at !== null && wanted.has(at) ? 10 : 0);
      }
      case 'move':
      case 'moveCommander': {
        const from = hexOf(action.type === 'move' ? active : action.unit);
        if (from === null) return 40;
        // Nearer is better for the attacker; the defender's moves, mostly back to what it lost, rank
        // below holding and shooting.
        const gain = nearest(from, heading) - nearest(String(action.to), heading);
        return (attacking ? 55 : 35) + 5 * gain;
      }
      case 'redirect':
        return enemyAt(String(action.to)) ? 75 : 25;
      default:
        return 50;
    }
  };
  // Sorted by score, ties kept in the order given (the bot's own shuffle).
  return actions
    .map((action, i) => ({ action, i, s: score(action) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.action);
}
