import { fallOfTheTsarAllowed, russianVpHeld } from '../../russia.ts';
import { type CardModule, moveVp } from '../module.ts';

/**
 * CP 52 Fall of the Tsar (16.4.4-16.4.5): +1 VP, +2 more while Romania is neutral; the Russian VP
 * count is noted for Bolshevik Revolution; from now on Russian attacks cost one point per unit
 * (src/activation.ts) and no Russian unit crosses between the Caucasus and the Near East (11.3.2).
 */
export const fallOfTheTsar: CardModule = {
  id: 'cp-52',
  text: 'Playable after Tsar Takes Command once combined war status plus the Russian VP spaces the Central Powers hold reach 33. One VP, three while Romania is neutral; Russian combat activation now costs one point per unit; Romania may no longer enter the war.',
  playable: fallOfTheTsarAllowed,
  play(state, log) {
    state.tsarFellAt = russianVpHeld(state);
    moveVp(state, log, state.neutral.includes('ro') ? 3 : 1, 'The Tsar falls');
    return 'done';
  },
};
