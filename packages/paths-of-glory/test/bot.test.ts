import { randomPlayout } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { purposefulPlayer } from '../src/bot.ts';
import type { PogState } from '../src/types.ts';
import { game } from './helpers.ts';

describe('The purposeful player (src/bot.ts)', () => {
  it('plays a seeded Introductory game to the end, both sides attacking and VP spaces changing hands', () => {
    const attacks = { ap: 0, cp: 0 };
    let vpSpaces = 0;
    const result = randomPlayout(game, 'introductory', 'bot-game', 'bot', {
      policy: purposefulPlayer,
      afterAction: (raw, action, events) => {
        const state = raw as PogState;
        if (action.type === 'declareAttack' && state.phase.kind === 'attack') attacks[state.phase.side] += 1;
        vpSpaces += events.filter((e) => e.type === 'vp' && typeof e.space === 'string').length;
      },
    });
    expect(result.outcome).not.toBeNull();
    expect(attacks.ap).toBeGreaterThan(3);
    expect(attacks.cp).toBeGreaterThan(3);
    expect(vpSpaces).toBeGreaterThan(2);
  }, 60_000);
});
