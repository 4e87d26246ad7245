import type { PiecePresentation, Presentation } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { isEmpty, mapChange } from '../src/lib/board/lastMove.ts';

const piece = (id: string, loc: string | null, factors = '4-3-3', reduced = false): PiecePresentation => ({
  id,
  loc,
  side: 'blue',
  label: id,
  symbol: 'infantry',
  size: 'II',
  factors,
  reduced,
  stackIndex: 0,
});
const at = (pieces: PiecePresentation[], markers: Presentation['markers'] = []): Presentation => ({
  pieces,
  markers,
  control: {},
  boxes: [],
  tracks: [],
});

describe('what the last step changed on the map', () => {
  it('finds moves, arrivals, pieces that left the map, losses in place and new markers', () => {
    const before = at([piece('a', '0101'), piece('b', '0202'), piece('c', '0303'), piece('d', null)]);
    const after = at(
      [piece('a', '0102'), piece('b', '0202', '2-2-3', true), piece('d', '0404')],
      [{ loc: '0505', kind: 'artillery', label: 'Arty' }],
    );
    expect(mapChange(before, after)).toEqual({
      moves: [
        { piece: 'a', label: 'a', from: '0101', to: '0102' },
        { piece: 'd', label: 'd', from: null, to: '0404' },
      ],
      removed: [{ piece: 'c', label: 'c', from: '0303' }],
      weakened: [{ piece: 'b', label: 'b', at: '0202' }],
      markers: [{ loc: '0505', label: 'Arty' }],
    });
  });

  it('sees nothing when nothing moved, and ignores a flood of new markers (unexplored ground)', () => {
    const same = at([piece('a', '0101')]);
    expect(isEmpty(mapChange(same, same))).toBe(true);
    const fog = Array.from({ length: 40 }, (_, i) => ({
      loc: `0${i}`,
      kind: 'unexplored',
      label: 'Unexplored',
    }));
    expect(mapChange(same, at(same.pieces, fog)).markers).toEqual([]);
  });
});
