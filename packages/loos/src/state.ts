import type { Outcome, RngState } from '@salient/engine';
import type { Side } from './scenario/forces.ts';

export type { Side } from './scenario/forces.ts';

export const SIDES: readonly Side[] = ['british', 'german'];

export function enemyOf(side: Side): Side {
  return side === 'british' ? 'german' : 'british';
}

/**
 * A half-brigade (British, two steps); a battalion (German, one step, named); a regiment (German,
 * three steps, the last step portrayed by a battalion counter); a replacement (a red-dot battalion of
 * no division).
 */
export type UnitKind = 'half-brigade' | 'battalion' | 'regiment' | 'replacement';

/** Off-map places a unit can be. Any other `loc` is a hex id. */
export type Box = 'unplaced' | 'reserves' | 'awaiting-release' | 'eliminated';
export const BOXES: readonly Box[] = ['unplaced', 'reserves', 'awaiting-release', 'eliminated'];

export interface Unit {
  id: string;
  /** As printed on the counter, for the log. */
  name: string;
  side: Side;
  kind: UnitKind;
  /** Stacking and set-up group: the German division or the British division. Null for replacements. */
  division: string | null;
  /** British brigade (stacking group); null for German units. */
  brigade: string | null;
  steps: number;
  loc: string;
  /** The bottom (reserve line) unit of a two-unit stack (18.1). */
  reserve: boolean;
}

/** What a unit has done this phase. Replaced, never edited: copies of a state share these records. */
export interface Activity {
  /** Movement points left. */
  readonly mp: number;
  /** Entered an enemy zone of control, infiltrated, or otherwise may move no more this phase. */
  readonly stopped: boolean;
  /** Has left its starting hex this phase. */
  readonly moved: boolean;
}

export interface Bombardment {
  side: Side;
  target: string;
  gas: boolean;
  /** Units announced to attack the target after the bombardment (17.1). */
  attackers: string[];
}

/** A ground attack declared and not yet resolved. */
export interface DeclaredAttack {
  target: string;
  /** In mobile combat, the order in which they attack, each alone (18.4). */
  attackers: string[];
}

export interface CombatRecord {
  /** Hexes attacked (resolved) this phase. */
  attackedHexes: string[];
  /** Units that have attacked this phase. */
  attackers: string[];
  bombardments: Bombardment[];
  /**
   * Attacks declared and not yet resolved: every attack of a phase is declared before any is
   * resolved, so that what one combat adds to another (14.3.3) does not depend on their order.
   */
  declared: DeclaredAttack[];
  /**
   * The hexes the defending side held when the declarations closed; null while attacks are still
   * being declared. Only units standing there then can support a neighbour (14.3.3, rulings R5).
   */
  held: string[] | null;
  breached: string[];
}

/** Declaring every attack of the phase, then resolving them one by one in the attacker's order. */
export type AttackStep = 'declare' | 'resolve';

export type CombatStep = 'aircraft' | 'attacker-markers' | 'defender-markers' | AttackStep;

export type Phase =
  | { kind: 'deployment'; side: Side }
  | { kind: 'movement'; side: Side; activity: Record<string, Activity>; began: boolean }
  | { kind: 'combat'; side: Side; step: CombatStep; combat: CombatRecord }
  | { kind: 'mobile-movement'; side: Side; activity: Record<string, Activity> }
  | { kind: 'mobile-combat'; side: Side; step: AttackStep; combat: CombatRecord; movers: string[] }
  | { kind: 'ended' };

/** A decision someone must take before play goes on, often by the player who is not moving. */
export type Decision =
  | { kind: 'retreat-or-deplete'; seat: Side; unit: string; hexes: number; from: string; path: string[] }
  | { kind: 'attacker-loss'; seat: Side; units: string[]; eliminate: boolean }
  | { kind: 'advance'; seat: Side; units: string[]; vacated: string }
  | { kind: 'gas-victim'; seat: Side; target: string; hexes: string[] }
  | { kind: 'place-reinforcements'; seat: Side; division: string; entry: string | null; units: string[] }
  | { kind: 'place-replacements'; seat: Side; count: number }
  | { kind: 'place-breakdown'; seat: Side; origin: string; count: number; movement: number };

export interface LoosState {
  game: 'loos';
  scenario: string;
  turn: number;
  phase: Phase;
  units: Unit[];
  /** Battalion counters available for replacements and break-downs (13.2). */
  deadpile: number;
  /** Serial for new replacement battalion ids. */
  replacementSerial: number;
  /** Town hexes the British control; every other town hex is German (12.3). */
  britishHexes: string[];
  /** Fire-support markers used this game turn by each side (17.1). */
  artilleryUsed: Record<Side, number>;
  /** The British aircraft marker's hex in the current combat phase, if placed (17.2). */
  aircraft: string | null;
  /** German reinforcement divisions released so far (11.3). */
  released: string[];
  /** British reserve divisions committed: sector and the turn of placement (11.7). */
  committed: Record<string, { sector: number; turn: number }>;
  pending: Decision[];
  outcome: Outcome | null;
  rng: RngState;
}

/** What a seat sees: Loos hides nothing on the map, but no one sees the dice generator. */
export type LoosView = Omit<LoosState, 'rng'>;

/** Anything the rules read, full state or a seat's view. */
export type LoosLike = LoosState | LoosView;

export function isOnMap(unit: Unit): boolean {
  return unit.loc.length === 4 && unit.loc >= '0000' && unit.loc <= '9999';
}
