import type { CardModule } from '../module.ts';

/** CP 61 Haig (optional card): this turn, entrenched Germans in the west ignore retreats against British attacks (src/roundEffects.ts). */
export const haig: CardModule = {
  id: 'cp-61',
  text: 'For the rest of the turn, entrenched German units in France, Belgium or Germany ignore every retreat in combats against British attackers (not once Michael, Blucher or Peace Offensive has been played).',
  play(state) {
    state.turnFlags.push('haig');
    return 'done';
  },
};
