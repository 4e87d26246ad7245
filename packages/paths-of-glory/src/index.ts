import type { GameModule } from '@salient/engine';
import { applyAction } from './apply.ts';
import { boardOf } from './board.ts';
import { pogBotKnowledge } from './botKnowledge.ts';
import { choicesFor } from './choices.ts';
import { presentView } from './present.ts';
import { previewAction } from './preview.ts';
import { baseState, INTRODUCTORY } from './setup.ts';
import { statusOf } from './status.ts';
import type { PogState, PogView } from './types.ts';
import { viewOf } from './view.ts';

export type { PogState, PogView } from './types.ts';

/** Paths of Glory: the First World War in Europe and the Near East, a card-driven point-to-point game. */
export const pathsOfGlory: GameModule<PogState, PogView> = {
  id: 'paths-of-glory',
  title: 'Paths of Glory',
  scenarios: [
    {
      id: INTRODUCTORY,
      name: 'Introductory (1914)',
      description:
        'August to Fall 1914 with the mobilization cards only: the opening campaigns in the west and the east. Central Powers win at 14 VP or more, the Allies at 10 or fewer.',
      seats: [
        { id: 'cp', name: 'Central Powers' },
        { id: 'ap', name: 'Allied Powers' },
      ],
      options: [
        {
          id: 'optionalCards',
          label: 'Optional cards (#56-#65) and eight-card hands',
          values: [false, true],
        },
        {
          id: 'turkishInternalSupply',
          label: 'Optional 11.3.3: Turkish internal supply',
          values: [false, true],
        },
        {
          id: 'straitsInNearEast',
          label: 'Optional 11.3.4: Constantinople and Bursa on the Near East map',
          values: [false, true],
        },
        {
          id: 'nonTurkishCorps',
          label: 'Optional 11.3.5: non-Turkish Central Powers corps in the Near East',
          values: [false, true],
        },
      ],
    },
  ],
  board(scenarioId) {
    if (scenarioId !== INTRODUCTORY) throw new Error(`Paths of Glory has no scenario ${scenarioId}`);
    return boardOf();
  },
  setup(scenarioId, options, seed) {
    if (scenarioId !== INTRODUCTORY) throw new Error(`Paths of Glory has no scenario ${scenarioId}`);
    return baseState(scenarioId, options, seed);
  },
  status: statusOf,
  choices: choicesFor,
  apply: applyAction,
  view: viewOf,
  present: presentView,
  preview: previewAction,
  outcome: (state) => state.outcome,
  bot: pogBotKnowledge,
};
