import { type JsonObject, type RngState, rngFromSeed, rollInPlace } from '@salient/engine';
import { deckCards } from './cards.ts';
import { SPACES, UNITS } from './data/index.ts';
import { isScenario, matchRulesFrom, SCENARIOS } from './scenarios.ts';
import { OFFMAP, type PogState, RESERVE, type Side, type UnitState } from './types.ts';

/**
 * The Unit Setup chart for every scenario, August 1914. Each entry places the named armies or a
 * number of plain corps of one nation; `reduced` sets them up on their reduced side; `trench` puts
 * a level 1 trench of the nation's side in the space.
 */
interface Placement {
  nation: string;
  at: string;
  armies?: string[];
  corps?: number;
  reduced?: boolean;
  trench?: boolean;
  /** Special counters by id (the BEF corps). */
  units?: string[];
}

export const UNIT_SETUP: Placement[] = [
  // Britain
  { nation: 'br', at: RESERVE, corps: 1, units: ['br-corps-bef'] },
  { nation: 'br', at: 'brussels', armies: ['bef'], trench: true },
  { nation: 'br', at: 'port-said', corps: 1, reduced: true, trench: true },
  { nation: 'br', at: 'cairo', corps: 1, reduced: true, trench: true },
  { nation: 'br', at: 'basra', corps: 1, reduced: true, trench: true },
  // France
  { nation: 'fr', at: RESERVE, corps: 7 },
  { nation: 'fr', at: 'sedan', armies: ['5'] },
  { nation: 'fr', at: 'verdun', armies: ['3', '4'], trench: true },
  { nation: 'fr', at: 'nancy', armies: ['1', '2'], trench: true },
  { nation: 'fr', at: 'belfort', corps: 2, trench: true },
  { nation: 'fr', at: 'bar-le-duc', armies: ['9'], reduced: true },
  { nation: 'fr', at: 'paris', armies: ['6'], reduced: true, trench: true },
  { nation: 'fr', at: 'grenoble', corps: 1 },
  // Belgium, Montenegro, Serbia
  { nation: 'be', at: 'antwerp', armies: ['1'] },
  { nation: 'be', at: RESERVE, corps: 1 },
  { nation: 'mn', at: 'cetinje', corps: 1 },
  { nation: 'sb', at: RESERVE, corps: 2 },
  { nation: 'sb', at: 'belgrade', armies: ['1'] },
  { nation: 'sb', at: 'valjevo', armies: ['2'] },
  // Russia
  { nation: 'ru', at: RESERVE, corps: 5 },
  { nation: 'ru', at: 'riga', corps: 1, trench: true },
  { nation: 'ru', at: 'szawli', corps: 1 },
  { nation: 'ru', at: 'kovno', armies: ['1'] },
  { nation: 'ru', at: 'grodno', corps: 1 },
  { nation: 'ru', at: 'lomza', armies: ['2'] },
  { nation: 'ru', at: 'ivangorod', armies: ['4'] },
  { nation: 'ru', at: 'lublin', armies: ['5'] },
  { nation: 'ru', at: 'dubno', armies: ['3'] },
  { nation: 'ru', at: 'kamenets-podolski', armies: ['8'] },
  { nation: 'ru', at: 'lutsk', corps: 1 },
  { nation: 'ru', at: 'odessa', corps: 1, trench: true },
  { nation: 'ru', at: 'batum', corps: 1 },
  { nation: 'ru', at: 'kars', corps: 1 },
  { nation: 'ru', at: 'erivan', corps: 1 },
  // Austria-Hungary
  { nation: 'ah', at: RESERVE, corps: 4 },
  { nation: 'ah', at: 'cracow', corps: 1, trench: true },
  { nation: 'ah', at: 'tarnow', armies: ['1'] },
  { nation: 'ah', at: 'przemysl', armies: ['4'] },
  { nation: 'ah', at: 'tarnopol', armies: ['3'] },
  { nation: 'ah', at: 'czernowitz', corps: 1 },
  { nation: 'ah', at: 'stanislau', corps: 1 },
  { nation: 'ah', at: 'munkacs', armies: ['2'], reduced: true },
  { nation: 'ah', at: 'timisvar', corps: 1 },
  { nation: 'ah', at: 'novi-sad', armies: ['5'] },
  { nation: 'ah', at: 'sarajevo', armies: ['6'] },
  { nation: 'ah', at: 'trent', trench: true },
  { nation: 'ah', at: 'villach', corps: 1, trench: true },
  { nation: 'ah', at: 'trieste', trench: true },
  // Germany
  { nation: 'ge', at: RESERVE, corps: 8 },
  { nation: 'ge', at: 'bremen', corps: 1, reduced: true },
  { nation: 'ge', at: 'aachen', armies: ['1'] },
  { nation: 'ge', at: 'koblenz', armies: ['2', '3'] },
  { nation: 'ge', at: 'metz', armies: ['4', '5'], trench: true },
  { nation: 'ge', at: 'strasbourg', armies: ['6'] },
  { nation: 'ge', at: 'mulhouse', armies: ['7'], reduced: true, trench: true },
  { nation: 'ge', at: 'konigsberg', trench: true },
  { nation: 'ge', at: 'insterberg', armies: ['8'], corps: 1 },
  { nation: 'ge', at: 'oppeln', corps: 1, reduced: true },
];

