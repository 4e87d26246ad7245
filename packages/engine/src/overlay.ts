import type { Action } from './game.ts';

/**
 * What the player is looking at on the board, for a game to draw what depends on it (a command
 * radius, a weapon's reach). The client sends nothing of this to the server: it only draws.
 */
export interface Selection {
  /** The piece selected on the board, or null. */
  piece: string | null;
  /**
   * The action being built, with the parameters chosen so far and the open ones left out (as given
   * to `preview`), or null when no choice is being built.
   */
  draft: Action | null;
  /** The location under the board's cursor (last clicked or reached with the keys), or null. */
  loc: string | null;
}

/**
 * How a drawn thing reads, mapped by the client to colours chosen for colour-blind players; the
 * style (outline, tint, hatch, dashed) is a second cue, so no meaning rests on colour alone.
 */
export type OverlayTone = 'info' | 'own' | 'enemy' | 'danger';

/** A set of locations drawn as one area: an outline around it, a tint over it or a hatch. */
export interface OverlayArea {
  id: string;
  label: string;
  locs: string[];
  style: 'outline' | 'tint' | 'hatch';
  tone: OverlayTone;
}

/** A line from one location's centre to another's: a line of sight, a line of fire. */
export interface OverlayLine {
  from: string;
  to: string;
  style: 'solid' | 'dashed';
  tone: OverlayTone;
  label?: string;
}

/** A short text on a location, such as the chances of a shot at the stand there. */
export interface OverlayLabel {
  loc: string;
  text: string;
  tone: OverlayTone;
}

/** What a game draws over the board for the current selection, above the terrain and below the pieces. */
export interface SelectionOverlay {
  /** One sentence saying what is shown, read out to screen readers and shown under the map. */
  caption: string;
  areas: OverlayArea[];
  lines: OverlayLine[];
  labels: OverlayLabel[];
}

export const emptyOverlay: SelectionOverlay = { caption: '', areas: [], lines: [], labels: [] };

export const noSelection: Selection = { piece: null, draft: null, loc: null };
