import type { JsonObject, Outcome, RngState, Seat } from '@salient/engine';
import type { RpNation, Side } from './data/types.ts';
import type { MatchRules } from './scenarios.ts';

export type { Side } from './data/types.ts';

/** Where a unit is: a space id, one of its side's boxes, or nowhere yet (a neutral's or a reinforcement). */
export type UnitLoc = string;
export const RESERVE = 'reserve';
export const ELIMINATED = 'eliminated';
/** Permanently eliminated: never rebuilt (12.4.7). */
export const REMOVED = 'removed';
/** Not yet in play: neutral nations' units and reinforcements still on their cards. */
export const OFFMAP = 'offmap';

export interface UnitState {
  loc: UnitLoc;
  reduced: boolean;
  /** Marked out of supply (14.3); refreshed at every activation and in the Attrition Phase. */
  oos: boolean;
}

export interface Trench {
  side: Side;
  level: 1 | 2;
}

export type ActionKind = 'ops' | 'sr' | 'rp' | 'event' | 'oneOp' | 'peace';

export interface Deck {
  draw: string[];
  hand: string[];
  discard: string[];
  removed: string[];
  /** Combat cards won and kept face up (9.5.4.2), reusable once per action round until lost. */
  table: string[];
}

export type ActivationMode = 'move' | 'attack';

/** One operations action in progress: what was activated and what has moved or fought. */
export interface Operation {
  /** The card played, or null for the one-op action without a card. */
  card: string | null;
  points: number;
  activated: Record<string, ActivationMode>;
  /** Units that have finished their move in this action (11.1.1). */
  moved: string[];
  /**
   * MPs already spent by units still moving after taking a space in passing (11.1.4 seed: one more
   * MP to take control of a space moved through). Such units have moved: they neither dig nor attack. Absent: none (states saved before it existed).
   */
  spent?: Record<string, number>;
  /** Units that have attacked in this action (12.1.6). */
  attacked: string[];
  /** Units that attacked out of a space where they besiege an enemy fort (15.2.3); absent: none. */
  sortied?: string[];
  /** Units that will try to dig in after movement (11.2.1). */
  entrenching: string[];
  /** Units that retreated during this action (12.1.2, 12.5.6). */
  retreated: string[];
  /** The Sud Army stack activated as one nation this round (card CP 10), if any. */
  sudArmySpace: string | null;
  /** Guns of August: only these units may attack from the spaces it activates. */
  onlyAttackers: string[] | null;
}

export type CombatStep = 'designate' | 'flank' | 'attackerCards' | 'defenderCards';

export interface Combat {
  target: string;
  attackers: string[];
  /** Defending units at the start of the combat (not those that retreated in here earlier). */
  defenders: string[];
  /** Units that retreated into the target earlier this action: they fight no more (12.5.6). */
  spent: string[];
  step: CombatStep;
  /** The pinning space of a flank attack (12.3.2), when one is attempted. */
  pin: string | null;
  cards: Record<Side, string[]>;
  /** The cards of `cards` taken from the table rather than the hand (for Alberich and Great Retreat); absent: none. */
  fromTable?: string[];
  /** Sides firing on the Army table by the option of 12.2.7 (seed), giving up favourable shifts; absent when none. */
  armyTable?: Side[];
}

/** What is left of a combat once the dice have spoken. */
export interface CombatResult {
  target: string;
  attackers: string[];
  defenders: string[];
  spent: string[];
  /** Loss number inflicted on the defender / attacker. */
  onDefender: number;
  onAttacker: number;
  /** Whether the defender's space held nobody and no intact enemy fort (12.2.1). */
  empty: boolean;
  cards: Record<Side, string[]>;
  armyTable?: Side[];
  /**
   * Who must still take losses, in order, with the loss number left; `army` is the army taking
   * every step until it is gone (12.4.4.2), once one has begun.
   */
  lossQueue: { side: Side; remaining: number; army?: string }[];
  /** For a flank attack, the fire still to come after the first side's losses. */
  deferredFire: Side | null;
  flank: 'success' | 'failure' | null;
  /** Defender spaces vacated by retreat, where the attacker may advance (12.7.3). */
  vacated: string[];
  retreatLength: 0 | 1 | 2;
  /** Each step the defending units gave, in order: what Withdrawal may give back (12.6). */
  defenderSteps: { unit: string; eliminated: boolean }[];
  /** What events of the round add to this combat (src/roundEffects.ts); absent: nothing. */
  bonus?: CombatBonus;
}

export interface CombatBonus {
  /** Extra die modifier of the attacking side (Yanks and Tanks, Kerensky and Brusilov Offensives). */
  attackerDrm?: number;
  /** Every trench effect cancelled (Brusilov's breach). */
  noTrench?: boolean;
  /** The defenders count as in a level 1 trench (Turk Determination). */
  defenderTrench1?: boolean;
  /** The side fires on the Army table whatever its units (Maude for the attacker, Kemal for the defender). */
  attackerArmyTable?: boolean;
  defenderArmyTable?: boolean;
}

