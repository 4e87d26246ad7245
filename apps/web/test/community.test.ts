import { describe, expect, it } from 'vitest';
import { agoText, ratingChange, ratingText } from '../src/lib/community.ts';
import { href, parseRoute } from '../src/lib/router.ts';

describe('community pages (issue 25)', () => {
  it('routes /@/name to the profile, and back', () => {
    expect(parseRoute('#/@/Ann.B')).toEqual({ page: 'profile', name: 'Ann.B' });
    expect(href({ page: 'profile', name: 'a b' })).toBe('#/@/a%20b');
    expect(parseRoute(href({ page: 'profile', name: 'a b' }))).toEqual({ page: 'profile', name: 'a b' });
    expect(parseRoute('#/challenges')).toEqual({ page: 'challenges' });
    expect(parseRoute('#/tournament/t1')).toEqual({ page: 'tournament', id: 't1' });
    expect(parseRoute('#/@')).toEqual({ page: 'not-found', path: '/@' });
  });

  it('words ratings: a question mark while provisional, the change a rated match made', () => {
    expect(ratingText(null)).toBe('');
    expect(ratingText({ start: 1500, provisional: true, after: null })).toBe(' (1500?)');
    expect(ratingText({ start: 1712, provisional: false, after: 1700 })).toBe(' (1712)');
    expect(ratingChange({ start: 1712, provisional: false, after: 1700 })).toBe('-12');
    expect(ratingChange({ start: 1500, provisional: true, after: 1662 })).toBe('+162');
    expect(ratingChange({ start: 1500, provisional: true, after: null })).toBe('');
  });

  it('says how long ago a player was last seen', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(agoText(new Date(now - 20_000).toISOString(), now)).toBe('just now');
    expect(agoText(new Date(now - 3 * 60_000).toISOString(), now)).toBe('3 minutes ago');
    expect(agoText(new Date(now - 26 * 3_600_000).toISOString(), now)).toBe('1 day ago');
  });
});
