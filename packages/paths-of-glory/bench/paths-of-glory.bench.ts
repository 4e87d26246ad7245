/**
 * Paths of Glory speed figures: microseconds per applied action and per choices query, the time of
 * a whole random Introductory game and its length in actions, over seeded games. Prints figures;
 * asserts nothing.
 */

import type { Policy } from '@salient/engine';
import { percentile, printBusiest, printTimings, timeGames } from '../../engine/bench/timedGames.ts';
import { pathsOfGlory as game } from '../src/index.ts';

const GAMES = Number(process.env.POG_BENCH_GAMES ?? 20);

const t = timeGames(game, 'introductory', GAMES);
const lengths = [...t.lengths].sort((a, b) => a - b);
console.log(`Paths of Glory, introductory: ${GAMES} random games`);
printTimings(t);
console.log(
  `  game length in actions             median ${percentile(lengths, 50)}  min ${lengths[0]}  max ${lengths.at(-1)}`,
);

// The Campaign (5.5): whole random games of up to 20 turns and all three decks.
const CAMPAIGN_GAMES = Number(process.env.POG_BENCH_CAMPAIGN_GAMES ?? 3);
// Uniformly random, except that peace terms are always refused: a random player accepts half the
// offers, which ends most games in their first years, and the bench is of the whole war. Positions
// are named by their phase (strategic redeployment, an attack, a card event's step...).
const refusingPeace: Policy = (choices, _seat, _state, pick) => {
  const open = choices.filter((c) => c.action !== 'acceptPeace');
  return open[pick(open.length)]!;
};
const c = timeGames(game, 'campaign', CAMPAIGN_GAMES, refusingPeace, (s) => s.phase.kind);
const campaignLengths = [...c.lengths].sort((a, b) => a - b);
console.log(`Paths of Glory, campaign: ${CAMPAIGN_GAMES} random games`);
printTimings(c);
printBusiest(c);
console.log(
  `  game length in actions             median ${percentile(campaignLengths, 50)}  min ${campaignLengths[0]}  max ${campaignLengths.at(-1)}`,
);
