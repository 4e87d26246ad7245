export { actionKey, candidates } from './candidates.ts';
export { determinizer, freshDice } from './determinize.ts';
export { type Budget, isLevel, LEVELS, type Level } from './levels.ts';
export { type PlayedMatch, type Player, playMatch } from './match.ts';
export { answer, type BotAnswer, type BotRequest } from './request.ts';
export { type DecideOptions, type Decision, decide } from './search.ts';
