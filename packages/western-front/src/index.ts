import type { GameModule } from '@salient/engine';
import { applyAction } from './apply.ts';
import { boardOf } from './board.ts';
import { wfBotKnowledge } from './botKnowledge.ts';
import { choicesFor } from './choices.ts';
import { inspectView } from './inspect.ts';
import { presentView } from './present.ts';
import { previewOf } from './preview.ts';
import { findScenario, SCENARIOS } from './scenarios/index.ts';
import { setupState } from './setup.ts';
import { statusOf } from './status.ts';
import type { WfState, WfView } from './types.ts';
import { viewOf } from './view.ts';

export { SCENARIOS } from './scenarios/index.ts';
export type { Stand, WfState, WfView } from './types.ts';

/** Western Front 1914 to mid 1915: company-level battles after a miniatures playsheet, on hexes. */
export const westernFront: GameModule<WfState, WfView> = {
  id: 'western-front',
  title: 'Western Front 1914',
  // Raise on every change to the state's shape or to what an action does (GameModule.rulesVersion).
  rulesVersion: '2026-11-27',
  scenarios: SCENARIOS.map((s) => ({ ...s.info, description: s.info.description })),
  board(scenarioId) {
    const def = findScenario(scenarioId);
    if (!def) throw new Error(`Western Front 1914 has no scenario ${scenarioId}`);
    return boardOf(def);
  },
  setup: setupState,
  status: statusOf,
  choices: choicesFor,
  apply: applyAction,
  view: viewOf,
  preview: previewOf,
  inspect: inspectView,
  present: presentView,
  outcome: (state) => state.outcome,
  bot: wfBotKnowledge,
};
