import type { CardModule } from '../module.ts';

/**
 * CP 25 High Seas Fleet: one VP to the Central Powers unless the Allies answer with Grand Fleet as
 * their very next action (settled when that action ends, src/flow.ts).
 */
export const highSeasFleet: CardModule = {
  id: 'cp-25',
  text: 'The German fleet sorties: one VP to the Central Powers unless the Allies play Grand Fleet as their very next action.',
  play(state) {
    state.turnFlags.push('high-seas-fleet');
    return 'done';
  },
};
