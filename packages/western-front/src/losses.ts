import type { EventLog, HexId } from '@salient/engine';
import { grid } from './grid.ts';
import {
  battalionById,
  enemyAt,
  fitsIn,
  isCommand,
  isRifle,
  onTable,
  platoonsLeft,
  terrainAt,
} from './stands.ts';
import { LONG_RETREAT, moraleModifier, moraleResult, SHORT_RETREAT } from './tables.ts';
import type { Stand, WfState } from './types.ts';

/** Takes a stand out of the battle. */
export function removeStand(
  _state: WfState,
  log: EventLog,
  stand: Stand,
  gone: NonNullable<Stand['gone']>,
): void {
  const hex = stand.hex;
  stand.hex = null;
  stand.gone = gone;
  stand.actions = 0;
  stand.suppression = 0;
  const how = {
    killed: 'is destroyed',
    routed: 'routs',
    abandoned: 'is abandoned',
    surrendered: 'surrenders',
  }[gone];
  log.add({ type: 'standLost', text: `${stand.name} ${how}`, stand: stand.id, gone, hex });
}

/**
 * A kill: a rifle company or cavalry squadron loses a platoon (a step), any other stand is destroyed.
 * A command stand that dies is replaced by a field promotion; a battalion that loses rifle platoons
 * may have to test its morale at once.
 */
export function killStep(state: WfState, log: EventLog, stand: Stand, cause: string): void {
  if (stand.hex === null) return;
  stand.steps -= 1;
  log.add({
    type: 'kill',
    text: `${stand.name} is hit by ${cause}: ${stand.steps > 0 ? `one platoon lost, ${stand.steps} left` : 'destroyed'}`,
    stand: stand.id,
    steps: stand.steps,
  });
  if (stand.steps === 0) {
    const hex = stand.hex;
    if (!(isCommand(stand) && promote(state, log, stand, hex))) removeStand(state, log, stand, 'killed');
  }
  if (isRifle(stand) && stand.battalion !== null) checkMorale(state, log, stand.battalion);
}

/** Three suppressions on any stand are a kill: the markers are exchanged for the kill. */
export function suppress(state: WfState, log: EventLog, stand: Stand, cause: string): void {
  if (stand.hex === null) return;
  stand.suppression += 1;
  if (stand.suppression >= 3) {
    stand.suppression = 0;
    log.add({
      type: 'suppressed',
      text: `${stand.name} takes a third suppression from ${cause}`,
      stand: stand.id,
      level: 3,
    });
    killStep(state, log, stand, 'three suppressions');
    return;
  }
  log.add({
    type: 'suppressed',
    text: `${stand.name} is suppressed by ${cause} (${stand.suppression === 1 ? 'one level' : 'two levels'})`,
    stand: stand.id,
    level: stand.suppression,
  });
}

/**
 * Field promotion: a killed battalion commander is replaced at the nearest company of his battalion
 * (a regimental commander at the nearest company of his regiment), which must have room for a command
 * stand. The new commander orders at -1. With no company to take over, the command is lost.
 */
function promote(state: WfState, log: EventLog, stand: Stand, died: HexId): boolean {
  if (stand.kind === 'liaison') return false;
  const candidates = onTable(state, stand.side)
    .filter((s) => isRifle(s))
    .filter((s) =>
      stand.kind === 'bnCommander' ? s.battalion === stand.battalion : s.regiment === stand.regiment,
    )
    .filter((s) => fitsIn(state, stand, s.hex!))
    .sort((a, b) => grid.distance(died, a.hex!) - grid.distance(died, b.hex!) || (a.id < b.id ? -1 : 1));
  const host = candidates[0];
  if (!host) return false;
  stand.steps = 1;
  stand.hex = host.hex;
  stand.suppression = 0;
  stand.fieldPromotion = true;
  log.add({
    type: 'fieldPromotion',
    text: `${stand.name} is killed; an officer of ${host.name} takes command (field promotion)`,
    stand: stand.id,
    hex: host.hex,
  });
  return true;
}

/**
 * Battalion morale: a test when the rifle platoons fall to half their starting number, and another at
 * -2 when they fall to a quarter (75% casualties). A loss that crosses both thresholds at once makes a
 * single test, at -2. A battalion with no rifle platoon left is destroyed.
 */
export function checkMorale(state: WfState, log: EventLog, battalionId: string): void {
  const bn = battalionById(state, battalionId);
  if (!bn || bn.routed) return;
  const left = platoonsLeft(state, bn.id);
  let modifier: number | null = null;
  if (!bn.tested75 && left * 4 <= bn.startPlatoons) {
    bn.tested75 = true;
    bn.tested50 = true;
    modifier = -2;
  } else if (!bn.tested50 && left * 2 <= bn.startPlatoons) {
    bn.tested50 = true;
    modifier = 0;
  }
  if (modifier !== null && left > 0) moraleTest(state, log, bn.id, modifier);
  if (!bn.routed && platoonsLeft(state, bn.id) === 0) {
    bn.routed = true;
    log.add({ type: 'destroyed', text: `${bn.name} has no rifle platoon left`, battalion: bn.id });
    for (const s of state.stands)
      if (s.battalion === bn.id && s.hex !== null) removeStand(state, log, s, 'routed');
    supportWeaponsTest(state, log, bn.id);
  }
}

