import type { GameReference } from '@salient/engine';
import { WF_GLOSSARY } from './glossary.ts';

/** Western Front's glossary, for the server (its rules page has no generated tables). */
export const reference: GameReference = { glossary: WF_GLOSSARY };
