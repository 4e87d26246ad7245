import type { EventLog } from '@salient/engine';
import { moveVp } from './cards/module.ts';
import { actionDone, finish } from './flow.ts';
import { sideName } from './map.ts';
import { other, type PogState, type Readable, type Side } from './types.ts';

/**
 * Peace terms (16.5). Instead of any other action, a side ahead on VP may offer peace: the Central
 * Powers at 11 VP or more, the Allies at 9 or fewer. Accepted, the game ends at once in a draw (in
 * a tournament both sides lose, 5.6.3). Refused, the side that offered rolls on the Peace Terms
 * Table below. The table is on the player aid, which is not among our sources: this one is our own
 * design (ruling 74). Not in the Introductory scenario (5.3.3) nor the historical one (5.7.2.1); after
 * Fourteen Points only the Allies may offer (card AP 40).
 */

/** One row of the Peace Terms Table: the die rolls that backfire (1 VP to the other side) and that gain (1 VP). */
export interface PeaceRow {
  /** The smallest lead (VP beyond 10 in the offering side's favour) the row is read for. */
  lead: number;
  /** Rolls up to this cost the offering side a VP: the offer reads as insincere. */
  backfireTo: number;
  /** Rolls from this gain the offering side a VP: the offer wins opinion over. */
  gainFrom: number;
}

/** Ruling 74: the further ahead the side offering, the more its offer is believed. */
export const PEACE_TABLE: readonly PeaceRow[] = [
  { lead: 6, backfireTo: 1, gainFrom: 4 },
  { lead: 3, backfireTo: 1, gainFrom: 5 },
  { lead: 1, backfireTo: 2, gainFrom: 6 },
];

/** How far the VP marker stands on the side's side of 10; 0 or less: not ahead. */
export const leadOf = (state: Readable, side: Side): number =>
  side === 'cp' ? state.vp - 10 : 10 - state.vp;

/** The row a lead is read on; a lead below 1 (only for The Sixtus Affair) reads as the smallest. */
export const peaceRow = (lead: number): PeaceRow =>
  PEACE_TABLE.find((r) => lead >= r.lead) ?? PEACE_TABLE[2]!;

/** Whether `side` may offer peace terms as its action now (16.5.1, 5.3.3, 5.7.2.1, card AP 40). */
export function mayOfferPeace(state: Readable, side: Side): boolean {
  if (state.scenario !== 'limited' && state.scenario !== 'campaign') return false;
  if (state.rules?.historical) return false;
  if (side === 'cp' && state.played.includes('fourteen_points')) return false;
  return leadOf(state, side) >= 1;
}

/** 16.5.1: the offer is the side's whole action; the other side answers. */
export function offerPeace(state: PogState, log: EventLog, side: Side): void {
  log.add({
    type: 'peaceOffer',
    text: `${sideName(side)} offer peace terms at VP ${state.vp}`,
    side,
  });
  state.phase = { kind: 'peaceOffer', side: other(side), offeredBy: side };
}

/** 16.5.2: accepted, a draw at once (5.1.1); refused, the side that offered rolls on the table. */
export function answerPeace(state: PogState, log: EventLog, offeredBy: Side, accept: boolean): void {
  if (accept) {
    const tournament = state.rules?.tournament !== undefined;
    finish(
      state,
      log,
      null,
      `${sideName(other(offeredBy))} accept the peace terms of the ${sideName(offeredBy)} (16.5.2)${
        tournament ? ': both sides lose the tournament game (5.6.3)' : ''
      }`,
    );
    return;
  }
  log.add({
    type: 'peaceRefused',
    text: `${sideName(other(offeredBy))} refuse the peace terms`,
    side: other(offeredBy),
  });
  peaceTermsRoll(state, log, offeredBy, 'Peace terms refused');
  actionDone(state, log, offeredBy, 'peace');
}

/**
 * A roll on the Peace Terms Table for `side` (ruling 74): a VP lost, nothing, or a VP gained, by
 * the side's lead. Returns the VP change in the side's favour.
 */
export function peaceTermsRoll(state: PogState, log: EventLog, side: Side, why: string): number {
  const row = peaceRow(leadOf(state, side));
  const die = log.die('peaceTerms', `${sideName(side)} roll on the Peace Terms Table`);
  const gain = die >= row.gainFrom ? 1 : die <= row.backfireTo ? -1 : 0;
  const toward = side === 'cp' ? 1 : -1;
  if (gain === 0)
    log.add({ type: 'peaceTerms', text: `${why}: a ${die} on the Peace Terms Table changes nothing`, side });
  else
    moveVp(
      state,
      log,
      gain * toward,
      `${why}: a ${die} on the Peace Terms Table ${gain > 0 ? `wins the ${sideName(side)} a VP` : 'backfires'}`,
    );
  return gain;
}
