import { describe, expect, it } from 'vitest';
import { type DigestStep, digestSteps, EVENT_TOPICS, isEventTopic } from '../src/index.ts';

const steps: DigestStep[] = [
  {
    seq: 4,
    seat: 'cp',
    events: [
      { type: 'event', text: 'Central Powers play Bulgaria as an event', topic: 'card' },
      { type: 'neutralEntry', text: 'Bulgaria enters the war', topic: 'entry' },
      { type: 'moved', text: 'A corps moves' },
    ],
  },
  {
    seq: 5,
    seat: 'ap',
    events: [
      { type: 'ops', text: 'Allies play Kerensky for 4 OPS', topic: 'card' },
      {
        type: 'combatResult',
        text: 'Allies win the combat 3 to 1',
        headline: 'Riga: Allies win 3 to 1',
        topic: 'combat',
      },
      { type: 'vp', text: 'VP 9', topic: 'score' },
    ],
  },
];

describe('the summary of the steps a player missed', () => {
  it('groups events by topic in the fixed topic order, counting each group', () => {
    const digest = digestSteps(steps);
    expect(digest.groups.map((g) => g.topic)).toEqual(['card', 'combat', 'score', 'entry']);
    expect(digest.groups.map((g) => g.label)).toEqual([
      '2 cards played',
      '1 combat',
      '1 score change',
      '1 nation entering the war',
    ]);
    expect(digest.groups[0]!.lines).toEqual([
      { seq: 4, seat: 'cp', text: 'Central Powers play Bulgaria as an event' },
      { seq: 5, seat: 'ap', text: 'Allies play Kerensky for 4 OPS' },
    ]);
    expect(digest.untagged).toBe(1);
    expect(digest.steps).toBe(2);
  });

  it("uses an event's headline in place of its text when it has one", () => {
    const combat = digestSteps(steps).groups.find((g) => g.topic === 'combat')!;
    expect(combat.lines.map((l) => l.text)).toEqual(['Riga: Allies win 3 to 1']);
  });

  it('leaves events of games without topics (and unknown topics) to the step list: no groups', () => {
    const digest = digestSteps([
      { seq: 1, seat: 'a', events: [{ type: 'roll', text: 'rolled 4' }] },
      { seq: 2, seat: 'b', events: [{ type: 'x', text: 'odd', topic: 'weather' }] },
    ]);
    expect(digest.groups).toEqual([]);
    expect(digest.untagged).toBe(2);
    expect(isEventTopic('weather')).toBe(false);
    expect(EVENT_TOPICS.every(isEventTopic)).toBe(true);
  });

  it('gives an empty summary for no steps', () => {
    expect(digestSteps([])).toEqual({ groups: [], untagged: 0, steps: 0 });
  });
});
