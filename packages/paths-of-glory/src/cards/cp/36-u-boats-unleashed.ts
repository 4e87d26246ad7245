import type { CardModule } from '../module.ts';

/** CP 36 U-Boats Unleashed: after H-L Take Command; one British RP fewer each turn and no US reinforcements until Convoy. */
export const uBoatsUnleashed: CardModule = {
  id: 'cp-36',
  text: 'Playable after H-L Take Command: unrestricted submarine warfare costs the Allies one British replacement point every turn and stops US reinforcement cards, until Convoy.',
  playable: (state) => state.played.includes('h_l_take_command'),
};
