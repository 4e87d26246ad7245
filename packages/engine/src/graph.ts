import { edgeKey, type Topology } from './topology.ts';

/**
 * One space of a point-to-point map: its centre, and for drawing only, the name printed in it and
 * the size of its box (a map with boxes of several sizes; absent, the board draws a round space).
 */
export interface GraphNode {
  id: string;
  x: number;
  y: number;
  label?: string;
  w?: number;
  h?: number;
}

/** A point-to-point map: named spaces joined by connections, placed for drawing. */
export interface GraphSpec {
  nodes: GraphNode[];
  edges: { a: string; b: string; kind?: string }[];
}

export class GraphTopology implements Topology {
  readonly kind = 'graph' as const;
  readonly ids: readonly string[];
  private readonly adjacency = new Map<string, string[]>();
  private readonly edgeKinds = new Map<string, string>();

  constructor(readonly spec: GraphSpec) {
    this.ids = spec.nodes.map((n) => n.id);
    for (const id of this.ids) this.adjacency.set(id, []);
    for (const { a, b, kind } of spec.edges) {
      const fromA = this.adjacency.get(a);
      const fromB = this.adjacency.get(b);
      if (!fromA || !fromB) throw new Error(`connection ${a}-${b} names a space not on the map`);
      fromA.push(b);
      fromB.push(a);
      this.edgeKinds.set(edgeKey(a, b), kind ?? 'normal');
    }
  }

  has(id: string): boolean {
    return this.adjacency.has(id);
  }

  neighbors(id: string): readonly string[] {
    return this.adjacency.get(id) ?? [];
  }

  adjacent(a: string, b: string): boolean {
    return this.edgeKinds.has(edgeKey(a, b));
  }

  edgeKind(a: string, b: string): string | undefined {
    return this.edgeKinds.get(edgeKey(a, b));
  }
}
