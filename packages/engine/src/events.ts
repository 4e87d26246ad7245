import type { Seat } from './game.ts';
import type { JsonObject } from './json.ts';
import { type RngState, rollInPlace } from './rng.ts';

/**
 * Something that happened, told to the players. `text` is the log line in words; `to`, when set,
 * limits who may see the event (the server drops it from everyone else's payload).
 */
export interface GameEvent extends JsonObject {
  type: string;
  text: string;
}

/*
 * Two optional fields of an event serve a player coming back after days, whose client condenses the
 * steps they missed into groups by topic (digest.ts) before showing the board:
 * - `topic` (an EventTopic): what the event is about. An event without one stays in the
 *   step-by-step list only, so games that set none are shown as before.
 * - `headline` (a string): the event's line in that summary when `text` alone would not say enough
 *   (where a combat was, say); `text` otherwise.
 * Neither carries data of its own beyond words about the event they sit on, which only the event's
 * audience receives: never put there what the audience may not know.
 * (They are read through eventTopic and eventHeadline: GameEvent's JSON index type leaves no room for
 * optional typed fields.)
 */

/**
 * The topics of a summary, in the order it shows them: cards played (and how), combats and their
 * results, the score (victory points), the course of the war (commitment, the end),
 * and nations entering it.
 */
export const EVENT_TOPICS = ['card', 'combat', 'score', 'war', 'entry'] as const;
export type EventTopic = (typeof EVENT_TOPICS)[number];

export function isEventTopic(value: unknown): value is EventTopic {
  return typeof value === 'string' && (EVENT_TOPICS as readonly string[]).includes(value);
}

/** An event's summary topic, or null when it has none (or one this engine does not know). */
export function eventTopic(event: { readonly [key: string]: unknown }): EventTopic | null {
  return isEventTopic(event.topic) ? event.topic : null;
}

/** An event's line in a summary: its headline when it has one, else its text. */
export function eventHeadline(event: { readonly text: string; readonly [key: string]: unknown }): string {
  return typeof event.headline === 'string' && event.headline !== '' ? event.headline : event.text;
}

export interface RollEvent extends GameEvent {
  type: 'roll';
  sides: number;
  dice: number[];
  total: number;
  purpose: string;
}

export function isRoll(event: GameEvent): event is RollEvent {
  return event.type === 'roll';
}

/** Events whose seats are restricted carry their audience here. */
export function eventAudience(event: GameEvent): Seat[] | null {
  const to = event.to;
  return Array.isArray(to) ? (to as Seat[]) : null;
}

/** Whether an event reveals something that cannot be un-known; such actions cannot be undone. */
export function isIrreversible(event: GameEvent): boolean {
  return event.type === 'roll' || event.reveals === true;
}

/**
 * Collects the events of one action and rolls dice from a copy of the state's generator, so every
 * roll is an event and the generator state only changes when the action succeeds.
 */
export class EventLog {
  readonly events: GameEvent[] = [];
  constructor(readonly rng: RngState) {}

  add(event: GameEvent): void {
    this.events.push(event);
  }

  roll(count: number, sides: number, purpose: string, label: string): RollEvent {
    const dice: number[] = [];
    for (let i = 0; i < count; i++) dice.push(rollInPlace(this.rng, sides));
    const total = dice.reduce((a, b) => a + b, 0);
    const text = `${label}: rolled ${dice.join(' + ')}${count > 1 ? ` = ${total}` : ''}`;
    const event: RollEvent = { type: 'roll', sides, dice, total, purpose, text };
    this.events.push(event);
    return event;
  }

  die(purpose: string, label: string): number {
    return this.roll(1, 6, purpose, label).total;
  }
}

/**
 * A word or code a game's log uses, explained in plain words for a player who does not know it, with
 * the rule (number or section name) that says more. The client marks it in the log and the rules
 * page lists it; no rule reads it.
 */
export interface GlossaryTerm {
  term: string;
  meaning: string;
  rule?: string;
}

/**
 * What a game's package adds beside its rules documents: the words its log uses and the tables its
 * rules page ends with (written out from the data the rules use). Each game exports one from its
 * `./reference` entry point, kept apart from the rules so the client's game file never carries it;
 * the server reaches it through the games registry (`@salient/games/reference`), never by name.
 */
export interface GameReference {
  glossary: readonly GlossaryTerm[];
  /** Markdown appended to the rules page; absent when the game has no such tables. */
  rulesTables?: () => string;
}
