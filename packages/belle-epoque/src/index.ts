import type { GameModule } from '@salient/engine';
import { applyAction } from './apply.ts';
import { boardOf } from './board.ts';
import { beBotKnowledge } from './botKnowledge.ts';
import { choicesFor } from './choices.ts';
import { presentView } from './present.ts';
import { previewAction } from './preview.ts';
import { findScenario, SCENARIOS } from './scenarios/index.ts';
import { setupState } from './setup.ts';
import { statusOf } from './status.ts';
import type { BeState, BeView } from './types.ts';
import { viewOf } from './view.ts';

export { SCENARIOS } from './scenarios/index.ts';
export type { BeState, BeView, Unit } from './types.ts';

/** Belle Epoque: hex battles from the Victorian era to 1914, after Pierre Laporte's aperitif rules. */
export const belleEpoque: GameModule<BeState, BeView> = {
  id: 'belle-epoque',
  title: 'Belle Epoque',
  scenarios: SCENARIOS.map((s) => s.info),
  board(scenarioId) {
    const def = findScenario(scenarioId);
    if (!def) throw new Error(`Belle Epoque has no scenario ${scenarioId}`);
    return boardOf(def);
  },
  setup: setupState,
  status: statusOf,
  choices: choicesFor,
  apply: applyAction,
  view: viewOf,
  preview: previewAction,
  present: presentView,
  outcome: (state) => state.outcome,
  bot: beBotKnowledge,
};
