import { SPACES } from './data/index.ts';
import type { Readable } from './types.ts';
import { combinedWarStatus } from './war.ts';

/**
 * The Russian Capitulation track (16.4). The marker's boxes are read from the game rather than kept:
 * each "allowed" box holds exactly while its condition holds, and the marker moves back when it
 * fails (16.4.3, 16.4.4, 16.4.6), so the condition is the box.
 */

/** The eight VP spaces of Russia, Baku (on the Near East map) among them. */
export const RUSSIAN_VP_SPACES = SPACES.filter((s) => s.nation === 'ru' && s.vp).map((s) => s.id);

/** 16.4.2: the Current CP Russian VP, the Russian VP spaces the Central Powers control (supplied or not). */
export const russianVpHeld = (state: Readable) =>
  RUSSIAN_VP_SPACES.filter((id) => state.control[id] === 'cp').length;

/** 16.4.3: Tsar Takes Command allowed while the Central Powers hold three Russian VP spaces or more. */
export const tsarTakesCommandAllowed = (state: Readable) =>
  !state.played.includes('tsar_takes_command') && russianVpHeld(state) >= 3;

/** 16.4.4: Fall of the Tsar allowed after Tsar Takes Command while combined war status plus Russian VP reach 33. */
export const fallOfTheTsarAllowed = (state: Readable) =>
  state.played.includes('tsar_takes_command') &&
  !state.played.includes('fall_of_the_tsar') &&
  combinedWarStatus(state) + russianVpHeld(state) >= 33;

/**
 * 16.4.6: Bolshevik Revolution allowed on a turn after the Tsar fell, once the Central Powers hold
 * more Russian VP spaces than when he fell (Baku counting) or all seven outside Baku.
 */
export function bolshevikRevolutionAllowed(state: Readable): boolean {
  const fell = state.eventTurns?.fall_of_the_tsar;
  if (fell === undefined || fell >= state.turn || state.played.includes('bolshevik_revolution')) return false;
  const allSeven = RUSSIAN_VP_SPACES.filter((id) => id !== 'baku').every((id) => state.control[id] === 'cp');
  return russianVpHeld(state) > (state.tsarFellAt ?? 0) || allSeven;
}

/** 16.4.8: the treaty may be played any time after Bolshevik Revolution. */
export const brestLitovskAllowed = (state: Readable) =>
  state.played.includes('bolshevik_revolution') && !state.played.includes('treaty_of_brest_litovsk');

/** The box the Russian Capitulation marker stands in now, for the board's track. */
export function capitulationBox(state: Readable): string {
  if (state.played.includes('treaty_of_brest_litovsk')) return 'Treaty of Brest-Litovsk';
  if (state.played.includes('bolshevik_revolution')) return 'Bolshevik Revolution';
  if (bolshevikRevolutionAllowed(state)) return 'Bolshevik Revolution allowed';
  if (state.played.includes('fall_of_the_tsar')) return 'Fall of the Tsar';
  if (fallOfTheTsarAllowed(state)) return 'Fall of the Tsar allowed';
  if (state.played.includes('tsar_takes_command')) return 'Tsar Takes Command';
  if (tsarTakesCommandAllowed(state)) return 'Tsar Takes Command allowed';
  return 'God Save the Tsar';
}