/** Nations not at war in August 1914: their units stay off the map and their spaces closed (4.2.2, 11.1.11). */
export const NEUTRAL_AT_START = ['it', 'tu', 'bu', 'ro', 'gr', 'pe', 'us'];

/** Plain corps of a nation ("GE Corps"), in table order: the pool setups and reinforcements draw on. */
export function plainCorps(nation: string): string[] {
  const pattern = new RegExp(`^${nation}-corps-\\d+$`);
  return UNITS.filter((u) => pattern.test(u.id)).map((u) => u.id);
}

export function shuffleInPlace<T>(items: T[], rng: RngState): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rollInPlace(rng, i + 1) - 1;
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

export const INTRODUCTORY = 'introductory';

export function baseState(scenario: string, options: JsonObject, seed: string): PogState {
  const units: Record<string, UnitState> = {};
  for (const u of UNITS) units[u.id] = { loc: OFFMAP, reduced: false, oos: false };
  const trenches: PogState['trenches'] = {};
  const corpsUsed = new Map<string, number>();
  for (const p of UNIT_SETUP) {
    for (const id of p.units ?? []) units[id] = { loc: p.at, reduced: !!p.reduced, oos: false };
    for (const a of p.armies ?? [])
      units[`${p.nation}-army-${a}`] = { loc: p.at, reduced: !!p.reduced, oos: false };
    for (let i = 0; i < (p.corps ?? 0); i++) {
      const used = corpsUsed.get(p.nation) ?? 0;
      const id = plainCorps(p.nation)[used];
      if (!id) throw new Error(`the setup needs more ${p.nation} corps than exist`);
      corpsUsed.set(p.nation, used + 1);
      units[id] = { loc: p.at, reduced: !!p.reduced, oos: false };
    }
    if (p.trench) trenches[p.at] = { side: p.nation === 'ge' || p.nation === 'ah' ? 'cp' : 'ap', level: 1 };
  }
  if (!isScenario(scenario)) throw new Error(`Paths of Glory has no scenario ${scenario}`);
  const rules = matchRulesFrom(scenario, options);
  if (rules.historical) {
    // 5.7.1.1-5.7.1.2 (the Italian trenches of 5.7.1.3 come with Italy's entry).
    trenches.strasbourg = { side: 'cp', level: 1 };
    delete trenches.brussels;
  }
  const control: Record<string, Side> = {};
  for (const s of SPACES) control[s.id] = s.faction;
  const optionalCards = options.optionalCards === true;
  const optionalRules = (['turkishInternalSupply', 'straitsInNearEast', 'nonTurkishCorps'] as const).filter(
    (r) => options[r] === true,
  );
  const rng = rngFromSeed(seed);
  const apDraw = deckCards('ap', optionalCards, 'mobilization');
  shuffleInPlace(apDraw, rng);
  // 9.1.4 (optional) with the optional cards; 5.7.4.1 in the historical scenario.
  const handSize = optionalCards || rules.historical ? 8 : 7;
  const apHand = apDraw.splice(0, handSize);
  return {
    game: 'paths-of-glory',
    scenario,
    seats: ['ap', 'cp'],
    optionalCards,
    ...(optionalRules.length > 0 ? { optionalRules } : {}),
    turn: 1,
    lastTurn: SCENARIOS[scenario].lastTurn,
    actions: { ap: [], cp: [] },
    vp: 10,
    warStatus: { ap: 0, cp: 0 },
    units,
    control,
    trenches,
    destroyedForts: [],
    neutral: [...NEUTRAL_AT_START],
    decks: {
      ap: { draw: apDraw, hand: apHand, discard: [], removed: [], table: [] },
      // The Central Powers' hand is dealt once they have chosen about Guns of August (4.3.1).
      cp: {
        draw: deckCards('cp', optionalCards, 'mobilization'),
        hand: [],
        discard: [],
        removed: [],
        table: [],
      },
    },
    played: [],
    reinforced: [],
    turnFlags: [],
    rp: {},
    mandates: { ap: { nation: null, made: true }, cp: { nation: null, made: true } },
    usedThisRound: [],
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    phase: { kind: 'gunsOfAugust' },
    outcome: null,
    rng,
  };
}

export const handSizeOf = (state: PogState) => (state.optionalCards || state.rules?.historical ? 8 : 7);
