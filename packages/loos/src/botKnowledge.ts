import type { BotKnowledge, Seat } from '@salient/engine';
import { hurriedPlayer } from './bot.ts';
import { followsPlan, standardBritishSetup, standardGermanSetup } from './deployment.ts';
import { MAP } from './map.ts';
import { TOWNS } from './scenario/map.ts';
import { isOnMap, type LoosLike, type LoosState, type LoosView } from './state.ts';

const TOWN_HEXES = TOWNS.flatMap((t) => t.hexes);

/**
 * How well the British are doing, as a chance from 0 to 1, from what both sides see. The British
 * win by holding two whole towns at the end (12.3) and lose at once if, after Zero Hour, none of
 * them stands outside their own trenches (12.2): so whole towns weigh most, then town hexes, then
 * getting out of the trenches and closing on the German towns, and the steps each side has left.
 */
export function britishChance(state: LoosLike): number {
  const british = new Set(state.britishHexes);
  const whole = TOWNS.filter((t) => t.hexes.every((h) => british.has(h))).length;
  const hexes = state.britishHexes.length;
  let britishSteps = 0;
  let germanSteps = 0;
  let outside = 0;
  let closing = 0;
  const targets = TOWN_HEXES.filter((h) => !british.has(h));
  for (const u of state.units) {
    if (u.loc === 'eliminated') continue;
    if (u.side === 'british') {
      britishSteps += u.steps;
      if (isOnMap(u)) {
        if (!MAP.isBritishTrench(u.loc)) outside++;
        let nearest = 12;
        for (const t of targets) nearest = Math.min(nearest, MAP.grid.distance(u.loc, t));
        closing += 12 - nearest;
      }
    } else germanSteps += u.steps;
  }
  let x = 1.6 * (whole - 1.5) + 0.3 * hexes + 4 * (britishSteps / (britishSteps + germanSteps || 1) - 0.5);
  x += 0.01 * closing + 0.05 * Math.min(outside, 10);
  if (state.turn >= 1 && outside === 0) x -= 3;
  return 1 / (1 + Math.exp(-x));
}

/** The search bot's knowledge of Loos (engine BotKnowledge): evaluation and playout player. */
export const loosBotKnowledge: BotKnowledge<LoosState, LoosView> = {
  evaluate(state, seat: Seat) {
    const p = britishChance(state);
    return seat === 'british' ? p : 1 - p;
  },
  playout: hurriedPlayer,
  /**
   * The historical set-up (deployStandard) is the only set-up worth searching; unit by unit is noise.
   * Swapping a stack's lines (18.2) is left out: it costs nothing and changes nothing the evaluation
   * sees, so the search took it again and again (91 swaps in 100 steps of one game against a random
   * player, the game never ending); the bot keeps the lines as they stand.
   */
  order(state, seat, actions) {
    const setUp = actions.some(
      (a) => a.type === 'deploy' || a.type === 'deployStandard' || a.type === 'endDeployment',
    );
    if (setUp) {
      // Once the historical set-up stands, taking it again changes nothing: finish instead. What is
      // left may be empty (the purposeful player's own pick, put first by the search, is one of
      // these two): then the search weighs that pick alone, never a unit moved off the plan.
      const taken = followsPlan(state, seat === 'german' ? standardGermanSetup() : standardBritishSetup());
      return actions.filter((a) => (a.type === 'deployStandard' && !taken) || a.type === 'endDeployment');
    }
    const rest = actions.filter((a) => a.type !== 'swapStack');
    return rest.length > 0 ? rest : actions;
  },
};
