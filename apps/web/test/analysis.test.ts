import { describe, expect, it } from 'vitest';
import {
  childrenOf,
  decodeTree,
  encodeTree,
  fromSeatView,
  lineTo,
  movesOf,
  play,
  rebuildTree,
  stateAt,
} from '../src/lib/analysis.ts';
import { href, parseRoute } from '../src/lib/router.ts';
import { skirmish } from './fixture/skirmish.ts';

describe('analysis board (issue 25)', () => {
  const root = skirmish.setup('meeting', {}, 's');
  const start = { root, nodes: [] };

  it('plays both sides with the real rules, follows a known move, and branches on a new one', () => {
    const a = play(skirmish, start, -1, 'red', { type: 'move', unit: 'r1', to: '0202' });
    if (!a.ok) throw new Error(a.message);
    const b = play(skirmish, a.tree, a.index, 'red', { type: 'endTurn' });
    if (!b.ok) throw new Error(b.message);
    const again = play(skirmish, b.tree, -1, 'red', { type: 'move', unit: 'r1', to: '0202' });
    expect(again.ok && again.index).toBe(0);
    const branch = play(skirmish, b.tree, -1, 'red', { type: 'endTurn' });
    if (!branch.ok) throw new Error(branch.message);
    expect(childrenOf(branch.tree, -1)).toEqual([0, 2]);
    expect(lineTo(branch.tree, 1)).toEqual([0, 1]);
    expect(branch.tree.nodes[0]!.label).toBe('r1 moved to 0202');
    // The starting position is untouched: undo is going back to the parent.
    expect(stateAt(branch.tree, -1)).toBe(root);
    const refused = play(skirmish, branch.tree, 2, 'red', { type: 'endTurn' });
    expect(refused.ok).toBe(false);
  });

  it('travels in its link: decoded, every move is played again and the same positions come back', () => {
    const a = play(skirmish, start, -1, 'red', { type: 'move', unit: 'r1', to: '0202' });
    if (!a.ok) throw new Error(a.message);
    const b = play(skirmish, a.tree, -1, 'red', { type: 'endTurn' });
    if (!b.ok) throw new Error(b.message);
    const { tree, error } = decodeTree(skirmish, root, encodeTree(b.tree));
    expect(error).toBeNull();
    expect(tree.nodes.map((n) => [n.parent, n.seat, n.action])).toEqual(
      b.tree.nodes.map((n) => [n.parent, n.seat, n.action]),
    );
    expect(JSON.stringify(stateAt(tree, 1))).toBe(JSON.stringify(stateAt(b.tree, 1)));
  });

  it('refuses a damaged or forged link without throwing, keeping what applied', () => {
    expect(decodeTree(skirmish, root, '!!!').error).toMatch(/damaged/);
    const forged = btoa(
      JSON.stringify([
        [-1, 'red', { type: 'endTurn' }],
        [0, 'red', { type: 'endTurn' }],
      ]),
    );
    const result = decodeTree(skirmish, root, forged);
    expect(result.tree.nodes).toHaveLength(1);
    expect(result.error).toMatch(/no longer applies/);
    expect(decodeTree(skirmish, root, btoa(JSON.stringify([[5, 'red', {}]]))).error).toMatch(/damaged/);
  });

  it("starts one's own match under way from the seat's view alone, the same for the same draw, and routes stored and seat analyses", () => {
    const view = skirmish.view(root, 'red');
    const a = fromSeatView(skirmish, view, 'red', 'draw-1');
    expect(fromSeatView(skirmish, view, 'red', 'draw-1')).toEqual(a);
    // The view is not changed by drawing from it, and the drawn state is at the same point of play.
    expect(view).toEqual(skirmish.view(root, 'red'));
    expect(skirmish.status(a as typeof root)).toEqual(skirmish.status(root));
    // Its moves, as stored, rebuild the same tree from the same start.
    const played = play(skirmish, { root: a, nodes: [] }, -1, 'red', { type: 'endTurn' });
    if (!played.ok) throw new Error(played.message);
    const again = rebuildTree(skirmish, fromSeatView(skirmish, view, 'red', 'draw-1'), movesOf(played.tree));
    expect([again.error, again.tree.nodes.map((n) => n.state)]).toEqual([
      null,
      [played.tree.nodes[0]!.state],
    ]);
    for (const route of [
      { page: 'stored-analysis', id: 'abc' },
      { page: 'seat-analysis', id: 'm1', step: 7 },
    ] as const)
      expect(parseRoute(href(route))).toEqual(route);
  });
});