function moraleTest(state: WfState, log: EventLog, battalionId: string, modifier: number): void {
  const bn = battalionById(state, battalionId)!;
  const die = log.die('morale', `${bn.name} morale test${modifier < 0 ? ' at -2 (75% casualties)' : ''}`);
  const total = die + modifier + moraleModifier(bn.quality);
  const result = moraleResult(total);
  log.add({
    type: 'morale',
    text: `${bn.name}: ${MORALE_TEXT[result]} (${total})`,
    battalion: bn.id,
    result,
    total,
  });
  const stands = state.stands.filter((s) => s.battalion === bn.id && s.hex !== null);
  if (result === 'rout') {
    bn.routed = true;
    for (const s of stands) removeStand(state, log, s, 'routed');
    supportWeaponsTest(state, log, bn.id);
    return;
  }
  if (result === 'ok') return;
  const distance = result === 'longRetreat' ? LONG_RETREAT : SHORT_RETREAT;
  for (const s of stands) {
    if (s.hex === null) continue;
    if (!isRifle(s) && !isCommand(s)) {
      removeStand(state, log, s, 'abandoned');
      continue;
    }
    retreat(state, log, s, distance);
    if (s.hex !== null) s.suppression = Math.max(1, s.suppression);
  }
}

const MORALE_TEXT = {
  rout: 'routs, surrenders or scatters',
  longRetreat: 'falls back 40 cm (8 hexes), suppressed, leaving its crewed weapons',
  shortRetreat: 'falls back 20 cm (4 hexes), suppressed, leaving its crewed weapons',
  ok: 'morale holds',
};

/**
 * Crewed weapons that support a battalion (regimental MGs, guns, mortars) test on their own when it
 * routs or is destroyed: with the quality modifier, 4 or more they fight on, otherwise they are
 * abandoned (crews cannot carry off a gun while retreating under fire).
 */
function supportWeaponsTest(state: WfState, log: EventLog, battalionId: string): void {
  for (const s of state.stands) {
    if (s.supports !== battalionId || s.hex === null) continue;
    const die = log.die('morale', `${s.name} tests as its battalion breaks`);
    const total = die + moraleModifier(s.quality);
    if (moraleResult(total) === 'ok')
      log.add({ type: 'morale', text: `${s.name} stands fast (${total})`, stand: s.id, result: 'ok', total });
    else removeStand(state, log, s, 'abandoned');
  }
}

/**
 * A morale retreat: the stand goes up to `distance` hexes, through hexes free of the enemy and
 * passable, to the place nearest its own table edge (then the shortest way, then furthest from the
 * enemy, then the lowest hex id). A stand that cannot move at all with an enemy beside it surrenders.
 */
export function retreat(state: WfState, log: EventLog, stand: Stand, distance: number): void {
  const start = stand.hex!;
  // Progress is measured by the hex centre's height on the table: rows of flat-topped hexes zigzag.
  const south = state.home[stand.side] === 'south';
  const homeRow = (h: HexId) => (south ? grid.center(h).y : -grid.center(h).y);
  const enemies = onTable(state, state.seats.find((s) => s !== stand.side)!).map((s) => s.hex!);
  const nearestEnemy = (h: HexId) => enemies.reduce((m, e) => Math.min(m, grid.distance(h, e)), 99);
  const seen = new Map<HexId, number>([[start, 0]]);
  let frontier = [start];
  for (let d = 1; d <= distance; d++) {
    const next: HexId[] = [];
    for (const h of frontier) {
      for (const n of grid.neighbors(h)) {
        if (seen.has(n) || terrainAt(state, n).movement === 'impassable' || enemyAt(state, stand.side, n))
          continue;
        seen.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  let best = start;
  const score = (h: HexId) => [homeRow(h), -(seen.get(h) ?? 0), nearestEnemy(h)] as const;
  for (const [h] of seen) {
    if (h === start || !fitsIn(state, stand, h)) continue;
    const a = score(h);
    const b = score(best);
    if (
      a[0] > b[0] ||
      (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && (a[2] > b[2] || (a[2] === b[2] && h < best)))))
    )
      best = h;
  }
  if (best === start) {
    if (grid.neighbors(start).some((n) => enemyAt(state, stand.side, n)))
      removeStand(state, log, stand, 'surrendered');
    return;
  }
  stand.hex = best;
  log.add({
    type: 'retreat',
    text: `${stand.name} falls back to ${best}`,
    stand: stand.id,
    from: start,
    to: best,
  });
}
