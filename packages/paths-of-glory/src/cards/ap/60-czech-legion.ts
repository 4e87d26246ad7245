import { setLoc } from '../../cache.ts';
import { ELIMINATED, OFFMAP, REMOVED, RESERVE, type Readable } from '../../types.ts';
import { label, nationOf } from '../../units.ts';
import { type CardModule, eventChoice } from '../module.ts';

const ahCorpsEliminated = (state: Readable) =>
  Object.keys(state.units).filter(
    (u) => nationOf(u) === 'ah' && u.includes('-corps-') && state.units[u]!.loc === ELIMINATED,
  );

/** AP 60 Czech Legion (optional card): an eliminated Austro-Hungarian corps leaves the game; the Czech Legion joins the Allied reserve box. */
export const czechLegion: CardModule = {
  id: 'ap-60',
  text: 'Czech prisoners change sides: an Austro-Hungarian corps in the eliminated box leaves the game, and the Russian Czech Legion corps joins the Allied reserve box.',
  playable: (state) => state.units['ru-corps-czech-legion']!.loc === OFFMAP,
  play(state, log) {
    setLoc(state, 'ru-corps-czech-legion', RESERVE);
    log.add({
      type: 'reinforcement',
      text: 'The Czech Legion joins the reserve box',
      unit: 'ru-corps-czech-legion',
    });
    return ahCorpsEliminated(state).length > 0 ? { step: {} } : 'done';
  },
  choices: (state) => [
    eventChoice(
      'Remove an eliminated Austro-Hungarian corps from the game',
      {},
      {
        name: 'unit',
        label: 'Corps',
        options: ahCorpsEliminated(state).map((u) => ({ value: u, label: label(u), piece: u })),
      },
    ),
  ],
  resolve(state, log, _side, action) {
    setLoc(state, action.unit as string, REMOVED);
    log.add({
      type: 'eliminated',
      text: `${label(action.unit as string)} leaves the game`,
      unit: action.unit as string,
    });
    return 'done';
  },
};
