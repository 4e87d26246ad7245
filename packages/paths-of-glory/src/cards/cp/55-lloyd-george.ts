import type { CardModule } from '../module.ts';

/** CP 55 Lloyd George: no British attacks on Germans behind level 2 trenches this turn, unless a 1918 offensive was played (src/combat.ts). */
export const lloydGeorge: CardModule = {
  id: 'cp-55',
  text: 'For the rest of the turn the British may not attack German units in a level 2 trench (not once Michael, Blucher or Peace Offensive has been played).',
  play(state) {
    state.turnFlags.push('lloyd-george');
    return 'done';
  },
};
