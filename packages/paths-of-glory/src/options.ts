import { space, unitData } from './data/index.ts';
import type { Readable } from './types.ts';

/**
 * The seed's optional Near East rules, each a match option (off by default). Turkey is neutral
 * throughout the Introductory scenario, so none of them changes its play; they are here so that
 * part 2's scenarios only switch them on.
 */
export const OPTIONAL_RULES = {
  /** 11.3.3: CP-held VP spaces in Turkey are limited supply sources for CP units and spaces there. */
  turkishInternalSupply: '11.3.3',
  /** 11.3.4: Constantinople and Bursa count as Near East spaces for every rule. */
  straitsInNearEast: '11.3.4',
  /** 11.3.5: no A-H or Bulgarian corps in the Near East; German corps reach it only by SR at 3 points. */
  nonTurkishCorps: '11.3.5',
} as const;

export type OptionalRule = keyof typeof OPTIONAL_RULES;

export const ruleOn = (state: Readable, rule: OptionalRule) => (state.optionalRules ?? []).includes(rule);

const STRAITS = ['constantinople', 'bursa'];

/**
 * Whether a space is on the Near East map for the optional rules: Constantinople and Bursa, drawn on
 * both maps, count only with 11.3.4 (11.3.1 and 9.2.7 name them in any case).
 */
export function nearEastSpace(state: Readable, id: string): boolean {
  if (!space(id).map || space(id).map !== 'neareast') return false;
  return !STRAITS.includes(id) || ruleOn(state, 'straitsInNearEast');
}

/** "Turkey" for 11.3.3: Near East spaces that began the war the Central Powers'. */
export const inTurkey = (state: Readable, id: string) =>
  nearEastSpace(state, id) && space(id).faction === 'cp';

/**
 * 11.3.5: whether a corps may enter `to` from `from` by movement, retreat or advance (`sr` false) or
 * by strategic redeployment (`from` null for the reserve box).
 */
export function nonTurkishCorpsAllow(
  state: Readable,
  id: string,
  from: string | null,
  to: string,
  sr: boolean,
): boolean {
  if (!ruleOn(state, 'nonTurkishCorps')) return true;
  const d = unitData(id);
  if (d.type !== 'corps' || !nearEastSpace(state, to)) return true;
  if (d.nation === 'ah' || d.nation === 'bu') return false;
  if (d.nation !== 'ge') return true;
  return sr || (from !== null && nearEastSpace(state, from));
}

/** 11.3.5: SR points for a German corps entering the Near East from the main map or the reserve box. */
export function srCostWithOptions(state: Readable, id: string, from: string, to: string): number {
  const base = unitData(id).type === 'army' ? 4 : 1;
  if (!ruleOn(state, 'nonTurkishCorps') || unitData(id).nation !== 'ge' || base !== 1) return base;
  const fromNearEast = from !== 'reserve' && nearEastSpace(state, from);
  return to !== 'reserve' && nearEastSpace(state, to) && !fromNearEast ? 3 : base;
}
