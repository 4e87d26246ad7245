import type { ScenarioInfo, ScenarioOption } from '@salient/engine';

const SEATS = [
  { id: 'cp', name: 'Central Powers' },
  { id: 'ap', name: 'Allied Powers' },
];

/** The options every scenario offers: the optional cards and the seed's optional Near East rules. */
const COMMON_OPTIONS: ScenarioOption[] = [
  { id: 'optionalCards', label: 'Optional cards (#56-#65) and eight-card hands', values: [false, true] },
  { id: 'turkishInternalSupply', label: 'Optional 11.3.3: Turkish internal supply', values: [false, true] },
  {
    id: 'straitsInNearEast',
    label: 'Optional 11.3.4: Constantinople and Bursa on the Near East map',
    values: [false, true],
  },
  {
    id: 'nonTurkishCorps',
    label: 'Optional 11.3.5: non-Turkish Central Powers corps in the Near East',
    values: [false, true],
  },
];

/** The options of the full-length scenarios (5.6, 5.7, the living rules' 11.2.10). */
const WAR_OPTIONS: ScenarioOption[] = [
  { id: 'tournament', label: '5.6 Tournament rules: draws count as Allied wins', values: [false, true] },
  {
    id: 'bid',
    label:
      '5.6.1 Tournament bid: VP ceded to the Allies (negative: to the Central Powers), counted at the end',
    values: [0, 1, 2, 3, 4, -1, -2, -3, -4],
  },
  { id: 'historical', label: '5.7 Historical scenario changes', values: [false, true] },
  {
    id: 'trenchRollModifier',
    label: 'Optional 11.2.10 (living rules): -1 on the next round after a failed dig',
    values: [false, true],
  },
];

export const SCENARIO_LIST: ScenarioInfo[] = [
  {
    id: 'introductory',
    name: 'Introductory (1914)',
    description:
      'August to Fall 1914 with the mobilization cards only: the opening campaigns in the west and the east. Central Powers win at 14 VP or more, the Allies at 10 or fewer.',
    seats: SEATS,
    options: COMMON_OPTIONS,
  },
  {
    id: 'limited',
    name: 'Limited War (1914-1916)',
    description:
      'August 1914 to Summer 1916 with the Mobilization and Limited War cards; it ends early once either side reaches Total War. Central Powers win at 17 VP or more, the Allies at 12 or fewer.',
    seats: SEATS,
    options: [...COMMON_OPTIONS, ...WAR_OPTIONS],
  },
  {
    id: 'campaign',
    name: 'Campaign (1914-1918)',
    description:
      'The whole war, August 1914 to Winter 1919, with all the cards. Central Powers win at 13 VP or more (11 after Brest-Litovsk), the Allies at 9 or fewer.',
    seats: SEATS,
    options: [...COMMON_OPTIONS, ...WAR_OPTIONS],
  },
];
