import { EVENT_TOPICS, type EventTopic, eventHeadline, eventTopic } from './events.ts';

/** How a summary names each topic's group. */
export const TOPIC_LABELS: Record<EventTopic, { one: string; many: string }> = {
  card: { one: 'card played', many: 'cards played' },
  combat: { one: 'combat', many: 'combats' },
  score: { one: 'score change', many: 'score changes' },
  war: { one: 'change in the war', many: 'changes in the war' },
  entry: { one: 'nation entering the war', many: 'nations entering the war' },
};

/** One step as a summary reads it: the log entry's number, who took it, and the events its reader received. */
export interface DigestStep {
  seq: number;
  seat: string | null;
  events: readonly { readonly type: string; readonly text: string; readonly [key: string]: unknown }[];
}

export interface DigestLine {
  /** The step the line comes from. */
  seq: number;
  seat: string | null;
  text: string;
}

export interface DigestGroup {
  topic: EventTopic;
  /** "3 cards played". */
  label: string;
  lines: DigestLine[];
}

export interface Digest {
  /** Only the topics that occur, in EVENT_TOPICS order. */
  groups: DigestGroup[];
  /** Events with no topic (moves, losses, draws…): left to the step-by-step list. */
  untagged: number;
  steps: number;
}

/**
 * Condenses steps into groups by their events' `topic` (events.ts), each line the event's
 * `headline` or else its `text`, in the order they happened. Built only from what it is given: pass
 * the events the reader received, never the full record, so a summary shows no hidden event.
 */
export function digestSteps(steps: readonly DigestStep[]): Digest {
  const byTopic = new Map<EventTopic, DigestLine[]>();
  let untagged = 0;
  for (const step of steps) {
    for (const event of step.events) {
      const topic = eventTopic(event);
      if (!topic) {
        untagged++;
        continue;
      }
      const text = eventHeadline(event);
      const lines = byTopic.get(topic) ?? [];
      lines.push({ seq: step.seq, seat: step.seat, text });
      byTopic.set(topic, lines);
    }
  }
  const groups: DigestGroup[] = [];
  for (const topic of EVENT_TOPICS) {
    const lines = byTopic.get(topic);
    if (!lines) continue;
    const names = TOPIC_LABELS[topic];
    groups.push({ topic, label: `${lines.length} ${lines.length === 1 ? names.one : names.many}`, lines });
  }
  return { groups, untagged, steps: steps.length };
}