export type Phase =
  | { kind: 'gunsOfAugust' }
  | { kind: 'action'; side: Side }
  | { kind: 'activate'; side: Side; op: Operation }
  | { kind: 'move'; side: Side; op: Operation }
  | { kind: 'attack'; side: Side; op: Operation; combat: Combat | null }
  | { kind: 'losses'; side: Side; op: Operation; result: CombatResult }
  | {
      kind: 'retreat';
      side: Side;
      op: Operation;
      result: CombatResult;
      /** Units still to retreat and the spaces each has left behind. */
      pending: { unit: string; stepsLeft: number; path: string[] }[];
      /** Whether the defender may still cancel the retreat with a step (12.5.3). */
      mayHold: boolean;
    }
  | { kind: 'advance'; side: Side; op: Operation; result: CombatResult; advanced: string[] }
  | { kind: 'sr'; side: Side; points: number; moved: string[] }
  /** `card`: the module card (src/cards) whose entry rules place the units; absent: 9.5.3.3's. */
  | { kind: 'placeReinforcements'; side: Side; units: string[]; card?: string }
  | { kind: 'freeFlips'; side: Side; points: number; card: string }
  | { kind: 'entrenchEvent'; side: Side }
  | { kind: 'replacement'; side: Side }
  | { kind: 'discardCombat'; side: Side }
  /** An event module's question (src/cards): `step` is the module's own record of where it stands. */
  | { kind: 'cardEvent'; side: Side; card: string; step: JsonObject }
  /** 16.5: peace terms offered by `offeredBy`; `side` answers. */
  | { kind: 'peaceOffer'; side: Side; offeredBy: Side }
  | { kind: 'over' };

export interface Mandate {
  /** The nation that must attack this turn, or null for none. */
  nation: string | null;
  made: boolean;
  /** The AH (It) result with Italy at war (7.1.6): the attack must be on the Italian front. */
  italianFront?: boolean;
  /** 7.1.8: a French offensive turned mutiny by French Mutiny (card CP 47): a French western attack costs a VP. */
  mutiny?: boolean;
}

export interface PogState {
  game: 'paths-of-glory';
  scenario: string;
  seats: Side[];
  /** Optional cards 56-65 in the decks. */
  optionalCards: boolean;
  /** The optional Near East rules switched on for this match (src/options.ts); absent: none. */
  optionalRules?: ('turkishInternalSupply' | 'straitsInNearEast' | 'nonTurkishCorps')[];
  turn: number;
  lastTurn: number;
  /** Action rounds completed this turn by each side. */
  actions: Record<Side, ActionKind[]>;
  vp: number;
  warStatus: Record<Side, number>;
  units: Record<string, UnitState>;
  control: Record<string, Side>;
  trenches: Record<string, Trench>;
  destroyedForts: string[];
  /** Nations still neutral: their spaces may not be entered and their units are off the map. */
  neutral: string[];
  decks: Record<Side, Deck>;
  /** Event keys played so far (Race to the Sea, Entrench, ...), for the rules they change. */
  played: string[];
  /** Nations that brought reinforcements this turn (9.5.3.1). */
  reinforced: string[];
  /** Once-a-turn permissions used up this turn (the Russian corps crossing to the Caucasus, 11.3.2). */
  turnFlags: string[];
  rp: Partial<Record<RpNation, number>>;
  mandates: Record<Side, Mandate>;
  /** The Central Powers space the Arab Northern Army holds for the Allies while it stands there (11.1.14 seed). */
  anaHolds?: string;
  /** The MEF beachhead marker's space (9.5.3.5), absent before the landing or once overrun. */
  mefBeachhead?: string;
  /** War commitment levels (16.1); absent means both sides at Mobilization, as all of part 1. */
  commitment?: Record<Side, 'mobilization' | 'limited' | 'total'>;
  /** Combat cards on the table already used this action round (9.5.4.4). */
  usedThisRound: string[];
  /** Match options of the Limited War and Campaign scenarios (5.6, 5.7, 11.2.10 optional); absent: none. */
  rules?: MatchRules;
  /**
   * 11.2.10 (optional, living rules): units whose dig failed, with the action round it failed in
   * (turn * 6 + rounds done); a dig in the very next round rolls one less. Absent: none.
   */
  failedDigs?: Record<string, number>;
  /** The turn each event of a card module (src/cards) was played in, by event key; absent: none yet. */
  eventTurns?: Record<string, number>;
  /** 9.5.3.4: Allied Near East armies entered at home, which no longer operate in the Near East; absent: none. */
  homeArmies?: string[];
  /** 16.4.5: the Central Powers' count of Russian VP spaces when the Tsar fell. */
  tsarFellAt?: number;
  /** 12.2.10 (seed): the turn They Shall Not Pass (AP 39) was played from the hand; absent: not yet. */
  theyShallNotPassTurn?: number;
  phase: Phase;
  outcome: Outcome | null;
  rng: RngState;
}

/** What a seat or spectator may see: no generator, no draw order, the other hand only counted. */
export interface PogView extends Omit<PogState, 'rng' | 'decks'> {
  viewer: Seat | null;
  decks: Record<Side, ViewDeck>;
}

export interface ViewDeck {
  drawCount: number;
  /** The viewer's own hand; absent for the other side and for spectators. */
  hand?: string[];
  handCount: number;
  discard: string[];
  removed: string[];
  table: string[];
}

export type Readable = PogState | PogView;

export const other = (side: Side): Side => (side === 'ap' ? 'cp' : 'ap');
