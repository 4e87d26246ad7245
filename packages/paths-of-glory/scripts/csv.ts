/**
 * Reading the reference tables: a small CSV reader (quoted fields may hold commas and doubled
 * quotes) and one parser per table that turns rows into the typed records of src/data/types.ts.
 * Shared by the generator and by the test that checks the generated data against the tables.
 */
import type {
  CardData,
  Commitment,
  ConnectionData,
  CrossingMark,
  Nation,
  RpNation,
  RpType,
  Side,
  SpaceData,
  Terrain,
  UnitData,
} from '../src/data/types.ts';

export type Row = Record<string, string>;

export function readCsv(text: string): Row[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Lower case ASCII with dashes: "Kamenets-Podolski" -> "kamenets-podolski", "Bar le Duc" -> "bar-le-duc". */
export function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const flag = (v: string | undefined) => v === 'TRUE';
const int = (v: string | undefined) => (v === undefined || v === '' ? 0 : Number.parseInt(v, 10));
const side = (v: string | undefined): Side => {
  if (v !== 'ap' && v !== 'cp') throw new Error(`not a side: ${v}`);
  return v;
};

const BOX_NAMES = new Set(['AP Reserve Box', 'CP Reserve Box', 'AP Eliminated Box', 'CP Eliminated Box']);

/** The spaces of both maps; the four off-map boxes of the same table are left out (they are no spaces). */
export function parseSpaces(rows: Row[]): { spaces: SpaceData[]; idByNum: Map<number, string> } {
  const spaces: SpaceData[] = [];
  const idByNum = new Map<number, string>();
  for (const r of rows) {
    if (BOX_NAMES.has(r.name ?? '')) continue;
    const id = slug(r.name!);
    if ([...idByNum.values()].includes(id)) throw new Error(`two spaces share the id ${id}`);
    const num = int(r.id);
    idByNum.set(num, id);
    spaces.push({
      id,
      num,
      map: r.map === 'neareast' ? 'neareast' : 'europe',
      name: r.name!,
      x: int(r.x),
      y: int(r.y),
      w: int(r.w),
      h: int(r.h),
      nation: r.nation as Nation,
      faction: side(r.faction),
      terrain: (r.terrain || 'clear') as Terrain,
      supplySource: flag(r.supply),
      vp: r.vp === '1',
      fort: int(r.fort),
      apPort: flag(r.apport),
      cpPort: flag(r.cpport),
      capital: flag(r.capital),
    });
  }
  return { spaces, idByNum };
}

export function parseConnections(rows: Row[], idByNum: Map<number, string>): ConnectionData[] {
  return rows.map((r) => {
    const a = idByNum.get(int(r.a));
    const b = idByNum.get(int(r.b));
    if (!a || !b) throw new Error(`connection ${r.a}-${r.b} names an unknown space`);
    const nations = (r.nations ?? '')
      .split(/[ |;]+/)
      .filter((n) => n !== '')
      .map((n) => n as CrossingMark);
    return { a, b, nations };
  });
}

/** The nation prefix printed on corps counters ("GE Corps", "A-H Corps"). */
const CORPS_PREFIX: Record<string, string> = {
  ah: 'A-H',
  be: 'BE',
  br: 'BR',
  bu: 'BU',
  fr: 'FR',
  ge: 'GE',
  gr: 'GR',
  it: 'IT',
  mn: 'MN',
  ro: 'RO',
  ru: 'RU',
  sb: 'SB',
  sn: 'SN',
  tu: 'TU',
  us: 'US',
};

/**
 * Unit ids: `ge-army-1`, `br-army-bef`; corps `ge-corps-1` .. `ge-corps-19` numbered in table order,
 * special corps by their mark (`br-corps-bef`, `ru-corps-cavalry-2`, `ge-corps-pol-1`).
 */
export function parseUnits(rows: Row[]): UnitData[] {
  const baseIds = rows.map((r) => {
    const nation = r.nation!;
    if (r.type === 'army') return `${nation}-army-${slug(r.name!.replace(/ Army$/, ''))}`;
    let mark = r.name!.replace(/ Corps$/, '');
    const prefix = CORPS_PREFIX[nation];
    if (prefix && mark.startsWith(`${prefix} `)) mark = mark.slice(prefix.length + 1);
    else if (mark === prefix) mark = '';
    return mark === '' ? `${nation}-corps` : `${nation}-corps-${slug(mark)}`;
  });
  const total = new Map<string, number>();
  for (const id of baseIds) total.set(id, (total.get(id) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const base = baseIds[i]!;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const id = (total.get(base) ?? 0) > 1 || base.endsWith('-corps') ? `${base}-${n}` : base;
    return {
      id,
      side: side(r.faction),
      nation: r.nation as Nation,
      name: r.name!,
      type: r.type === 'army' ? 'army' : 'corps',
      counter: r.counter!,
      cf: int(r.cf),
      lf: int(r.lf),
      mf: int(r.mf),
      reducedCf: int(r.rcf),
      reducedLf: int(r.rlf),
      reducedMf: int(r.rmf),
      notReplaceable: flag(r.notreplaceable),
      nearEast: flag(r.neareast),
      rpType: r.rptype ? (r.rptype as RpType) : null,
    };
  });
}

const RP_COLUMNS: [string, RpNation][] = [
  ['rp_a', 'a'],
  ['rp_br', 'br'],
  ['rp_fr', 'fr'],
  ['rp_it', 'it'],
  ['rp_ru', 'ru'],
  ['rp_ah', 'ah'],
  ['rp_bu', 'bu'],
  ['rp_ge', 'ge'],
  ['rp_tu', 'tu'],
];

export function parseCards(rows: Row[]): CardData[] {
  return rows.map((r) => {
    const s = side(r.faction);
    const num = int(r.num);
    const rp: Partial<Record<RpNation, number>> = {};
    for (const [column, nation] of RP_COLUMNS) if (r[column]) rp[nation] = int(r[column]);
    return {
      id: `${s}-${num}`,
      num,
      side: s,
      commitment: r.commitment as Commitment,
      ops: int(r.ops),
      sr: int(r.sr),
      removeAfterEvent: flag(r.remove),
      combatCard: flag(r.cc),
      warStatus: int(r.ws),
      rp,
      name: r.name!,
      event: r.event ? r.event : null,
      reinforcements: r.reinf ? { nation: r.reinf_nation as Nation, units: r.reinf.split('|') } : null,
      optional: num >= 56 && num <= 65,
    };
  });
}
