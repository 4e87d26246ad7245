/**
 * Paths of Glory speed figures: microseconds per applied action and per choices query, the time of
 * a whole random Introductory game and its length in actions, over seeded games. Prints figures;
 * asserts nothing.
 */
import { percentile, printTimings, timeGames } from '../../engine/bench/timedGames.ts';
import { pathsOfGlory as game } from '../src/index.ts';

const GAMES = Number(process.env.POG_BENCH_GAMES ?? 20);

const t = timeGames(game, 'introductory', GAMES);
const lengths = [...t.lengths].sort((a, b) => a - b);
console.log(`Paths of Glory, introductory: ${GAMES} random games`);
printTimings(t);
console.log(
  `  game length in actions             median ${percentile(lengths, 50)}  min ${lengths[0]}  max ${lengths.at(-1)}`,
);

// The Campaign (5.5): whole random games of 20 turns and all three decks.
const CAMPAIGN_GAMES = Number(process.env.POG_BENCH_CAMPAIGN_GAMES ?? 3);
const c = timeGames(game, 'campaign', CAMPAIGN_GAMES);
const campaignLengths = [...c.lengths].sort((a, b) => a - b);
console.log(`Paths of Glory, campaign: ${CAMPAIGN_GAMES} random games`);
printTimings(c);
console.log(
  `  game length in actions             median ${percentile(campaignLengths, 50)}  min ${campaignLengths[0]}  max ${campaignLengths.at(-1)}`,
);
