import type { PiecePresentation, Presentation } from '@salient/engine';

/**
 * What changed on the map between two positions, so the board can show what just happened: pieces
 * that moved (from, to), pieces that left the map (eliminated, withdrawn) and pieces that lost
 * strength where they stand, and markers that appeared (a bombardment target, a breach). Worked out
 * from the two presentations alone, so it holds for any game.
 */
export interface MapChange {
  moves: { piece: string; label: string; from: string | null; to: string }[];
  removed: { piece: string; label: string; from: string }[];
  weakened: { piece: string; label: string; at: string }[];
  markers: { loc: string; label: string }[];
}

export const noChange: MapChange = { moves: [], removed: [], weakened: [], markers: [] };

export function isEmpty(c: MapChange): boolean {
  return c.moves.length + c.removed.length + c.weakened.length + c.markers.length === 0;
}

const located = (pieces: readonly PiecePresentation[]) =>
  new Map(pieces.filter((p) => p.loc !== null).map((p) => [p.id, p]));

export function mapChange(before: Presentation, after: Presentation): MapChange {
  const was = located(before.pieces);
  const now = located(after.pieces);
  const out: MapChange = { moves: [], removed: [], weakened: [], markers: [] };
  for (const [id, p] of now) {
    const old = was.get(id);
    if (!old) out.moves.push({ piece: id, label: p.label, from: null, to: p.loc! });
    else if (old.loc !== p.loc) out.moves.push({ piece: id, label: p.label, from: old.loc, to: p.loc! });
    else if (old.factors !== p.factors || old.reduced !== p.reduced)
      out.weakened.push({ piece: id, label: p.label, at: p.loc! });
  }
  for (const [id, p] of was) if (!now.has(id)) out.removed.push({ piece: id, label: p.label, from: p.loc! });
  const key = (m: { loc: string; kind: string }) => `${m.kind}@${m.loc}`;
  const oldMarkers = new Set(before.markers.map(key));
  // Markers everywhere at once (unexplored ground) are not news; a handful of new ones are.
  const fresh = after.markers.filter((m) => !oldMarkers.has(key(m)));
  if (fresh.length <= 6) for (const m of fresh) out.markers.push({ loc: m.loc, label: m.label });
  return out;
}
