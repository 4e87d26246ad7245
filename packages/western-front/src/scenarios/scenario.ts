import type { HexId, Region, ScenarioInfo, Seat, SideStyle } from '@salient/engine';
import type { BatteryKind, Quality, SosArea, StandKind, Terrain } from '../types.ts';

export type StandDef = {
  id: string;
  name: string;
  kind: StandKind;
  quality: Quality;
  battalion: string | null;
  regiment: string;
  supports?: string;
  hex: HexId | null;
  steps?: number;
  packed?: boolean;
  /** Field guns and howitzers start deployed unless this says limbered. */
  limbered?: boolean;
  arrives?: number;
  entry?: HexId;
};

export type BatteryDef = {
  id: string;
  name: string;
  kind: BatteryKind;
  regiment: string;
  aim: HexId | null;
  sos?: SosArea[];
};

export type ScenarioDef = {
  info: ScenarioInfo;
  lastTurn: number;
  home: Record<Seat, 'north' | 'south'>;
  firstSide: Seat;
  terrain: Record<HexId, Terrain>;
  roads: HexId[];
  wire: HexId[];
  regiments: { id: string; side: Seat; name: string }[];
  battalions: { id: string; side: Seat; name: string; regiment: string; quality: Quality }[];
  stands: Record<Seat, StandDef[]>;
  batteries: Record<Seat, BatteryDef[]>;
  staffMarkers: Record<Seat, number>;
  deepSuppression: Record<Seat, number[]>;
  gasReleases: Record<Seat, number>;
  wind: number | null;
  bombardment: { side: Seat; rounds: number } | null;
  objectives: Record<HexId, { name: string; vp: number; holder: Seat | null }>;
  victory: { attacker: Seat; needed: number };
  regions: Region[];
  sides: SideStyle[];
  /** Each side named as a people, for sentences: "Germans", "British", "Canadians". */
  people: Record<Seat, string>;
  /** A short historical note, shown in the rules document and the scenario description. */
  note: string;
};

/** Four companies of a battalion, named A-D or 1-4, with the same quality and platoon count. */
export function companies(
  prefix: string,
  battalion: string,
  regiment: string,
  quality: Quality,
  platoons: number,
  names: string[],
  hexes: HexId[],
  extra: Partial<StandDef> = {},
): StandDef[] {
  return names.map((name, i) => ({
    id: `${battalion}-${name.toLowerCase().replace(/\W+/g, '')}`,
    name: `${name} Coy, ${prefix}`,
    kind: 'company' as const,
    quality,
    battalion,
    regiment,
    hex: hexes[i] ?? null,
    steps: platoons,
    ...extra,
  }));
}

/** A row of hexes: columns from..to on one row. */
export function row(from: number, to: number, r: number): HexId[] {
  const out: HexId[] = [];
  for (let c = from; c <= to; c++) out.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
  return out;
}
