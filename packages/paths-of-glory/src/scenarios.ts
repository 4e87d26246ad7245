import type { JsonObject } from '@salient/engine';
import { space, unitData } from './data/index.ts';
import type { Readable, Side } from './types.ts';

/**
 * The three scenarios (5.3-5.5). All start in August 1914 from the same set-up (4.0); they differ in
 * their last turn, whether war commitment may rise, how they may end early and the VP levels read
 * at the end.
 */
export type ScenarioId = 'introductory' | 'limited' | 'campaign';

export const SCENARIO_IDS: ScenarioId[] = ['introductory', 'limited', 'campaign'];

/** Victory levels: the Central Powers win at `cp` or more, the Allies at `ap` or fewer, a draw between. */
export interface VictoryLevels {
  cp: number;
  ap: number;
}

interface ScenarioRules {
  lastTurn: number;
  /** 5.3.2: the Introductory scenario never raises war commitment. */
  commitment: boolean;
  /** 5.4.1: the Limited War scenario stops when either side reaches Total War. */
  endsAtTotalWar: boolean;
  /** 16.2.1: an Armistice (combined war status 40) ends the war; the Introductory scenario never gets there. */
  armistice: boolean;
  levels(state: Readable): VictoryLevels;
}

export const SCENARIOS: Record<ScenarioId, ScenarioRules> = {
  // 5.3.1, 5.3.4
  introductory: {
    lastTurn: 3,
    commitment: false,
    endsAtTotalWar: false,
    armistice: false,
    levels: () => ({ cp: 14, ap: 10 }),
  },
  // 5.4.1: to the end of Summer 1916 (turn 10); 5.4.2
  limited: {
    lastTurn: 10,
    commitment: true,
    endsAtTotalWar: true,
    armistice: true,
    levels: () => ({ cp: 17, ap: 12 }),
  },
  // 5.5.1: to the end of Winter 1919 (turn 20); 5.5.2.1-5.5.2.2 by whether Brest-Litovsk was played.
  campaign: {
    lastTurn: 20,
    commitment: true,
    endsAtTotalWar: false,
    armistice: true,
    levels: (state) =>
      state.played.includes('treaty_of_brest_litovsk') ? { cp: 11, ap: 9 } : { cp: 13, ap: 9 },
  },
};

export const isScenario = (id: string): id is ScenarioId => (SCENARIO_IDS as string[]).includes(id);

export function scenarioRules(state: Readable): ScenarioRules {
  return SCENARIOS[isScenario(state.scenario) ? state.scenario : 'introductory'];
}

/** The match options of 5.6, 5.7 and the living rules' optional trench-roll modifier, as kept in the state. */
export interface MatchRules {
  /** 5.6: tournament play, draws counting as Allied wins; `bid` VP ceded to the Allies (negative: to the Central Powers). */
  tournament?: { bid: number };
  /** 5.7: the historical scenario's changes. */
  historical?: true;
  /** 11.2.10 of the living rules (optional): a failed dig gives the unit -1 on its next round's roll. */
  trenchRollModifier?: true;
}

export function matchRulesFrom(scenario: ScenarioId, options: JsonObject): MatchRules {
  const out: MatchRules = {};
  if (scenario === 'introductory') return out;
  if (options.tournament === true)
    out.tournament = { bid: typeof options.bid === 'number' ? Math.trunc(options.bid) : 0 };
  if (options.historical === true) out.historical = true;
  // 5.7.4.2: the historical scenario plays with the trench-roll modifier.
  if (options.trenchRollModifier === true || options.historical === true) out.trenchRollModifier = true;
  return out;
}

/**
 * VP spaces. The reference map is the deluxe map, which already carries 5.7.2.2-5.7.2.3 (Kovno, Sedan,
 * Amiens, Koblenz and Aachen are VP spaces; Ahwaz, Venice, Minsk, Jerusalem and Kharput are not), so
 * every scenario reads the map as drawn, with or without the historical option (ruling 47).
 */
export const isVpSpace = (_state: Readable, id: string): boolean => space(id).vp;

/**
 * The verdict at the scenario's end (5.3.4, 5.4.2, 5.5.2), after the tournament bid (5.6.1, added only
 * at the end) and the historical scenario's end adjustments (5.7.4.8-5.7.4.9, at the end of turn 20
 * or an Armistice). Draws go to the Allies in tournaments (5.6.2) and the historical scenario (5.7.2.1).
 */
export function finalVerdict(
  state: Readable,
  finalVp: number,
): { winner: Side | null; reason: string; vp: number } {
  const levels = scenarioRules(state).levels(state);
  let vp = finalVp;
  const notes: string[] = [];
  const bid = state.rules?.tournament?.bid ?? 0;
  if (bid !== 0) {
    vp -= bid;
    notes.push(`bid ${bid > 0 ? `${bid} to the Allies` : `${-bid} to the Central Powers`}`);
  }
  const range = levels.cp - levels.ap === 2 ? `${levels.ap + 1}` : `${levels.ap + 1} to ${levels.cp - 1}`;
  const suffix = notes.length > 0 ? `; ${notes.join(', ')}` : '';
  if (vp >= levels.cp)
    return {
      winner: 'cp',
      vp,
      reason: `VP ${vp} at the end of the scenario (${levels.cp} or more${suffix})`,
    };
  if (vp <= levels.ap)
    return {
      winner: 'ap',
      vp,
      reason: `VP ${vp} at the end of the scenario (${levels.ap} or fewer${suffix})`,
    };
  if (state.rules?.tournament || state.rules?.historical)
    return {
      winner: 'ap',
      vp,
      reason: `VP ${vp} at the end of the scenario (${range}: a draw, which counts as an Allied win${suffix})`,
    };
  return { winner: null, vp, reason: `VP ${vp} at the end of the scenario (${range}${suffix})` };
}

/** 5.7.4.6: in force until the Allies have reached Total War (their Total War cards drawn). */
const italianRestrictions = (state: Readable): boolean =>
  state.rules?.historical === true && state.commitment?.ap !== 'total';

/**
 * 5.7.4.6 (historical scenario): until the Allies' Total War, only Austro-Hungarian and Italian armies
 * operate in Italy: no other army moves, redeploys or advances into or through a space in Italy, nor
 * attacks a space there or out of one. A retreat is no operation and stays free (ruling 76).
 */
export function italyClosedTo(state: Readable, id: string, spaceId: string): boolean {
  if (!italianRestrictions(state)) return false;
  const d = unitData(id);
  return d.type === 'army' && d.nation !== 'ah' && d.nation !== 'it' && space(spaceId).nation === 'it';
}

/** 5.7.4.6: until the Allies' Total War no German army ends a move or redeployment in Trent, Villach or Trieste. */
export function germanArmyMayNotEnd(state: Readable, id: string, spaceId: string): boolean {
  if (!italianRestrictions(state)) return false;
  const d = unitData(id);
  return d.type === 'army' && d.nation === 'ge' && ['trent', 'villach', 'trieste'].includes(spaceId);
}
