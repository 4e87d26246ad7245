import type { Seat } from './game.ts';
import type { GraphSpec } from './graph.ts';
import type { HexGridSpec } from './hex.ts';

/**
 * Everything a generic board needs to draw a scenario's map. Static: it never changes in a match.
 * Dynamic things (pieces, control, markers) come from a game's Presentation of a view.
 */
export interface BoardSpec {
  topology: { kind: 'hex'; grid: HexGridSpec } | { kind: 'graph'; graph: GraphSpec };
  /** Which map edge is which compass direction, for the compass rose. */
  north: 'up' | 'down' | 'left' | 'right';
  terrainKinds: TerrainKind[];
  /** Terrain of each location; absent means the first terrain kind. */
  terrain: Record<string, string>;
  /** Sets of locations drawn over the terrain: high ground, front lines, entry hexes. */
  overlays: Overlay[];
  hexsideKinds: HexsideKind[];
  hexsides: { kind: string; a: string; b: string }[];
  /** Named areas labelled on the map: towns, sectors. */
  regions: Region[];
  sides: SideStyle[];
  /** Parts of a large map the board offers as buttons that bring them into view (two map sheets). */
  areas?: { id: string; label: string; locs: string[] }[];
  /**
   * The states a unit can be in that a player plans by (loose order, gassed, out of supply): each
   * drawn as a lettered badge on the counters in it (`PiecePresentation.states`) and explained in the
   * map key.
   */
  pieceStates?: PieceStateKind[];
}

/** A unit's state as a badge on its counter: a letter or two, its colour, and what it means. */
export interface PieceStateKind {
  id: string;
  /** What the badge shows, one to three characters ("L" for loose order). */
  short: string;
  /** What it means, for the map key and the counter's title ("Loose order"). */
  label: string;
  /** The badge's colour; its letters are drawn in white, so a dark colour. */
  color: string;
}

/** The ring over a scenario's objective hexes, in the colour every hex game gives it. */
export function objectivesOverlay(objectives: Record<string, unknown>): Overlay {
  return {
    id: 'objectives',
    label: 'Objectives',
    locs: Object.keys(objectives),
    style: 'ring',
    color: '#cc79a7',
  };
}

/** A region per objective hex, so the board labels each with its name. */
export function objectiveRegions(objectives: Record<string, { name: string }>): Region[] {
  return Object.entries(objectives).map(([hex, o]) => ({
    id: `objective-${hex}`,
    name: o.name,
    kind: 'objective',
    locs: [hex],
  }));
}

export interface TerrainKind {
  id: string;
  label: string;
  fill: string;
  /** A texture drawn over the fill so terrain is told apart without colour. */
  pattern?: 'trees' | 'buildings' | 'rough' | 'none';
}

export interface Overlay {
  id: string;
  label: string;
  locs: string[];
  style: 'contour' | 'band' | 'ring' | 'hatch';
  color: string;
}

export interface HexsideKind {
  id: string;
  label: string;
  color: string;
  width: number;
  style: 'solid' | 'teeth' | 'double';
}

export interface Region {
  id: string;
  name: string;
  kind: string;
  locs: string[];
}

/** Colours chosen to be told apart by colour-blind players, with a pattern name as a second cue. */
export interface SideStyle {
  seat: Seat;
  name: string;
  fill: string;
  ink: string;
}

/** What a board shows of one view: the game's module derives it, the client draws it. */
export interface Presentation {
  pieces: PiecePresentation[];
  markers: MarkerPresentation[];
  /** Who holds a location, where that matters (town control). */
  control: Record<string, Seat>;
  /**
   * Terrain learnt during play, overriding the board's static terrain (a hex discovered in a game
   * with hidden terrain). Absent when nothing changes.
   */
  terrain?: Record<string, string>;
  /** Off-map boxes: reserves, dead pile, reinforcements. */
  boxes: { id: string; label: string; pieces: PiecePresentation[] }[];
  /** The game's tracks as label/value pairs (turn, artillery, command points). */
  tracks: { id: string; label: string; value: string }[];
  /** A card-driven game's cards: hands, piles and what each card's face says. Absent without cards. */
  cards?: CardsPresentation;
  /**
   * Areas that come and go during play (a drifting gas cloud), drawn like the board's own
   * overlays; ids must differ from those of `BoardSpec.overlays`. Absent when there are none.
   */
  overlays?: Overlay[];
}

/**
 * The cards a viewer may know about. The client draws hands and piles from this alone and offers a
 * hand card's plays by matching `plays` against the seat's choices, so it needs no game's names.
 */
export interface CardsPresentation {
  /** Every card a pile shows, by id. */
  faces: Record<string, CardFace>;
  piles: CardPile[];
  /**
   * The ways to play a card: a choice whose `action` is this one and whose parameter `param` offers
   * the card's id as an option value plays it; `label` names the play on its button ("Event").
   */
  plays: { action: string; param: string; label: string }[];
}

export interface CardFace {
  id: string;
  name: string;
  /** The seat whose deck it belongs to, for its colour. */
  owner?: Seat;
  /** Printed values, short: OPS 3, SR 4. */
  values: { label: string; value: string }[];
  /** What its event does, in the project's own words. */
  text: string;
  /** Short marks shown on the face (combat card, removed after play). */
  marks: string[];
}

export interface CardPile {
  id: string;
  label: string;
  owner?: Seat;
  kind: 'hand' | 'draw' | 'discard' | 'removed' | 'table';
  /** The cards in order, or null when the viewer may only know how many (the other hand, a deck). */
  cards: string[] | null;
  count: number;
}

export interface PiecePresentation {
  id: string;
  loc: string | null;
  side: Seat;
  /** The unit's designation as printed on the counter. */
  label: string;
  /** NATO symbol: infantry, cavalry, artillery, ... */
  symbol: 'infantry' | 'cavalry' | 'artillery' | 'mounted-infantry' | 'machine-gun';
  /** Unit size mark: II battalion, III regiment, X brigade, XX division, XXX corps, XXXX army. */
  size: 'II' | 'III' | 'X' | 'XX' | 'XXX' | 'XXXX' | '';
  /** Factors as printed, e.g. "4-3-3". */
  factors: string;
  reduced: boolean;
  /** 0 for the top (front) piece of its location, 1 for the next, and so on. */
  stackIndex: number;
  note?: string;
  /** Ids of the board's `pieceStates` the unit is in now, drawn as badges on its counter. */
  states?: string[];
}

export interface MarkerPresentation {
  loc: string;
  kind: string;
  label: string;
  /** What the marker's face shows when the label is too long for it ("T2" for a level 2 trench). */
  short?: string;
  side?: Seat;
}
