import type { HexId, Outcome, RngState, Seat } from '@salient/engine';

/** Ground as the rules read it: movement rate, cover for those in it, and whether it blocks sight. */
export type Terrain =
  | 'open'
  | 'fields'
  | 'woods'
  | 'village'
  | 'marsh'
  | 'trench'
  | 'breastwork'
  | 'strongpoint'
  | 'canal'
  | 'crest';

/** Cover classes of the firing table's columns. */
export type Cover = 'open' | 'soft' | 'medium' | 'hard';

/** The firing table's lines. */
export type Weapon = 'mg' | 'infantry' | 'fieldGun' | 'howitzer' | 'heavy' | 'gas';

/** Every kind of stand on the table. Off-table batteries are `Battery`, not stands. */
export type StandKind =
  | 'company'
  | 'cavalry'
  | 'mg'
  | 'lightMortar'
  | 'mediumMortar'
  | 'fieldGun'
  | 'howitzer'
  | 'bnCommander'
  | 'regtCommander'
  | 'liaison';

export type Quality = 'raw' | 'regular' | 'veteran' | 'storm';

export type GunState = 'limbered' | 'deployed';

export type Stand = {
  id: string;
  side: Seat;
  name: string;
  kind: StandKind;
  quality: Quality;
  /** The battalion a rifle company, battalion MG or battalion commander belongs to. */
  battalion: string | null;
  /** The regiment or brigade: every stand has one. */
  regiment: string;
  /** Support weapons (regimental MGs, guns, mortars) name the battalion they support, for its rout. */
  supports: string | null;
  /** null when off the table: not yet arrived, or gone (see `gone`). */
  hex: HexId | null;
  /** Platoons for rifle companies and cavalry squadrons; 1 for every other stand. */
  steps: number;
  startSteps: number;
  /** 0, 1 or 2: a third suppression is a kill. */
  suppression: number;
  /** Raw troops are +1 on order rolls until they are first fired on, then -1. */
  firedOn: boolean;
  /** Machine guns and light mortars carried on mules or pack horses move at infantry pace. */
  packed: boolean;
  /**
   * A field gun or howitzer on the table is limbered (hooked to its team: moves on the field
   * artillery column, cannot fire) or deployed (fires, man-handled 3 cm); null for every other stand.
   */
  gun: GunState | null;
  /** A command stand replacing a killed original. */
  fieldPromotion: boolean;
  /** Ordered this turn (or had the chance: a failed roll also ends the unit's turn). */
  ordered: boolean;
  /** Actions left from this turn's order roll. */
  actions: number;
  /** Command stands' moves made this turn (two allowed). */
  commandMoves: number;
  /** Turn of arrival for reinforcements (null: on the table from the start). */
  arrives: number | null;
  entry: HexId | null;
  gone: null | 'killed' | 'routed' | 'abandoned' | 'surrendered';
};

export type BatteryKind = 'fieldGun' | 'howitzer' | 'heavy';

/** A pre-registered SOS area: two neighbouring hexes (10 cm wide, 5 cm deep). */
export type SosArea = { id: string; name: string; hexes: [HexId, HexId] };

/** An off-table battery firing at an aiming point. */
export type Battery = {
  id: string;
  side: Seat;
  name: string;
  kind: BatteryKind;
  regiment: string;
  aim: HexId | null;
  /** Set while the battery is laid on one of its SOS areas: its fire then covers that area only. */
  aimSos: string | null;
  sos: SosArea[];
  /** Each battery answers one SOS call a turn. */
  answeredSos: boolean;
  ordered: boolean;
  actions: number;
};

export type Battalion = {
  id: string;
  side: Seat;
  name: string;
  regiment: string;
  quality: Quality;
  /** Rifle platoons at the start: the 50% and 75% thresholds count against this. */
  startPlatoons: number;
  tested50: boolean;
  tested75: boolean;
  routed: boolean;
};

export type Regiment = {
  id: string;
  side: Seat;
  name: string;
  /** The +1 to one battalion order roll, once a turn. */
  bonusUsed: boolean;
};

export type GasCloud = { id: string; side: Seat; hexes: HexId[]; turnsLeft: number };

/** The steps of one side's order sequence, in playsheet order. */
export type Step = 'bombardment' | 'staff' | 'support' | 'battalions' | 'sos' | 'commanders';

/** Who is being ordered now: a stand or a battery, with the roll already made. */
export type Active = { unit: string; battery: boolean };

export type Phase =
  | {
      kind: 'orders';
      side: Seat;
      step: Step;
      /** The battalion being ordered (MGs first, then companies) until it is finished. */
      battalion: string | null;
      active: Active | null;
      /** An order roll the player may re-roll with a staff marker. */
      reroll: { unit: string; battery: boolean; modifier: number } | null;
    }
  | { kind: 'over' };

export type WfState = {
  game: 'western-front';
  scenario: string;
  seats: Seat[];
  home: Record<Seat, 'north' | 'south'>;
  turn: number;
  lastTurn: number;
  /** Order of the sides this turn (initiative). */
  order: Seat[];
  /** The side that orders first on turn 1 (the attacker, who chose the hour). */
  firstSide: Seat;
  /** A preliminary bombardment fired by one side at the start of its first turn. */
  bombardment: { side: Seat; rounds: number; done: boolean } | null;
  /** Victory: the attacker must hold this many objective points at the end. */
  victory: { attacker: Seat; needed: number };
  stands: Stand[];
  batteries: Battery[];
  battalions: Battalion[];
  regiments: Regiment[];
  terrain: Record<HexId, Terrain>;
  roads: HexId[];
  wire: HexId[];
  gas: GasCloud[];
  /** Gas releases each side may still make. */
  gasReleases: Record<Seat, number>;
  /** Wind: the neighbour direction (0-5) gas drifts each turn, or null for still air. */
  wind: number | null;
  /** Staff re-roll markers per side per turn. */
  staffMarkers: Record<Seat, number>;
  markersLeft: Record<Seat, number>;
  /**
   * Where each side's markers of this turn are allocated: its own pools (its battalions, and its
   * support), so one side's markers can never be spent by the other's units.
   */
  allocated: Record<Seat, Record<string, number>>;
  /** Deep suppression of a side's SOS calls by turn (index turn - 1). */
  deepSuppression: Record<Seat, number[]>;
  objectives: Record<HexId, { name: string; vp: number; holder: Seat | null }>;
  phase: Phase;
  outcome: Outcome | null;
  rng: RngState;
};

export type WfView = Omit<WfState, 'rng'> & { viewer: Seat | null };

export type Readable = WfState | WfView;
