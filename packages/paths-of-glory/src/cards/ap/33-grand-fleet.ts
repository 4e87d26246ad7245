import type { CardModule } from '../module.ts';

/**
 * AP 33 Grand Fleet: only as the Allied action right after High Seas Fleet, which it cancels (the
 * pending sortie is a turn flag that src/flow.ts's actionDone settles).
 */
export const grandFleet: CardModule = {
  id: 'ap-33',
  text: 'Playable only as the Allied action right after High Seas Fleet: the sortie is beaten off and costs no VP.',
  playable: (state) => state.turnFlags.includes('high-seas-fleet'),
  play(state, log) {
    state.turnFlags = state.turnFlags.filter((f) => f !== 'high-seas-fleet');
    log.add({ type: 'event', text: 'The Grand Fleet meets the High Seas Fleet: no VP' });
    return 'done';
  },
};
