import type { CardModule } from '../module.ts';

/** AP 51 Everyone Into Battle: after Blucher, Michael or Peace Offensive; Allied units in Italy, France and Belgium activate as one nation this turn (src/activation.ts). */
export const everyoneIntoBattle: CardModule = {
  id: 'ap-51',
  text: 'Playable after Blucher, Michael or Peace Offensive: for the rest of the turn all Allied units in a space of Italy, France or Belgium activate as one nation.',
  playable: (state) => ['blucher', 'michael', 'peace_offensive'].some((k) => state.played.includes(k)),
  play(state) {
    state.turnFlags.push('everyone-into-battle');
    return 'done';
  },
};
