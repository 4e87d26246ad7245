import type { BoardSpec, Presentation } from '@salient/engine';
import { pieceBadges, sideStyle } from './drawing.ts';
import type { LocHighlight } from './interaction.ts';
import { GraphLayout, type HexLayout } from './layout.ts';

/** What the map knows about the place a player looks at, for the line under it and screen readers. */
export interface PlaceFacts {
  spec: BoardSpec;
  layout: HexLayout | GraphLayout;
  presentation: Presentation;
  /** The pieces on the map by place, front first. */
  stacks: ReadonlyMap<string, Presentation['pieces']>;
  markers: ReadonlyMap<string, Presentation['markers']>;
  highlights: ReadonlyMap<string, LocHighlight>;
}

/**
 * A place in words: its name (or hex id), its terrain as this side knows it, its area, who holds it,
 * the units there with their factors and states, the markers, and what the pending choice would do
 * with it. Empty when no place is looked at.
 */
export function placeText(loc: string | null, facts: PlaceFacts): string {
  if (loc === null) return '';
  const { spec, layout, presentation } = facts;
  const terrainId = presentation.terrain?.[loc] ?? spec.terrain[loc] ?? spec.terrainKinds[0]?.id ?? '';
  const kind = spec.terrainKinds.find((k) => k.id === terrainId);
  const units = (facts.stacks.get(loc) ?? []).map(
    (p) =>
      `${p.label} ${p.factors}${p.reduced ? ' reduced' : ''}${pieceBadges(spec, p)
        .map((b) => ` (${b.label.toLowerCase()})`)
        .join('')}`,
  );
  const marks = (facts.markers.get(loc) ?? []).map((m) => m.label);
  const h = facts.highlights.get(loc);
  const region = spec.regions.find((r) => r.locs.includes(loc))?.name;
  const holder = presentation.control[loc];
  return [
    layout instanceof GraphLayout && layout.labels.has(loc)
      ? `${layout.labels.get(loc)} (${loc})`
      : `${layout.kind === 'hex' ? 'Hex' : 'Space'} ${loc}`,
    kind?.label,
    region,
    holder ? `held by ${sideStyle(spec, holder).name}` : '',
    units.length ? `units: ${units.join(', ')}` : '',
    marks.length ? `markers: ${marks.join(', ')}` : '',
    h ? `${h.label}${h.cost !== undefined ? ` (cost ${h.cost})` : ''}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
