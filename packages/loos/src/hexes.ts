import type { EventLog } from '@salient/engine';
import { MAP } from './map.ts';
import type { LoosState, Side } from './state.ts';

/**
 * Everything that happens when a unit of `side` enters a hex, whether by movement, retreat, advance
 * or placement: town control changes hands (12.3) and a British unit in a German entry hex wins at
 * once (12.1).
 */
export function enterHex(s: LoosState, log: EventLog, side: Side, hex: string): void {
  if (MAP.townOfHex.has(hex) && s.britishHexes.includes(hex) !== (side === 'british')) {
    s.britishHexes = side === 'british' ? [...s.britishHexes, hex] : s.britishHexes.filter((h) => h !== hex);
    const town = MAP.townOfHex.get(hex)!;
    log.add({ type: 'control', hex, side, text: `${sideName(side)} take hex ${hex} of ${town}.` });
  }
  if (side === 'british' && MAP.entryHexes.has(hex) && s.outcome === null) {
    s.outcome = { winner: 'british', reason: `A British unit entered the German entry hex ${hex} (12.1).` };
    log.add({ type: 'victory', winner: 'british', text: s.outcome.reason });
  }
}

export function sideName(side: Side): string {
  return side === 'british' ? 'The British' : 'The Germans';
}
