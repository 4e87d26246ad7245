import { setLoc } from '../../cache.ts';
import { OFFMAP, RESERVE } from '../../types.ts';
import { type CardModule, moveVp } from '../module.ts';

const POLISH = ['ge-corps-pol-1', 'ge-corps-pol-2', 'ge-corps-pol-3'];

/** CP 59 Polish Restoration (optional card): with Warsaw held, one VP off and three Polish corps (German for every rule) to the reserve box. */
export const polishRestoration: CardModule = {
  id: 'cp-59',
  text: 'Playable while the Central Powers hold Warsaw: one VP off, and three Polish corps, German in every respect, join the Central Powers reserve box.',
  playable: (state) => state.control.warsaw === 'cp' && POLISH.every((u) => state.units[u]!.loc === OFFMAP),
  play(state, log) {
    moveVp(state, log, -1, 'Poland restored');
    for (const u of POLISH) setLoc(state, u, RESERVE);
    log.add({ type: 'reinforcement', text: 'Three Polish corps join the reserve box' });
    return 'done';
  },
};
