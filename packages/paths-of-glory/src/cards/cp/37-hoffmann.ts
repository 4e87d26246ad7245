import type { CardModule } from '../module.ts';

/** CP 37 Hoffmann (7.1.9): after H-L Take Command; +1 on later Central Powers Mandated Offensive rolls (src/flow.ts). */
export const hoffmann: CardModule = {
  id: 'cp-37',
  text: 'Playable after H-L Take Command: one is added to every later Central Powers Mandated Offensive roll.',
  playable: (state) => state.played.includes('h_l_take_command'),
};
