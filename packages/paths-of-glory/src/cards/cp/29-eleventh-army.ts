import type { CardModule } from '../module.ts';

/** CP 29 11th Army: the German 11th Army and the Central Powers corps in its space activate as one unit (src/activation.ts). */
export const eleventhArmy: CardModule = {
  id: 'cp-29',
  text: "Mackensen's 11th Army: the German 11th Army may stack with corps of any Central Powers nation and activates with them for one point.",
};
