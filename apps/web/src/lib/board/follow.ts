import type { Choice, ChoiceOption, Json, PiecePresentation } from '@salient/engine';
import type { Point } from './layout.ts';
import { type ScreenSize, type Viewport, viewBoxOf } from './viewport.ts';

/**
 * The map going to the action: where a step happened, worked out from what any game's events and
 * presentation already say, and the view that shows it without fighting a player's own panning.
 */

/** After the player pans or zooms by hand, the map does not move by itself for this long. */
export const HAND_QUIET_MS = 8_000;

/** Event fields that never name a place: the words, the kind, and who may see it. */
const NOT_PLACES = new Set(['type', 'text']);

/**
 * The places an event is about, for any game: a game may list them in `places`; otherwise every
 * field (or list of fields) whose value is a location of the map (a hex, a space: `hex`, `space`,
 * `from`, `to`, `target`...) or a piece that stands on the map (its location then). Only what the
 * viewer's own events and presentation hold is read, so nothing hidden can be told.
 */
export function eventPlaces(
  events: readonly Record<string, unknown>[],
  isLoc: (id: string) => boolean,
  pieceLoc: (id: string) => string | null,
): string[] {
  const out = new Set<string>();
  const consider = (v: unknown) => {
    if (typeof v !== 'string' || v.length === 0 || v.length > 64) return;
    if (isLoc(v)) out.add(v);
    else {
      const at = pieceLoc(v);
      if (at !== null) out.add(at);
    }
  };
  for (const event of events) {
    for (const [key, value] of Object.entries(event)) {
      if (NOT_PLACES.has(key)) continue;
      if (Array.isArray(value)) for (const v of value.slice(0, 64)) consider(v);
      else consider(value);
    }
  }
  return [...out];
}

/** Where each piece stands, from one or more presentations (the first that places it wins). */
export function pieceLocator(
  ...pieceLists: readonly (readonly PiecePresentation[])[]
): (id: string) => string | null {
  const at = new Map<string, string>();
  for (const pieces of pieceLists)
    for (const p of pieces) if (p.loc !== null && !at.has(p.id)) at.set(p.id, p.loc);
  return (id) => at.get(id) ?? null;
}

/**
 * The view that shows all of `points`, or null when they already are in sight. The zoom is kept
 * when they fit at it (the map slides to their middle); otherwise it zooms out just enough.
 */
export function viewShowing(
  points: readonly Point[],
  current: Viewport,
  screen: ScreenSize,
  inSight: (p: Point) => boolean,
  pad: number,
): Viewport | null {
  if (points.length === 0 || points.every(inSight)) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs) - pad;
  const maxX = Math.max(...xs) + pad;
  const minY = Math.min(...ys) - pad;
  const maxY = Math.max(...ys) + pad;
  const mid = { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 };
  const box = viewBoxOf(current, screen);
  if (maxX - minX <= box.width && maxY - minY <= box.height) return { ...current, ...mid };
  const scale = Math.min(screen.width / (maxX - minX), screen.height / (maxY - minY));
  return { ...mid, scale: Math.min(current.scale, scale) };
}

/**
 * The places of what the player has picked so far in a choice being built: the choice's own place,
 * then each picked option's place (or its piece's). Before any pick, the places offered for the
 * first parameter when they are few (a handful of targets), so a choice begun in the panel shows
 * where it can go; a long list (every hex of the map) is left to the board's own highlights.
 */
export function pickedPlaces(
  active: { choice: Choice; picks: Record<string, Json> } | null,
  isLoc: (id: string) => boolean,
  pieceLoc: (id: string) => string | null,
): string[] {
  if (active === null) return [];
  const out = new Set<string>();
  const placeOf = (o: ChoiceOption) => {
    if (o.loc !== undefined && isLoc(o.loc)) return o.loc;
    if (o.piece !== undefined) return pieceLoc(o.piece);
    return typeof o.value === 'string' && isLoc(o.value) ? o.value : null;
  };
  let picked = false;
  for (const param of active.choice.params) {
    const value = active.picks[param.name];
    if (value === undefined) continue;
    picked = true;
    const values = Array.isArray(value) ? value : [value];
    for (const o of param.options) {
      if (!values.some((v) => JSON.stringify(v) === JSON.stringify(o.value))) continue;
      const at = placeOf(o);
      if (at !== null) out.add(at);
    }
  }
  if (!picked) {
    const first = active.choice.params[0];
    if (first && first.options.length <= 8)
      for (const o of first.options) {
        const at = placeOf(o);
        if (at !== null) out.add(at);
      }
  }
  if (active.choice.loc !== undefined && isLoc(active.choice.loc)) out.add(active.choice.loc);
  return [...out];
}
