import { GraphTopology } from '@salient/engine';
import { CONNECTIONS, type Nation, SPACES, space } from './data/index.ts';
import type { Side } from './types.ts';

/** Both maps as one graph: Constantinople and Bursa sit on the Near East map and join the two. */
export const MAP = new GraphTopology({
  nodes: SPACES.map((s) => ({ id: s.id, x: s.x, y: s.y })),
  edges: CONNECTIONS.map((c) => ({ a: c.a, b: c.b, kind: c.nations.length > 0 ? 'dotted' : 'normal' })),
});

/** The off-map boxes a side keeps its corps and its dead in. */
export const BOXES = ['ap-reserve', 'cp-reserve', 'ap-eliminated', 'cp-eliminated'] as const;

export function isSpace(id: unknown): id is string {
  return typeof id === 'string' && MAP.has(id);
}

/** Who may use a dotted connection (empty for solid lines). */
const MARKS = new Map<string, Map<string, readonly string[]>>();
for (const c of CONNECTIONS) {
  if (c.nations.length === 0) continue;
  for (const [x, y] of [
    [c.a, c.b],
    [c.b, c.a],
  ] as const) {
    if (!MARKS.has(x)) MARKS.set(x, new Map());
    MARKS.get(x)!.set(y, c.nations);
  }
}
const NONE: readonly string[] = [];

export function crossingMarks(a: string, b: string): readonly string[] {
  return MARKS.get(a)?.get(b) ?? NONE;
}

/**
 * Whether units of this nation (or the named special unit) may move or attack along the connection
 * a-b (11.1.3, 12.1.9): solid lines admit all, dotted lines only the nations marked beside them.
 */
export function mayCross(a: string, b: string, nation: Nation, mark?: string): boolean {
  const marks = crossingMarks(a, b);
  if (marks.length === 0) return true;
  return marks.includes(nation) || (mark !== undefined && marks.includes(mark));
}

export const onNearEast = (id: string) => space(id).map === 'neareast';

/** The spaces Central Powers units may not end a move in before Race to the Sea (11.1.9). */
export const CHANNEL_PORTS = ['amiens', 'antwerp', 'calais', 'ostend'];

/** Nations the BEF may operate in (11.1.16); Holland is not on the map. */
export const BEF_NATIONS: readonly string[] = ['br', 'fr', 'be', 'ge'];

export interface TurnInfo {
  name: string;
  season: 'summer' | 'fall' | 'winter' | 'spring';
  year: number;
}

/** The turn record track: two one-month turns in 1914, then three-month seasons. */
export function turnInfo(turn: number): TurnInfo {
  if (turn === 1) return { name: 'August 1914', season: 'summer', year: 1914 };
  if (turn === 2) return { name: 'September 1914', season: 'summer', year: 1914 };
  const seasons = ['fall', 'winter', 'spring', 'summer'] as const;
  const index = turn - 3;
  const season = seasons[index % 4]!;
  // Winter belongs to the year it begins in; spring starts the next.
  const year = 1914 + Math.floor((index + 2) / 4);
  const label = season[0]!.toUpperCase() + season.slice(1);
  return { name: `${label} ${year}`, season, year };
}

export const sideName = (side: Side) => (side === 'ap' ? 'Allied Powers' : 'Central Powers');
