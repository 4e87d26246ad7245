/** What rules need of any map: its locations and which are next to which. */
export interface Topology {
  readonly kind: 'hex' | 'graph';
  readonly ids: readonly string[];
  has(id: string): boolean;
  neighbors(id: string): readonly string[];
  adjacent(a: string, b: string): boolean;
}

/** An unordered pair of neighbouring locations, as one key: the hexside or edge between them. */
export function edgeKey(a: string, b: string): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}
