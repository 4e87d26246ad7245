import type { EventLog } from '@salient/engine';
import type { LoosState, Unit } from './state.ts';

/**
 * Takes one step from a unit (13.1-13.3): a British half-brigade flips, then is eliminated; a German
 * regiment goes from three steps to two, then to one portrayed by a battalion counter from the
 * deadpile (eliminated instead if none is left), then is eliminated; a battalion is eliminated.
 * Eliminated battalion counters return to the deadpile.
 */
export function loseStep(s: LoosState, log: EventLog, unit: Unit, cause: string): void {
  if (unit.kind === 'regiment' && unit.steps === 2) {
    if (s.deadpile > 0) {
      s.deadpile -= 1;
      unit.steps = 1;
      log.add({
        type: 'loss',
        unit: unit.id,
        text: `${unit.name} is reduced to one step, a battalion counter (${cause}).`,
      });
    } else {
      log.add({
        type: 'loss',
        unit: unit.id,
        text: `${unit.name} has no battalion counter for its last step (${cause}).`,
      });
      eliminate(s, log, unit, cause, false);
    }
    return;
  }
  if (unit.steps > 1) {
    unit.steps -= 1;
    log.add({ type: 'loss', unit: unit.id, text: `${unit.name} loses a step (${cause}).` });
    return;
  }
  eliminate(s, log, unit, cause, true);
}

export function eliminate(s: LoosState, log: EventLog, unit: Unit, cause: string, announce = true): void {
  const hex = unit.loc;
  const wasFront = !unit.reserve;
  // A battalion counter (a battalion, a replacement, a regiment at one step) goes back to the deadpile.
  if (unit.side === 'german' && unit.steps === 1) s.deadpile += 1;
  unit.loc = 'eliminated';
  unit.reserve = false;
  unit.steps = 0;
  if (wasFront) {
    // The reserve line becomes the front line (18.3).
    for (const other of s.units) if (other.loc === hex && other.reserve) other.reserve = false;
  }
  if (announce)
    log.add({ type: 'eliminated', unit: unit.id, hex, text: `${unit.name} is eliminated (${cause}).` });
}
