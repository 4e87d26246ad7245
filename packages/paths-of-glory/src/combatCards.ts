import { space } from './data/index.ts';
import { fortSide, intactFort } from './forts.ts';
import { type Combat, other, type Readable, type Side } from './types.ts';
import { cfOf, nationOf, sideOf } from './units.ts';

/**
 * The Limited and Total War combat cards (9.5.4) whose effect is a die modifier or the cancelling of
 * trench effects, each with its condition. The mobilization deck's combat cards are in src/combat.ts.
 * 9.5.4.1.1: a nation-specific card needs a unit of that nation in the combat; the Australian,
 * Canadian, Portuguese and Arab corps are not British for it, nor the Senussi Turkish.
 */
export interface CombatCardRule {
  role: 'attacker' | 'defender' | 'either';
  /** Whether the card may be played in this combat by the side (`mine` its units, `theirs` the other side's). */
  usable(state: Readable, combat: Combat, mine: string[], theirs: string[]): boolean;
  /** Die modifier for its side's fire. */
  drm: number;
  /** Cancels every trench effect in this combat, both sides' shifts (12.2.3's trench-negating cards). */
  negatesTrench?: boolean;
  /** "May only be used in one combat per turn" (9.5.4.2): discarded after the combat even when won. */
  oncePerTurn?: boolean;
}

const NOT_BRITISH = ['br-corps-aus', 'br-corps-cnd', 'br-corps-pt', 'br-corps-ana'];
const nationIn = (units: string[], nation: string) =>
  units.some((u) => nationOf(u) === nation && !(nation === 'br' && NOT_BRITISH.includes(u)));
const allOf = (units: string[], nation: string) =>
  units.length > 0 && units.every((u) => nationOf(u) === nation);
const entrenched = (state: Readable, combat: Combat, side: Side) =>
  state.trenches[combat.target]?.side === side;
const defenderSide = (combat: Combat): Side => other(sideOf(combat.attackers[0]!));
/** Mesopotamia and western Persia, supplied from Basra (card AP 61 Maude). */
const MESOPOTAMIA = [
  'basra',
  'qurna',
  'an-nasiriya',
  'samawah',
  'kut',
  'ahwaz',
  'khorramabad',
  'hamadan',
  'kermanshah',
  'baghdad',
  'kirkuk',
  'mosul',
];
const afterHl = (state: Readable) => state.played.includes('h_l_take_command');
const WESTERN = ['fr', 'be'];

export const LATER_COMBAT_CARDS: Record<string, CombatCardRule> = {
  // Allied cards
  hurricane_barrage: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'br') },
  ap_air_superiority: {
    role: 'attacker',
    drm: 1,
    usable: (_s, _c, mine) => nationIn(mine, 'br') || nationIn(mine, 'fr'),
  },
  phosgene_gas: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'fr') },
  mine_attack: {
    role: 'attacker',
    drm: 1,
    oncePerTurn: true,
    usable: (s, c, mine) => nationIn(mine, 'br') && entrenched(s, c, defenderSide(c)),
  },
  royal_tank_corps: {
    role: 'attacker',
    drm: 0,
    negatesTrench: true,
    oncePerTurn: true,
    usable: (s, c, mine) =>
      s.played.includes('landships') &&
      nationIn(mine, 'br') &&
      space(c.target).terrain === 'clear' &&
      WESTERN.includes(space(c.target).nation),
  },
  russian_guards: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'ru') },
  alpine_troops: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => allOf(mine, 'it') },
  // Central Powers cards
  chlorine_gas: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'ge') },
  flamethrowers: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'ge') },
  mustard_gas: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'ge') },
  cp_air_superiority: { role: 'attacker', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'ge') },
  liman_von_sanders: { role: 'either', drm: 1, usable: (_s, _c, mine) => nationIn(mine, 'tu') },
  fortified_machine_guns: {
    role: 'defender',
    drm: 1,
    usable: (s, c, mine) => nationIn(mine, 'ge') && entrenched(s, c, 'cp'),
  },
  alpenkorps: {
    role: 'attacker',
    drm: 1,
    usable: (s, c, mine) =>
      nationIn(mine, 'ge') &&
      (space(c.target).terrain === 'mountain' ||
        mine.some((u) => nationOf(u) === 'ge' && space(s.units[u]!.loc).terrain === 'mountain')),
  },
  achtung_panzer: {
    role: 'attacker',
    drm: 1,
    usable: (_s, c, mine) => nationIn(mine, 'ge') && space(c.target).terrain === 'clear',
  },
  place_of_execution: {
    role: 'attacker',
    drm: 2,
    usable: (s, c) =>
      s.played.includes('falkenhayn') &&
      !afterHl(s) &&
      space(c.target).nation === 'fr' &&
      space(c.target).fort > 0 &&
      (intactFort(s, c.target) ? fortSide(c.target) === 'ap' : true),
  },
  von_below: {
    role: 'attacker',
    drm: 0,
    negatesTrench: true,
    usable: (_s, _c, _mine, theirs) => allOf(theirs, 'it'),
  },
  michael: {
    role: 'attacker',
    drm: 1,
    negatesTrench: true,
    usable: (s, _c, mine) => afterHl(s) && nationIn(mine, 'ge'),
  },
  blucher: {
    role: 'attacker',
    drm: 0,
    negatesTrench: true,
    usable: (s, _c, mine) => afterHl(s) && nationIn(mine, 'ge'),
  },
  von_hutier: {
    role: 'attacker',
    drm: 0,
    negatesTrench: true,
    usable: (_s, _c, mine, theirs) => nationIn(mine, 'ge') && nationIn(theirs, 'ru'),
  },
  peace_offensive: {
    role: 'attacker',
    drm: 0,
    negatesTrench: true,
    usable: (s, _c, mine) => afterHl(s) && nationIn(mine, 'ge'),
  },
  they_shall_not_pass: {
    role: 'defender',
    drm: 0,
    usable: (_s, c) => space(c.target).nation === 'fr' && space(c.target).fort > 0,
  },
  backs_to_the_wall: {
    role: 'defender',
    drm: 0,
    usable: (s, c) =>
      WESTERN.includes(space(c.target).nation) &&
      c.defenders.some((u) => nationOf(u) === 'br' && s.units[u] !== undefined && u.includes('-army-')),
  },
  kemal: {
    role: 'defender',
    drm: 0,
    oncePerTurn: true,
    usable: (s, _c, mine) => mine.some((u) => nationOf(u) === 'tu' && cfOf(s, u) >= 1),
  },
  maude: {
    role: 'attacker',
    drm: 0,
    // "BR units tracing supply to Basra": British attackers standing in Mesopotamia or western Persia,
    // the spaces whose supply runs up from Basra (ruling 66).
    usable: (s, _c, mine) => nationIn(mine, 'br') && mine.every((u) => MESOPOTAMIA.includes(s.units[u]!.loc)),
  },
  alberich: {
    role: 'defender',
    drm: 0,
    usable: (s, c) =>
      WESTERN.includes(space(c.target).nation) &&
      !c.cards.ap.some((id) => id === 'ap-48') &&
      !s.turnFlags.includes('round:yanks-and-tanks'),
  },
  turk_determination: {
    role: 'defender',
    drm: 0,
    usable: (s, c, mine) => nationIn(mine, 'tu') && !s.trenches[c.target],
  },
};

export const laterCombatCard = (event: string): CombatCardRule | undefined => LATER_COMBAT_CARDS[event];
