/** The smallest a space's name may be drawn on screen, in pixels, and still be read. */
export const MIN_NAME_PX = 11;

/** A name's width in em, for a bold sans-serif face: an estimate, so names are kept apart with room. */
const EM_PER_CHAR = 0.6;

/**
 * How a space's name is drawn at a zoom: its font size in board units, the band behind it and where
 * its baseline sits, measured from the top of the space's box. At a zoom where the box's own size
 * reads well the name sits inside the band at the top of the box (squeezed to the box's width when
 * long). Zoomed out further it keeps `MIN_NAME_PX` on screen: it grows past the box, its band rising
 * above the box so the counters stay clear; `placeNames` then decides which of those grown names fit.
 */
export function nameSizes(
  name: string,
  boxWidth: number,
  boxHeight: number,
  scale: number,
): {
  fontSize: number;
  grown: boolean;
  squeeze: boolean;
  bandWidth: number;
  bandHeight: number;
  bandBottom: number;
  baseline: number;
} {
  const natural = Math.min(8, Math.max(5.5, boxHeight * 0.2));
  const readable = MIN_NAME_PX / Math.max(scale, 1e-6);
  const grown = readable > natural;
  const fontSize = grown ? readable : natural;
  const textWidth = name.length * fontSize * EM_PER_CHAR;
  const bandBottom = natural + 2.5;
  if (!grown) {
    return {
      fontSize,
      grown,
      squeeze: textWidth > boxWidth - 2,
      bandWidth: boxWidth,
      bandHeight: bandBottom,
      bandBottom,
      baseline: natural + 0.5,
    };
  }
  const bandHeight = fontSize * 1.3;
  return {
    fontSize,
    grown,
    squeeze: false,
    bandWidth: Math.max(boxWidth, textWidth + fontSize * 0.4),
    bandHeight,
    bandBottom,
    baseline: bandBottom - fontSize * 0.3,
  };
}

/** A name's band on the map, in board units. */
export interface NameBand {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Drawn whatever it covers: a name inside its own box, or one the player is looking at. */
  always: boolean;
}

/**
 * Which names are drawn: every one marked `always`, then, in the order given, each other name whose
 * band (with a little room around it) crosses no band already placed. Greedy, as map labels are
 * placed: zoomed out, a name is left out rather than printed over a neighbour's.
 */
export function placeNames(bands: readonly NameBand[], room: number): Set<string> {
  const placed: NameBand[] = [];
  const out = new Set<string>();
  const crosses = (a: NameBand, b: NameBand) =>
    a.left - room < b.right && b.left - room < a.right && a.top - room < b.bottom && b.top - room < a.bottom;
  for (const b of [...bands.filter((b) => b.always), ...bands.filter((b) => !b.always)]) {
    if (!b.always && placed.some((p) => crosses(b, p))) continue;
    placed.push(b);
    out.add(b.id);
  }
  return out;
}
