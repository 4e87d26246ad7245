import { unitData } from '../../data/index.ts';
import type { Readable } from '../../types.ts';
import { label, onMap } from '../../units.ts';
import { type CardModule, eventChoice } from '../module.ts';

/** Full-strength Russian units on the map (every Russian counter has two steps). */
const fullRussians = (state: Readable) =>
  Object.keys(state.units).filter(
    (u) => unitData(u).nation === 'ru' && onMap(state.units[u]!.loc) && !state.units[u]!.reduced,
  );

/** CP 63 Russian Desertions (optional card): after Fall of the Tsar, up to four full-strength Russian units are reduced. */
export const russianDesertions: CardModule = {
  id: 'cp-63',
  text: 'Playable after Fall of the Tsar: the Central Powers reduce up to four full-strength Russian units.',
  playable: (state) => state.played.includes('fall_of_the_tsar'),
  play: (state) => (fullRussians(state).length > 0 ? { step: { left: 4 } } : 'done'),
  choices: (state, _side, step) => [
    eventChoice(
      `Reduce a Russian unit (${step.left as number} left)`,
      { pick: 'unit' },
      {
        name: 'unit',
        label: 'Unit',
        options: fullRussians(state).map((u) => ({
          value: u,
          label: label(u),
          piece: u,
          loc: state.units[u]!.loc,
        })),
      },
    ),
    eventChoice('No more', { pick: 'done' }),
  ],
  resolve(state, log, _side, action, step) {
    if (action.pick === 'done') return 'done';
    const unit = action.unit as string;
    state.units[unit]!.reduced = true;
    log.add({ type: 'step', text: `${label(unit)} loses a step to desertion`, unit });
    const left = (step.left as number) - 1;
    return left > 0 && fullRussians(state).length > 0 ? { step: { left } } : 'done';
  },
};
