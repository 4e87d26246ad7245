import { setLoc } from '../../cache.ts';
import { unitTakes } from '../../control.ts';
import { space, unitData } from '../../data/index.ts';
import { isNeutralSpace, supplyOf } from '../../supply.ts';
import { OFFMAP, RESERVE, type Readable } from '../../types.ts';
import { label, onMap } from '../../units.ts';
import { placeNeutralUnits } from '../../war.ts';
import { type CardModule, eventChoice } from '../module.ts';
import { roomFor } from '../specialEntry.ts';

/** The British allied corps (AUS, CND, PT, ANA) and the BEF corps may not go (the player aid; 11.1.16). */
const EXCLUDED = ['br-corps-aus', 'br-corps-cnd', 'br-corps-pt', 'br-corps-ana', 'br-corps-bef'];
const MAX_CORPS = 3;

/** British and French corps that may go to Salonika now: from the reserve box or a supplied space. */
function salonikaCorps(state: Readable): string[] {
  if (!roomFor(state, 'br-corps-1', 'salonika') || state.control.salonika !== 'ap') return [];
  const supply = supplyOf(state);
  return Object.keys(state.units).filter((u) => {
    const d = unitData(u);
    if (d.type !== 'corps' || (d.nation !== 'br' && d.nation !== 'fr') || EXCLUDED.includes(u)) return false;
    const loc = state.units[u]!.loc;
    if (loc === RESERVE) return true;
    return onMap(loc) && loc !== 'salonika' && !isNeutralSpace(state, loc) && supply.unitSupplied(u);
  });
}

/**
 * AP 30 Salonika (9.5.2.4): Greece's limited entry (its units set up but stay neutral, and the spaces
 * they hold are closed to both sides), then up to three British or French corps go to Salonika by
 * strategic redeployment; the round counts as a redeployment (so not right after another).
 */
export const salonika: CardModule = {
  id: 'ap-30',
  text: "Greece's limited entry: the Greek corps set up but stay neutral, and nobody enters, attacks or traces supply through the spaces they hold. Then up to three British or French corps redeploy to Salonika; the round counts as a strategic redeployment.",
  playable: (state, side) => state.actions[side].at(-1) !== 'sr' && state.control.salonika === 'ap',
  play(state, log) {
    if (state.neutral.includes('gr') && state.units['gr-corps-1']?.loc === OFFMAP) {
      placeNeutralUnits(state, 'gr');
      log.add({
        type: 'neutralEntry',
        text: 'Greece admits the Allies to Salonika; its army stands guard',
        nation: 'gr',
      });
    }
    return salonikaCorps(state).length > 0 ? { step: { moved: 0 } } : 'doneAsSr';
  },
  choices(state, _side, step) {
    const out = [];
    const corps = salonikaCorps(state);
    if (corps.length > 0)
      out.push(
        eventChoice(
          `Redeploy a corps to Salonika (${MAX_CORPS - (step.moved as number)} at most)`,
          { pick: 'corps' },
          {
            name: 'unit',
            label: 'Corps',
            options: corps.map((u) => ({ value: u, label: label(u), piece: u, loc: 'salonika' })),
          },
        ),
      );
    out.push(eventChoice('No more corps to Salonika', { pick: 'done' }));
    return out;
  },
  resolve(state, log, _side, action, step) {
    if (action.pick === 'done') return 'doneAsSr';
    const unit = action.unit as string;
    setLoc(state, unit, 'salonika');
    unitTakes(state, log, unit, 'salonika');
    log.add({ type: 'sr', text: `${label(unit)} redeploys to ${space('salonika').name}`, unit });
    const moved = (step.moved as number) + 1;
    return moved >= MAX_CORPS || salonikaCorps(state).length === 0 ? 'doneAsSr' : { step: { moved } };
  },
};
