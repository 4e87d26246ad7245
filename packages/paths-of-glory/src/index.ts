import type { GameModule } from '@salient/engine';
import { applyAction } from './apply.ts';
import { boardOf } from './board.ts';
import { pogBotKnowledge } from './botKnowledge.ts';
import { choicesFor } from './choices.ts';
import { presentView } from './present.ts';
import { previewAction } from './preview.ts';
import { SCENARIO_LIST } from './scenarioInfo.ts';
import { isScenario } from './scenarios.ts';
import { baseState } from './setup.ts';
import { statusOf } from './status.ts';
import type { PogState, PogView } from './types.ts';
import { viewOf } from './view.ts';

export type { PogState, PogView } from './types.ts';

/** Paths of Glory: the First World War in Europe and the Near East, a card-driven point-to-point game. */
export const pathsOfGlory: GameModule<PogState, PogView> = {
  id: 'paths-of-glory',
  title: 'Paths of Glory',
  // Raise on every change to the state's shape or to what an action does (GameModule.rulesVersion).
  rulesVersion: '2026-11-27',
  scenarios: SCENARIO_LIST,
  board(scenarioId) {
    if (!isScenario(scenarioId)) throw new Error(`Paths of Glory has no scenario ${scenarioId}`);
    return boardOf();
  },
  setup(scenarioId, options, seed) {
    if (!isScenario(scenarioId)) throw new Error(`Paths of Glory has no scenario ${scenarioId}`);
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
