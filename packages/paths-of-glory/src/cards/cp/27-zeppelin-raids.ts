import type { CardModule } from '../module.ts';

/** CP 27 Zeppelin Raids: four British RP fewer (not below 0) in this turn's Replacement Phase (src/flow.ts). */
export const zeppelinRaids: CardModule = {
  id: 'cp-27',
  text: 'Zeppelins over London: the Allies lose four British replacement points (down to 0) in this turn’s Replacement Phase.',
};
