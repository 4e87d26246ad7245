import type { CardModule } from '../module.ts';

/** CP 58 Stavka Timidity (optional card): after Tsar Takes Command, no Russian attacks on entrenched all-German spaces this turn (src/combat.ts). */
export const stavkaTimidity: CardModule = {
  id: 'cp-58',
  text: 'Playable after Tsar Takes Command: for the rest of the turn Russians may not attack entrenched spaces held by Germans alone (mixed stacks may still be attacked).',
  playable: (state) => state.played.includes('tsar_takes_command'),
  play(state) {
    state.turnFlags.push('stavka-timidity');
    return 'done';
  },
};
