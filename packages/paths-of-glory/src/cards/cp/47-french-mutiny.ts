import type { CardModule } from '../module.ts';

/**
 * CP 47 French Mutiny (7.1.8): French Mandated Offensives become mutinies, now and later: no attack
 * is needed, but a French attack in France, Belgium or Germany by units not stacked with Americans
 * costs the Allies one VP once that turn (src/battle.ts). Played after a French offensive was made,
 * nothing changes this turn.
 */
export const frenchMutiny: CardModule = {
  id: 'cp-47',
  text: 'French Mandated Offensives become mutinies from now on: no attack is required, but the first French attack in France, Belgium or Germany on such a turn by units not stacked with Americans gives the Central Powers one VP.',
  play(state) {
    const m = state.mandates.ap;
    if (m.nation === 'fr' && !m.made) state.mandates.ap = { nation: 'fr', made: true, mutiny: true };
    return 'done';
  },
};
