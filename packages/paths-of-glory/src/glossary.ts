import type { GlossaryTerm } from '@salient/engine';

/**
 * The words and codes Paths of Glory's log uses that a new player may not know, in plain words, each
 * with the rule of docs/rules.md that says more where there is one. The client marks them in the log
 * and the rules page lists them. Presentation only: no rule reads this.
 */
/** The nations' codes as unit names and replacement points show them ("RU Corps", "BR 2"). */
const NATIONS: readonly [code: string, name: string][] = [
  ['GE', 'Germany'],
  ['AH', 'Austria-Hungary'],
  ['A-H', 'Austria-Hungary'],
  ['TU', 'Turkey'],
  ['BU', 'Bulgaria'],
  ['FR', 'France'],
  ['BR', 'Britain and its Empire'],
  ['RU', 'Russia'],
  ['IT', 'Italy'],
  ['US', 'the United States'],
  ['BE', 'Belgium'],
  ['SB', 'Serbia'],
  ['RO', 'Romania'],
  ['GR', 'Greece'],
];

export const POG_GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'OPS',
    meaning:
      'Operations points, what a card is worth when played for operations. They activate spaces: a space costs one point for each nationality among its units, and is activated for movement or for combat, not both.',
    rule: '9.2',
  },
  {
    term: 'SR points',
    meaning:
      'Strategic redeployment points: a card played for them moves units by rail or by sea through friendly spaces free of enemy units, one point for a corps and four for an army, each unit once.',
    rule: '9.3',
  },
  {
    term: 'replacements',
    meaning:
      'Replacement points, kept for each nation when a card is played for them and spent in the Replacement Phase at the end of the turn to restore lost steps and bring eliminated units back.',
    rule: '9.4',
  },
  {
    term: 'VP',
    meaning:
      'Victory points: one marker between 0 and 20. It moves up a step when the Central Powers take a VP space and down when the Allies do. It starts at 10; at the end of the Introductory scenario 14 or more is a Central Powers win, 10 or fewer an Allied one, and 20 or 0 in a War Status Phase wins at once.',
    rule: '5.2',
  },
  {
    term: 'Mandated Offensive',
    meaning:
      'At the start of each turn each side rolls a die, which may name one of its nations: that nation must attack an enemy unit during the turn, or the VP marker moves a step against its side in the War Status Phase.',
  },
  {
    term: 'reserve box',
    meaning:
      'The off-map holding area of each side: new corps arrive there, eliminated corps are rebuilt there, corps redeploy to and from it, and an army destroyed in battle is replaced by a corps of its nation taken from it.',
    rule: '9.3',
  },
  {
    term: 'trench',
    meaning:
      'Dug-in positions, level 0 to 2. A defender in a trench shifts the attacker one column left (two at level 2) and, at level 1 or 2, fires one column right itself; it may stand instead of retreating by losing one more step. An enemy entering fills a level 1 trench in and takes a level 2 one over as its own level 1.',
    rule: '11.2',
  },
  {
    term: 'dig in',
    meaning:
      'Instead of moving, one unit in a space activated for movement may dig a trench: a die no higher than its loss factor makes one (once its side has played Entrench, level 1 comes without a roll, and a level 1 trench may be deepened to level 2 the same way).',
    rule: '11.2',
  },
  {
    term: 'flank attack',
    meaning:
      'An attack from two or more spaces into open ground (no mountain, swamp or trench), one of them named as pinning. A roll of 4 or more, plus one for each other attacking space that touches no other enemy space, lets the attacker fire first; otherwise the defender fires first.',
    rule: '12.3',
  },
  {
    term: 'loss number',
    meaning:
      "What a side's fire inflicts, read from its fire table with its die. The other side gives up steps whose loss factors add up to it without going over, and the side with the higher number wins the battle.",
    rule: '12.4',
  },
  {
    term: 'Army table',
    meaning:
      'The heavier of the two fire tables, used by a side that has an army in the battle; a side with corps only fires on the Corps table, or in some battles may choose the Army table by giving up the column shifts in its favour.',
    rule: '12.2.7',
  },
  {
    term: 'Corps table',
    meaning: 'The lighter of the two fire tables, used by a side that has only corps in the battle.',
    rule: '12.2.7',
  },
  {
    term: 'Attrition Phase',
    meaning:
      'At the end of the turn, units that cannot trace supply are eliminated (armies for good), and friendly spaces that cannot trace supply to any source of their side and hold no friendly fort or unit go over to the enemy.',
  },
  {
    term: 'out of supply',
    meaning:
      'Cut off from every supply source of its nation: a path of friendly spaces free of enemy units is needed. Such a unit may not move, attack, dig in or redeploy, and is lost in the Attrition Phase.',
  },
  {
    term: 'fort',
    meaning:
      'A fortification printed on the map. It adds its value to the defenders of its space and defends alone when empty. An army, or as many corps as its value, besieges it; in the Siege Phase a die above its value destroys it.',
  },
  ...NATIONS.map(([code, name]) => ({ term: code, meaning: `Units and replacement points of ${name}.` })),
];
