import { describe, expect, it } from 'vitest';
import { stacks } from '../src/lib/board/drawing.ts';
import { clickLoc, idle, locHighlights } from '../src/lib/board/interaction.ts';
import { layoutFor } from '../src/lib/board/layout.ts';
import { type PlaceFacts, placeText } from '../src/lib/board/placeText.ts';
import { crossroadsBoard, skirmish, skirmishBoard } from './fixture/skirmish.ts';

const start = skirmish.setup('meeting', {}, 'seed');
const presentation = skirmish.present!(skirmish.view(start, 'red'), 'red');
const markersOf = (p: typeof presentation) => {
  const out = new Map<string, typeof p.markers>();
  for (const m of p.markers) out.set(m.loc, [...(out.get(m.loc) ?? []), m]);
  return out;
};
const facts = (highlights: PlaceFacts['highlights'] = new Map()): PlaceFacts => ({
  spec: skirmishBoard,
  layout: layoutFor(skirmishBoard),
  presentation,
  stacks: stacks(presentation.pieces),
  markers: markersOf(presentation),
  highlights,
});

describe('a place in words (the line under the map)', () => {
  it('says nothing when no place is looked at', () => {
    expect(placeText(null, facts())).toBe('');
  });

  it('names a hex with its terrain, area, holder, markers and units with their factors', () => {
    expect(placeText('0403', facts())).toBe('Hex 0403; Town; Village; held by Blue; markers: Arty');
    expect(placeText('0102', facts())).toBe('Hex 0102; Clear; units: R1 4-4, R2 4-4');
  });

  it('adds what the pending choice would do there', () => {
    const choices = skirmish.choices(start, 'red');
    const picked = clickLoc(choices, idle, '0102', ['r1', 'r2']);
    if (picked.kind !== 'state') throw new Error('expected a selection');
    const highlights = locHighlights(choices, picked.state);
    const [loc, h] = [...highlights.entries()][0]!;
    expect(placeText(loc, facts(highlights))).toMatch(new RegExp(`; ${h.label.replace(/[()]/g, '\\$&')}`));
  });

  it('names a point-to-point space by its printed name and id, or by its id when it has no name', () => {
    const topology = crossroadsBoard.topology;
    if (topology.kind !== 'graph') throw new Error('the crossroads map is point-to-point');
    const spec = {
      ...crossroadsBoard,
      topology: {
        kind: 'graph' as const,
        graph: {
          ...topology.graph,
          nodes: topology.graph.nodes.map((n) => (n.id === 'church' ? { ...n, label: 'St Martin' } : n)),
        },
      },
    };
    const onRoads = { ...facts(), spec, layout: layoutFor(spec) };
    expect(placeText('church', onRoads)).toBe('St Martin (church); Town; Village');
    expect(placeText('farm', onRoads)).toBe('Space farm; Woods');
  });
});
