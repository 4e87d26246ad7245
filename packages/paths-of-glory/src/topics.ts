import type { EventTopic, GameEvent } from '@salient/engine';

/** The ways of playing a card whose log event names the card (apply.ts, events.ts, battle.ts). */
const CARD_PLAYS = new Set(['event', 'ops', 'sr', 'rp', 'combatCard']);

const BY_TYPE: Record<string, EventTopic> = {
  combatResult: 'combat',
  greatRetreat: 'combat',
  attackCancelled: 'combat',
  emptyAttack: 'combat',
  fortFalls: 'combat',
  mefLanding: 'combat',
  vp: 'score',
  commitment: 'war',
  gameOver: 'war',
  // Peace terms (16.5): an offer and its refusal are news of the war; a VP they move is a 'vp'.
  peaceOffer: 'war',
  peaceRefused: 'war',
  neutralEntry: 'entry',
};

/**
 * The summary topic of one of this game's log events (the engine's EventTopic), or null for the
 * moves, losses and draws left to the step-by-step list. A card play is 'card' only when it names
 * its card: 'event' and 'sr' also log an event's effects and single redeployments.
 */
export function topicOf(event: GameEvent): EventTopic | null {
  if (CARD_PLAYS.has(event.type)) return typeof event.card === 'string' ? 'card' : null;
  return BY_TYPE[event.type] ?? null;
}

/** Marks an action's events with their topics, in place (the events are the action's own, new ones). */
export function tagTopics(events: GameEvent[]): void {
  for (const event of events) {
    if (event.topic !== undefined) continue;
    const topic = topicOf(event);
    if (topic) event.topic = topic;
  }
}
