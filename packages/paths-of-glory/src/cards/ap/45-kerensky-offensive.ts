import type { CardModule } from '../module.ts';
import { operateWith } from '../operateWith.ts';

/** AP 45 Kerensky Offensive: between Fall of the Tsar and Bolshevik Revolution; operations, +2 for one Russian attack on Austro-Hungarians, Bulgarians or Turks. */
export const kerenskyOffensive: CardModule = {
  id: 'ap-45',
  text: 'Playable after Fall of the Tsar and before Bolshevik Revolution: the Allies use this card for operations, and one Russian attack this round on a space with Austro-Hungarian, Bulgarian or Turkish units gets +2.',
  playable: (state) =>
    state.played.includes('fall_of_the_tsar') && !state.played.includes('bolshevik_revolution'),
  play: (state, _log, side) => operateWith(state, side, 'ap-45', ['round:kerensky']),
};
