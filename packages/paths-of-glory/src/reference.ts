import type { GameReference } from '@salient/engine';
import { POG_GLOSSARY } from './glossary.ts';

/** Paths of Glory's glossary, for the server (its rules page has no generated tables). */
export const reference: GameReference = { glossary: POG_GLOSSARY };
