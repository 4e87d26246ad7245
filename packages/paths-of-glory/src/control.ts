import type { EventLog } from '@salient/engine';
import { touched } from './cache.ts';
import { space, unitData } from './data/index.ts';
import { fortSide, intactFort } from './forts.ts';
import { beachheadEntered } from './mef.ts';
import { isVpSpace } from './scenarios.ts';
import { other, type PogState, type Side } from './types.ts';

/**
 * Gives a space to a side. A VP space changing hands moves the VP marker one step: up when the
 * Central Powers take it, down when the Allies do (the VP table). An undestroyed fort keeps its
 * space for its owner whoever stands there (15.1.10).
 */
export function takeControl(state: PogState, log: EventLog, spaceId: string, side: Side): void {
  if (state.control[spaceId] === side) return;
  if (intactFort(state, spaceId) && fortSide(spaceId) !== side) return;
  state.control[spaceId] = side;
  touched(state);
  const s = space(spaceId);
  if (isVpSpace(state, spaceId)) {
    state.vp += side === 'cp' ? 1 : -1;
    log.add({ type: 'vp', text: `${s.name} changes hands: VP ${state.vp}`, space: spaceId, vp: state.vp });
  }
}

/** An enemy unit entering a space with a trench (11.2.5, 11.2.6): level 1 is filled in, level 2 becomes theirs at level 1. */
export function enemyEnters(state: PogState, log: EventLog, spaceId: string, side: Side): void {
  beachheadEntered(state, log, spaceId, side);
  const trench = state.trenches[spaceId];
  if (!trench || trench.side === side) return;
  if (trench.level === 1) {
    delete state.trenches[spaceId];
    log.add({ type: 'trench', text: `The trench in ${space(spaceId).name} is overrun`, space: spaceId });
  } else {
    state.trenches[spaceId] = { side: other(trench.side), level: 1 };
    log.add({
      type: 'trench',
      text: `The level 2 trench in ${space(spaceId).name} is taken and turned: level 1 for the other side`,
      space: spaceId,
    });
  }
}

const ANA = 'br-corps-ana';

/**
 * A unit ending its move, advance, retreat or redeployment in a space, or paying a movement point
 * there, takes it for its side (11.1.4 seed, 12.7.9), unless an intact enemy fort stands there. The
 * Arab Northern Army is the exception (11.1.14 seed): a Central Powers space it takes is Allied only
 * while it stays; another Allied unit taking the space makes it Allied for good.
 */
export function unitTakes(state: PogState, log: EventLog, unit: string, spaceId: string): void {
  const side = unitData(unit).side;
  if (intactFort(state, spaceId) && fortSide(spaceId) !== side) return;
  if (unit === ANA) {
    anaLeaves(state, log, spaceId);
    if (state.control[spaceId] === 'cp') {
      takeControl(state, log, spaceId, 'ap');
      state.anaHolds = spaceId;
    }
    return;
  }
  takeControl(state, log, spaceId, side);
  if (side === 'ap' && state.anaHolds === spaceId) delete state.anaHolds;
}

/** The Arab Northern Army leaving the space it holds (for `to`, or off the map): the space is the Central Powers' again. */
export function anaLeaves(state: PogState, log: EventLog, to: string | null): void {
  const held = state.anaHolds;
  if (held === undefined || held === to) return;
  delete state.anaHolds;
  takeControl(state, log, held, 'cp');
}
