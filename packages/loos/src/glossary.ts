import type { GlossaryTerm } from '@salient/engine';
import { describe } from './combat.ts';
import type { CrtResult } from './crt.ts';

const RESULTS: CrtResult[] = ['Ae', '(A)', 'A3', 'A2', 'A1', 'Ex', 'D2', 'D3', 'De'];

/** "Ex, an exchange: ..." -> "an exchange: ...": the meaning without the code it explains. */
const meaningOf = (r: CrtResult) => describe(r).replace(/^[^,]*,\s*/, '');

/**
 * The words and codes Loos's log uses that a new player may not know, each in plain words with the
 * rule that defines it. The results' meanings are the very texts the log gives (describe), so the
 * two cannot drift apart. Presentation only.
 */
export const LOOS_GLOSSARY: readonly GlossaryTerm[] = [
  ...RESULTS.map((r) => ({
    term: r,
    meaning: `Combat Results Table result: ${meaningOf(r)}.`,
    rule: '7.6',
  })),
  {
    term: 'ZOC',
    meaning: 'Zone of control: the six hexes around a unit. An enemy unit entering one must stop there.',
    rule: '5.1',
  },
  { term: 'MP', meaning: 'Movement points: what a move into each hex costs, by its terrain.', rule: '4.1' },
  {
    term: 'differential',
    meaning:
      'The attackers’ combat strength minus the defender’s: it chooses the column of the Combat Results Table.',
    rule: '7.2',
  },
  {
    term: 'battalion counter',
    meaning:
      'The one-step counter, taken from the deadpile, that stands for a German regiment down to its last step.',
    rule: '8.0',
  },
  {
    term: 'depleted',
    meaning: 'A British half-brigade that has lost its first step, turned to its weaker side.',
    rule: '8.0',
  },
];
