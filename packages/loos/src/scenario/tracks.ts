import type { Side } from './forces.ts';

/** One box of an artillery track: how many fire-support markers, and how many dice each rolls. */
export interface ArtilleryBox {
  markers: number;
  dice: number;
}

/**
 * Our artillery tracks (17.1, 17.3). British fire is best in the mornings and tapers off (19.1);
 * the German is steadier. Both together never need more than the folio's ten markers.
 */
export const ARTILLERY: Record<Side, ArtilleryBox[]> = {
  british: [
    { markers: 6, dice: 3 },
    { markers: 3, dice: 2 },
    { markers: 5, dice: 3 },
    { markers: 3, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 2, dice: 2 },
    { markers: 3, dice: 2 },
    { markers: 2, dice: 2 },
    { markers: 2, dice: 2 },
  ],
  german: [
    { markers: 3, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
    { markers: 4, dice: 2 },
  ],
};

export const LAST_TURN = 8;

/** Turn Record Track labels: Zero Hour is the morning of 25 September 1915; each turn is half a day. */
export function turnLabel(turn: number): string {
  if (turn === 0) return 'Zero Hour (25 Sept, morning)';
  const day = 25 + Math.floor(turn / 2);
  return `Turn ${turn} (${day} Sept, ${turn % 2 === 0 ? 'morning' : 'afternoon'})`;
}
