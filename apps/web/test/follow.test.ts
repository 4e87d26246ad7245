import type { Choice } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { eventPlaces, pickedPlaces, pieceLocator, viewShowing } from '../src/lib/board/follow.ts';

const locs = new Set(['a1', 'a2', 'b1', 'metz', 'nancy']);
const isLoc = (id: string) => locs.has(id);
const pieceLoc = pieceLocator([
  {
    id: 'ge-army-4',
    loc: 'metz',
    side: 'cp',
    label: '',
    symbol: 'infantry',
    size: '',
    factors: '',
    reduced: false,
    stackIndex: 0,
  },
  {
    id: 'in-box',
    loc: null,
    side: 'cp',
    label: '',
    symbol: 'infantry',
    size: '',
    factors: '',
    reduced: false,
    stackIndex: 0,
  },
]);

describe('the places of a step (issue 22 items 4 and 5)', () => {
  it("reads any game's location and piece fields, lists included, never the words or the audience", () => {
    const events = [
      { type: 'deploy', text: 'a1 b1 nancy', unit: 'x', hex: 'a1' },
      { type: 'retreat', text: '', unit: 'ge-army-4', to: 'nancy' },
      { type: 'secret', text: '', to: ['cp'] },
      { type: 'fire', text: '', targets: ['a2', 'in-box', 'nowhere'], dice: [3, 4] },
    ];
    expect(eventPlaces(events, isLoc, pieceLoc).sort()).toEqual(['a1', 'a2', 'metz', 'nancy']);
    // A game may name the places itself.
    expect(eventPlaces([{ type: 'x', text: '', places: ['b1'] }], isLoc, pieceLoc)).toEqual(['b1']);
    expect(eventPlaces([{ type: 'x', text: 'nothing here' }], isLoc, pieceLoc)).toEqual([]);
  });

  it('shows places out of sight: slides the map at the same zoom when they fit, zooms out when not, leaves it when in sight', () => {
    const screen = { width: 100, height: 100 };
    const current = { cx: 0, cy: 0, scale: 1 };
    const inSight = (p: { x: number; y: number }) => Math.abs(p.x) < 50 && Math.abs(p.y) < 50;
    expect(viewShowing([{ x: 10, y: 10 }], current, screen, inSight, 5)).toBeNull();
    expect(viewShowing([{ x: 300, y: 0 }], current, screen, inSight, 5)).toEqual({
      cx: 300,
      cy: 0,
      scale: 1,
    });
    const far = viewShowing(
      [
        { x: 0, y: 0 },
        { x: 390, y: 0 },
      ],
      current,
      screen,
      inSight,
      5,
    )!;
    expect(far.cx).toBe(195);
    expect(far.scale).toBeCloseTo(0.25, 5);
  });

  it("follows the player's picks in a choice, and the few places offered before a pick", () => {
    const choice: Choice = {
      action: 'declareAttack',
      label: 'Attack',
      base: {},
      params: [
        {
          name: 'target',
          label: 'Target',
          kind: 'one',
          options: [
            { value: 'nancy', label: 'Nancy' },
            { value: 'x', label: 'By piece', piece: 'ge-army-4' },
          ],
        },
      ],
    };
    expect(pickedPlaces({ choice, picks: {} }, isLoc, pieceLoc).sort()).toEqual(['metz', 'nancy']);
    expect(pickedPlaces({ choice, picks: { target: 'nancy' } }, isLoc, pieceLoc)).toEqual(['nancy']);
    expect(pickedPlaces(null, isLoc, pieceLoc)).toEqual([]);
    const many = {
      ...choice,
      params: [
        { ...choice.params[0]!, options: [...locs, 'c', 'd', 'e', 'f'].map((v) => ({ value: v, label: v })) },
      ],
    };
    expect(pickedPlaces({ choice: many as Choice, picks: {} }, isLoc, pieceLoc)).toEqual([]);
  });
});

describe('what a seat has not seen (issue 22 item 5)', () => {
  it('starts after what the server remembers and after the seat’s own last move, leaving out its own and undone steps', async () => {
    const { stepsSince } = await import('../src/lib/sinceLooked.ts');
    const log = [
      { seq: 1, seat: 'red', events: [] },
      { seq: 2, seat: 'blue', events: [] },
      { seq: 3, seat: 'red', events: [] },
      { seq: 4, seat: 'blue', events: [], undone: true },
      { seq: 5, seat: 'blue', events: [] },
      { seq: 6, seat: 'blue', events: [] },
    ];
    expect(stepsSince(log, 'red', 0).map((e) => e.seq)).toEqual([5, 6]);
    expect(stepsSince(log, 'red', 5).map((e) => e.seq)).toEqual([6]);
    expect(stepsSince(log, 'blue', 0).map((e) => e.seq)).toEqual([]);
  });
});
