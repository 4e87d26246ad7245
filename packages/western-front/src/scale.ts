/**
 * The playsheet measures in centimetres on a table; we play on hexes. One hex is 5 cm, measured
 * centre to centre, so a stand d hexes away is d x 5 cm away.
 */
export const CM_PER_HEX = 5;

/**
 * A maximum distance or allowance in whole hexes: the largest number of hexes that does not exceed it,
 * so a range never reaches further than the table would. A positive allowance that would round to
 * nothing (the 3 cm a deployed gun is man-handled) still gives one hex, or the gun could never move.
 */
export function hexesWithin(cm: number): number {
  const whole = Math.floor(cm / CM_PER_HEX);
  return cm > 0 && whole === 0 ? 1 : whole;
}

/**
 * An "under X cm" band in hexes. Neighbouring hexes are the closest two stands can be (their bases
 * touch), so "under 5 cm" is adjacent and "under 10 cm" is within 2 hexes: the band holds every hex
 * distance d with (d - 1) x 5 cm, the gap between the stands' edges, under X.
 */
export function hexesUnder(cm: number): number {
  return Math.ceil(cm / CM_PER_HEX);
}

/** The gap between the bases of two stands d hexes apart, in cm: neighbours touch. */
export function gapBetweenBases(d: number): number {
  return Math.max(0, (d - 1) * CM_PER_HEX);
}

/**
 * The first hex distance of a band that begins at `cm` measured as the gap between bases (a "100-150
 * cm" band holds the distances whose gap is at least 100 cm and under 150).
 */
export function bandStart(cm: number): number {
  return Math.ceil(cm / CM_PER_HEX) + 1;
}
