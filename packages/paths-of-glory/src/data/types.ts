/** The two sides: the Allied Powers and the Central Powers. */
export type Side = 'ap' | 'cp';

export type MapName = 'europe' | 'neareast';

/** Terrain that matters to the rules; every other space is clear. */
export type Terrain = 'clear' | 'mountain' | 'swamp' | 'desert' | 'forest';

/**
 * Nations as the map and the counters name them. `none` marks the MEF landing spaces, which belong
 * to no nation; `al` Albania, `pe` Persia, `eg` Egypt and `ar` Arabia hold no units of their own.
 */
export type Nation =
  | 'ah'
  | 'al'
  | 'ar'
  | 'be'
  | 'br'
  | 'bu'
  | 'eg'
  | 'fr'
  | 'ge'
  | 'gr'
  | 'it'
  | 'mn'
  | 'none'
  | 'pe'
  | 'ro'
  | 'ru'
  | 'sb'
  | 'sn'
  | 'tu'
  | 'us';

export interface SpaceData {
  /** Stable id made from the name: lower case, accents and punctuation turned into dashes. */
  id: string;
  /** The space's number in the reference files. */
  num: number;
  map: MapName;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  nation: Nation;
  /** The side that controls it when the war begins (or when its neutral nation joins). */
  faction: Side;
  terrain: Terrain;
  supplySource: boolean;
  vp: boolean;
  /** The fort's combat and loss factor; 0 when the space has none. */
  fort: number;
  apPort: boolean;
  cpPort: boolean;
  capital: boolean;
}

/** Who a dotted connection admits. */
export type CrossingMark = Nation | 'ana' | 'mef';

export interface ConnectionData {
  a: string;
  b: string;
  /**
   * Empty for a solid line; for a dotted line, who may cross or attack across it: nations, or the
   * Arab Northern Army (`ana`) and the MEF (`mef`) by their own marks.
   */
  nations: CrossingMark[];
}

export type UnitType = 'army' | 'corps';

/** Which pool of replacement points rebuilds a unit; null when it can never be replaced. */
export type RpType = 'allied' | 'br' | 'fr' | 'it' | 'ru' | 'us' | 'ah' | 'bu' | 'ge' | 'tu';

export interface UnitData {
  id: string;
  side: Side;
  nation: Nation;
  /** The designation printed on the counter, as in the reference file. */
  name: string;
  type: UnitType;
  counter: string;
  cf: number;
  lf: number;
  mf: number;
  reducedCf: number;
  reducedLf: number;
  reducedMf: number;
  /** Marked with a dot: eliminated for good, never rebuilt (17.1.7). */
  notReplaceable: boolean;
  /** One of the few armies allowed on the Near East map (11.3.1). */
  nearEast: boolean;
  rpType: RpType | null;
}

export type Commitment = 'mobilization' | 'limited' | 'total';

/**
 * Nations whose replacement points a card lists; `a` is the Allied minor nations' pool; `us` is
 * listed on no card, but Over There adds one to every Allied RP play (card AP 55).
 */
export type RpNation = 'a' | 'br' | 'fr' | 'it' | 'ru' | 'us' | 'ah' | 'bu' | 'ge' | 'tu';

export interface CardData {
  /** `ap-12`, `cp-1`: the side and the number printed on the card. */
  id: string;
  num: number;
  side: Side;
  commitment: Commitment;
  ops: number;
  sr: number;
  /** Removed from the game once played as an event (the asterisk). */
  removeAfterEvent: boolean;
  combatCard: boolean;
  warStatus: number;
  rp: Partial<Record<RpNation, number>>;
  name: string;
  /** The event's key in the reference file; null for plain reinforcement cards. */
  event: string | null;
  /** The reinforcements the event brings, by nation and counter designation. */
  reinforcements: { nation: Nation; units: string[] } | null;
  /** Cards 56-65, used only when the match enables the optional cards. */
  optional: boolean;
}
