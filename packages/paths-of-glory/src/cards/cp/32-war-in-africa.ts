import { setLoc } from '../../cache.ts';
import { plainCorps } from '../../setup.ts';
import { OFFMAP, REMOVED, type Readable } from '../../types.ts';
import { label } from '../../units.ts';
import { type CardModule, eventChoice, moveVp } from '../module.ts';

/** British corps the Allies may give up: plain ones in play (not the AUS, CND, PT, ANA or BEF corps). */
const britishCorps = (state: Readable) =>
  plainCorps('br').filter((u) => ![OFFMAP, REMOVED].includes(state.units[u]!.loc));

/** CP 32 War in Africa: the Allies choose: a British corps leaves the game for good, or one VP to the Central Powers. */
export const warInAfrica: CardModule = {
  id: 'cp-32',
  text: 'Colonial campaigns: the Allies choose to remove a British corps from the game for good or to give the Central Powers one VP.',
  play(state, log) {
    if (britishCorps(state).length === 0) {
      moveVp(state, log, 1, 'War in Africa');
      return 'done';
    }
    return { step: {}, actor: 'ap' };
  },
  choices: (state) => [
    eventChoice(
      'War in Africa: give up a British corps for good',
      { pick: 'corps' },
      {
        name: 'unit',
        label: 'Corps',
        options: britishCorps(state).map((u) => ({ value: u, label: label(u), piece: u })),
      },
    ),
    eventChoice('War in Africa: give the Central Powers one VP', { pick: 'vp' }),
  ],
  resolve(state, log, _side, action) {
    if (action.pick === 'vp') moveVp(state, log, 1, 'War in Africa');
    else {
      const unit = action.unit as string;
      setLoc(state, unit, REMOVED);
      state.units[unit]!.reduced = false;
      log.add({ type: 'eliminated', text: `${label(unit)} leaves for Africa for good`, unit });
    }
    return 'done';
  },
};
