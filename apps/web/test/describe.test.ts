import type { MatchSummary } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import { opponentText, reasonInWords, seatsText, timeControlText } from '../src/lib/describe.ts';

describe('match descriptions in words', () => {
  const seats = [
    { seat: 'british', name: 'British (First Army)' },
    { seat: 'german', name: 'German (Sixth Army)' },
  ];

  it('names the seats in an outcome worded with their ids, and leaves other words alone', () => {
    expect(reasonInWords('german ran out of time', seats)).toBe('German (Sixth Army) ran out of time');
    expect(reasonInWords('The British take Loos and Hill 70', seats)).toBe(
      'The British take Loos and Hill 70',
    );
  });

  it('gives the pace with days per turn and the increment', () => {
    expect(timeControlText({ timeControl: { kind: 'correspondence', secondsPerTurn: 2 * 86_400 } })).toBe(
      'correspondence, 2 days a turn',
    );
    expect(
      timeControlText({ timeControl: { kind: 'live', initialSeconds: 1800, incrementSeconds: 10 } }),
    ).toBe('live, 30 min + 10 s a move');
  });

  it('names a seat the computer plays by its strength, never as an open seat (issue 24)', () => {
    const m = {
      yourSeat: 'british',
      seats: [
        { seat: 'british', name: 'British', user: { id: 'u1', username: 'ann' }, rating: null },
        { seat: 'german', name: 'German', user: null, rating: null, bot: 'hard' },
      ],
    } as unknown as MatchSummary;
    expect(seatsText(m)).toBe('British: ann · German: computer (hard)');
    expect(opponentText(m)).toBe('computer (hard) (German)');
  });
});
