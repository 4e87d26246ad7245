import type { GlossaryTerm } from '@salient/engine';

/**
 * The words Western Front's log uses that a new player may not know, in plain words, each with the
 * section of docs/rules.md that says more (the playsheet's sections are named, not numbered). The
 * client marks them in the log and the rules page lists them. Presentation only: no rule reads this.
 */
export const WF_GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'Initiative',
    meaning:
      'From the second turn each side rolls a die at the start of the turn and the higher gives its orders first; on a tie the side that went second last turn goes first.',
    rule: 'Turn',
  },
  {
    term: 'Order roll',
    meaning:
      "The die a unit rolls, with its modifiers, for the number of actions it gets this turn (none to three). A natural 1 always means no action; a staff re-roll marker of the unit's battalion may buy one more try.",
    rule: 'Order sequence',
  },
  {
    term: 'staff re-roll marker',
    meaning:
      "A marker a side gives, at the start of its orders, to one of its battalions or to its support units: spent after an order roll that gave fewer than the most actions, it rolls again, and the new roll stands. Markers not spent are removed when the side's orders end.",
    rule: 'Order sequence',
  },
  {
    term: 'suppression',
    meaning:
      'The effect of fire that does not kill: each level costs 1 on the order rolls of the units a suppressed commander leads, a suppressed stand can do nothing but remove suppression, and a third level is a kill.',
    rule: 'Three suppressions',
  },
  {
    term: 'suppressed',
    meaning:
      'Carrying at least one level of suppression: the stand may only spend its actions removing them until none is left.',
    rule: 'Actions',
  },
  {
    term: 'platoon',
    meaning:
      'A rifle company carries its platoons as steps: each kill costs one, and the company is gone with the last.',
    rule: 'Firing table',
  },
  {
    term: 'SOS',
    meaning:
      "A pre-registered artillery target in front of a defended position. A side with a stand within 2 hexes of it may call a battery onto it: on 2 or more (less the enemy bombardment's deep suppression) the battery's fire falls there at once, on friend and foe alike.",
    rule: 'SOS',
  },
  {
    term: 'aiming point',
    meaning:
      "The hex a battery fires at: its fire falls on that hex and the six around it, on every stand there of either side. The battery may move it, as an action, to a hex one of its side's liaison officers or commanders can see.",
    rule: 'Artillery templates',
  },
  {
    term: 'bombardment',
    meaning:
      "A preliminary bombardment: before the attack goes in, the batteries a scenario names fire their set rounds (three each at Neuve Chapelle). It may also weaken the defenders' SOS calls for a turn or two (deep suppression, set by the scenario).",
    rule: 'Artillery templates',
  },
  {
    term: 'wire',
    meaning:
      'Barbed-wire entanglements. A rifle company in a wire hex takes 2 off its order roll and cannot close-assault; artillery fire cuts a wire hex on a 6 (field guns), 4 (howitzers) or 3 (heavy guns).',
    rule: 'Artillery templates',
  },
  {
    term: 'gas cloud',
    meaning:
      'Released from cylinders onto a hex and its six neighbours, it attacks every stand under it on the gas line of the firing table, drifts one hex downwind at the start of each turn, and is gone after three turns.',
    rule: 'Gas',
  },
  {
    term: 'limbers up',
    meaning:
      'A field gun hooked to its horse team: it moves 4 hexes across country or 7 by road but cannot fire until it unlimbers again. Limbering up and unlimbering each take one action; a deployed gun can only be man-handled one hex.',
    rule: 'Movement table',
  },
  {
    term: 'goes to ground',
    meaning:
      'A close assault stopped short: the defenders, firing once at point-blank range, suppressed or hit the attackers, who go no further this time.',
    rule: 'Close assault',
  },
];
