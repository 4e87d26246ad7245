import type { EventLog } from '@salient/engine';
import { setLoc, touched } from './cache.ts';
import { space, unitData } from './data/index.ts';
import { crossingMarks } from './map.ts';
import type { PogState, Readable, Side } from './types.ts';

/**
 * The Gallipoli landing (9.5.3.5, 9.2.7.1, 11.1.10): four MEF spaces off the Turkish coast, closed
 * to everyone until the MEF event puts the MEF Army and the beachhead marker in one of them. The
 * event card is in part 2's Limited War deck; `landMef` is what it will call.
 */
export const MEF_SPACES = ['mef1', 'mef2', 'mef3', 'mef4'];

export const beachheadOf = (state: Readable): string | null => state.mefBeachhead ?? null;

/** 9.5.3.5: once the beachhead stands, its MEF-marked connection is a normal one for both sides. */
export function openByBeachhead(state: Readable, a: string, b: string): boolean {
  const bh = beachheadOf(state);
  if (bh === null || (a !== bh && b !== bh)) return false;
  return crossingMarks(a, b).includes('mef');
}

/** Units that may trace supply through the beachhead (9.2.7.1): the MEF Army and British or Australian corps. */
export function mayUseBeachhead(id: string): boolean {
  if (id === 'br-army-mef') return true;
  const d = unitData(id);
  return (
    d.type === 'corps' && d.nation === 'br' && !['br-corps-cnd', 'br-corps-pt', 'br-corps-ana'].includes(id)
  );
}

/** The MEF event's landing (9.5.3.5): the MEF Army and the beachhead marker in one MEF space, an Allied port from now on. */
export function landMef(state: PogState, log: EventLog, at: string): void {
  if (!MEF_SPACES.includes(at)) throw new Error(`${at} is not a MEF space`);
  state.mefBeachhead = at;
  state.control[at] = 'ap';
  setLoc(state, 'br-army-mef', at);
  log.add({ type: 'mefLanding', text: `The MEF lands at ${space(at).name}`, space: at });
}

/** 9.5.3.5: a Central Powers unit entering the beachhead removes the marker; the space is no port any more. */
export function beachheadEntered(state: PogState, log: EventLog, spaceId: string, side: Side): void {
  if (side !== 'cp' || beachheadOf(state) !== spaceId) return;
  delete state.mefBeachhead;
  touched(state);
  log.add({ type: 'mefBeachhead', text: 'The MEF beachhead is overrun', space: spaceId });
}
