import type { Readable } from '../types.ts';
import { playedBefore } from './module.ts';

/**
 * US reinforcement cards (AP 38, 43, 47, 64): from the turn after Over There (16.3.4), and not while
 * U-Boats Unleashed stands without Convoy (card CP 36).
 */
export const usReinforcementsAllowed = (state: Readable) =>
  playedBefore(state, 'over_there') &&
  (!state.played.includes('uboats_unleashed') || state.played.includes('convoy'));
