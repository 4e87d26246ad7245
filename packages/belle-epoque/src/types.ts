import type { HexId, Outcome, RngState, Seat } from '@salient/engine';

/** Terrain a sector may hold once it is known. Undiscovered sectors have no entry at all. */
export type Terrain = 'open' | 'hill' | 'woods' | 'village' | 'marsh' | 'fort' | 'river';

/** How a unit moves and fights: the rules' stand limits and march allowances hang on this. */
export type UnitKind = 'infantry' | 'tribesmen' | 'cavalry' | 'mountedInfantry';

/** Troop types A-G: the weapons a unit carries and the guns behind it, which set its fire values. */
export type Firepower = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

export type Quality = 'poor' | 'trained' | 'elite';

export type Order = 'loose' | 'close';

export type Rating = 'conspicuous' | 'bold' | 'choc' | 'militia' | 'dashing' | 'stubborn' | 'special';

export type GeneralQuality = 'mediocre' | 'average' | 'superior';

export type Edge = 'north' | 'south';

export type Unit = {
  id: string;
  side: Seat;
  name: string;
  kind: UnitKind;
  firepower: Firepower;
  quality: Quality;
  order: Order;
  ratings: Rating[];
  stands: number;
  startStands: number;
  /** null once eliminated. */
  hex: HexId | null;
  /** Has drawn its token (or spent it on a reaction) this turn. */
  activated: boolean;
  /** Moved during the current turn. */
  movedThisTurn: boolean;
  /** Has moved or fired at least once since the game began: unseen troops are harder to spot. */
  revealed: boolean;
  /** Assaults fought this turn, as attacker or defender. */
  assaults: number;
  /**
   * Entered a rough sector this turn, by any movement (move, evade, fall back, carrying, or passing
   * through a friend standing in one): it may not fire or assault again before the turn ends.
   */
  enteredRough: boolean;
};

/** What the active unit did so far in its activation. */
export type Activation = {
  unit: string;
  test: 'passed' | 'failed' | 'none';
  startHex: HexId;
  /** Sectors moved so far; more than one makes the move a march. */
  steps: number;
  /** The unit may not move again this activation (stopped by terrain, zone of control or allowance). */
  halted: boolean;
  /** Began the activation in rough ground: no march out of it (special units excepted). */
  startedInRough: boolean;
};

/** Where play goes back to once a fire's losses are settled. */
export type Resume = 'endActivation' | 'reaction';

export type Assault = { attacker: string; defender: string; reacted: string[] };

/** What play goes on with once a fall back is over. */
export type AfterFallBack =
  | { kind: 'resumeFire'; assault: Assault | null; resume: Resume }
  | { kind: 'offerCarry'; winner: string };

/**
 * Who must decide what now. Each variant holds exactly what that decision needs, so a state can
 * never wait on a decision it lacks the facts for.
 */
export type Phase =
  /** `sealed`: per side, the units whose order changes from the scenario's, hidden until both chose. */
  | { kind: 'doctrine'; submitted: Seat[]; sealed: Record<Seat, string[]> }
  | { kind: 'pick'; side: Seat }
  | { kind: 'activation'; act: Activation }
  | { kind: 'reaction'; act: Activation; assault: Assault }
  | { kind: 'evade'; act: Activation; assault: Assault; origin: HexId; stepsLeft: number }
  | {
      kind: 'fireLosses';
      act: Activation;
      assault: Assault | null;
      target: string;
      hits: number;
      maxFallBack: number;
      resume: Resume;
    }
  | {
      kind: 'fallBack';
      act: Activation;
      unit: string;
      /** Fall backs still to make; each is possible, or it would have been taken as a stand. */
      stepsLeft: number;
      /** The sector the fall back began in, then each sector entered: none may be entered again. */
      visited: HexId[];
      then: AfterFallBack;
    }
  | { kind: 'carry'; act: Activation; winner: string; hex: HexId }
  | { kind: 'over' };

export type BeState = {
  game: 'belle-epoque';
  scenario: string;
  seats: Seat[];
  home: Record<Seat, Edge>;
  generals: Record<Seat, GeneralQuality>;
  turn: number;
  lastTurn: number;
  cp: Record<Seat, number>;
  /** Tokens left in the bowl per side; which comes out next is rolled only when it is drawn. */
  bowl: Record<Seat, number>;
  units: Unit[];
  /** Known terrain only: a sector enters this map when it is discovered. */
  terrain: Record<HexId, Terrain>;
  /** Sectors the scenario closes to some kinds of unit (a marsh to cavalry, say), beyond impassable terrain. */
  impassableTo: Record<HexId, UnitKind[]>;
  /** Whether this scenario's terrain starts hidden; if false every sector is in `terrain`. */
  hiddenTerrain: boolean;
  objectives: Record<HexId, { vp: number; holder: Seat | null }>;
  phase: Phase;
  outcome: Outcome | null;
  rng: RngState;
};

/** What a seat or spectator may see: the state without the dice generator and sealed choices. */
export type BeView = Omit<BeState, 'rng'> & { viewer: Seat | null };

/** Anything the rules read without rolling dice: a full state or a view. */
export type Readable = BeState | BeView;
