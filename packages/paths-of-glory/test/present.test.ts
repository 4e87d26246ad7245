import { describe, expect, it } from 'vitest';
import { UNITS } from '../src/data/index.ts';
import { pathsOfGlory } from '../src/index.ts';

describe('presentation: counters as the game prints them', () => {
  it('marks corps XXX and armies XXXX, never brigades or divisions', () => {
    const state = pathsOfGlory.setup('introductory', {}, 'present');
    const shown = pathsOfGlory.present(pathsOfGlory.view(state, null), null);
    const all = [...shown.pieces, ...shown.boxes.flatMap((b) => b.pieces)];
    expect(all.length).toBeGreaterThan(0);
    for (const piece of all) {
      const unit = UNITS.find((u) => u.id === piece.id)!;
      expect(piece.size, unit.id).toBe(unit.type === 'army' ? 'XXXX' : 'XXX');
    }
  });
});
