import type { GameReference } from '@salient/engine';
import { LOOS_GLOSSARY } from './glossary.ts';
import { loosRulesTables } from './rulesTables.ts';

/** Loos's glossary and its rules page's tables (combat results, terrain), for the server. */
export const reference: GameReference = { glossary: LOOS_GLOSSARY, rulesTables: loosRulesTables };
