import { memo } from './cache.ts';
import { type Nation, SPACES, space } from './data/index.ts';
import { besieged, fortSide, intactFort } from './forts.ts';
import { MAP, mayCross } from './map.ts';
import { beachheadOf, mayUseBeachhead, openByBeachhead } from './mef.ts';
import { inTurkey, ruleOn } from './options.ts';
import type { Readable, Side } from './types.ts';
import { nationOf, occupancy, sideOf, unitsIn } from './units.ts';

/** Russia's allies in the east draw on Russian depots and Belgrade, never on London or by sea (14.2.2). */
const EASTERN: readonly string[] = ['ru', 'sb', 'ro'];
const TARANTO = 'taranto';

/**
 * Basra is a Persian space on our map, but the Unit Setup chart has the British hold it from the
 * start (a corps and a trench there): Persia's neutrality never closes it (see the rulings).
 */
const HELD_FROM_THE_START: readonly string[] = ['basra'];

export function isNeutralSpace(state: Readable, id: string): boolean {
  const nation = space(id).nation;
  if (!state.neutral.includes(nation) || HELD_FROM_THE_START.includes(id)) return false;
  // 9.5.2.4: after Salonika's limited entry only the Greek spaces holding Greek units stay closed.
  if (nation === 'gr' && state.played.includes('salonika'))
    return unitsIn(state, id).some((u) => nationOf(u) === 'gr');
  return true;
}

const CP_SOURCES = ['essen', 'breslau', 'sofia', 'constantinople'];
/** 13.1.12, 17.1.4.1: the sources of each nation's own part of the alliance. */
const RUSSIAN_SOURCES = SPACES.filter((s) => s.supplySource && s.nation === 'ru').map((s) => s.id);
const HOME_SOURCES: Partial<Record<Nation, readonly string[]>> = {
  ge: ['essen', 'breslau'],
  ah: ['essen', 'breslau'],
  tu: ['constantinople'],
  bu: ['sofia'],
  ru: RUSSIAN_SOURCES,
  ro: RUSSIAN_SOURCES,
};

/** 14.2.2: the Russian supply sources and Belgrade. */
const EASTERN_SOURCES = SPACES.filter(
  (s) => s.supplySource && (s.nation === 'ru' || s.id === 'belgrade'),
).map((s) => s.id);

/**
 * The sources a supply path may end at (14.2): Essen, Breslau, Sofia and Constantinople for the
 * Central Powers (14.2.1); the Russian sources and Belgrade for Russians, Serbs and Romanians
 * (14.2.2); London for the other Allied units (14.2.4); and for spaces (nation null) any of their
 * side's sources (14.2.5), Salonika included once it is an Allied space at war (14.2.3).
 */
function sources(state: Readable, side: Side, nation: Nation | null): string[] {
  const friendly = (id: string) => state.control[id] === side && !isNeutralSpace(state, id);
  if (side === 'cp') return CP_SOURCES.filter(friendly);
  if (nation === null) return ['london', ...EASTERN_SOURCES, 'salonika'].filter(friendly);
  if (EASTERN.includes(nation)) return EASTERN_SOURCES.filter(friendly);
  return ['london'].filter(friendly);
}

/** Ports a side may trace supply through by sea (14.1.4). */
function usablePort(state: Readable, side: Side, id: string): boolean {
  const s = space(id);
  if (state.control[id] !== side || isNeutralSpace(state, id)) return false;
  if (side === 'cp') return s.cpPort && (s.nation === 'ge' || s.nation === 'ru') && !besieged(state, id);
  if (s.nation === 'ge' || s.nation === 'ru') return false;
  if (id === 'constantinople' && state.control.gallipoli !== 'ap') return false;
  return s.apPort && !besieged(state, id);
}

/**
 * The spaces a side's supply flows through for units of a nation (null: any nation, used for the
 * attrition of spaces, 14.2.5). A supply path runs through friendly, non-neutral spaces free of enemy
 * units (a besieged enemy fort does not stop it), over dotted lines only where the nation may cross,
 * and may jump by sea between usable ports (14.1.2-14.1.4).
 */
export function supplyNetwork(
  state: Readable,
  side: Side,
  nation: Nation | null,
  beachhead = false,
  only?: readonly string[],
  avoid?: Nation,
): Set<string> {
  const occupied = occupancy(state);
  const enemyIn = (id: string) => (occupied.get(id) ?? []).some((u) => sideOf(u) !== side);
  const passable = (id: string) => {
    if (isNeutralSpace(state, id) || enemyIn(id)) return false;
    if (avoid !== undefined && space(id).nation === avoid) return false;
    if (state.control[id] === side)
      return !(intactFort(state, id) && fortSide(id) !== side && !besieged(state, id));
    return intactFort(state, id) && fortSide(id) !== side && besieged(state, id);
  };
  const eastern = nation !== null && EASTERN.includes(nation);
  const cross = (a: string, b: string) =>
    nation === null ||
    mayCross(a, b, nation) ||
    (eastern && mayCross(a, b, 'ru')) ||
    (beachhead && openByBeachhead(state, a, b));
  // 9.2.7.1: the beachhead is an Allied port only for the units that may use it.
  const port = (id: string) => usablePort(state, side, id) || (beachhead && id === beachheadOf(state));
  const reached = new Set<string>();
  const queue: string[] = [];
  const reach = (id: string) => {
    if (reached.has(id) || !passable(id)) return;
    reached.add(id);
    queue.push(id);
  };
  for (const s of only
    ? sources(state, side, nation).filter((x) => only.includes(x))
    : sources(state, side, nation))
    reach(s);
  let seaUsed = eastern;
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (!seaUsed && port(id)) {
      seaUsed = true;
      for (const p of SPACES) if (port(p.id)) reach(p.id);
    }
    for (const n of MAP.neighbors(id)) if (cross(id, n)) reach(n);
  }
  return reached;
}

/** A memo of supply networks for one unchanging state (choices, views, one resolution step). */
export class Supply {
  private readonly nets = new Map<string, Set<string>>();
  constructor(private readonly state: Readable) {}

  network(side: Side, nation: Nation | null, beachhead = false): Set<string> {
    const key = `${side}:${nation === null ? '*' : EASTERN.includes(nation) ? 'east' : nation}${beachhead ? ':mef' : ''}`;
    let net = this.nets.get(key);
    if (!net) {
      net = supplyNetwork(this.state, side, nation, beachhead);
      this.nets.set(key, net);
    }
    return net;
  }

  /**
   * 13.1.12, 17.1.4.1: whether a unit of this nation at `at` traces supply to a source of its own
   * part of the alliance: Germans and Austro-Hungarians to Essen or Breslau, Turks to Constantinople,
   * Bulgarians to Sofia, Russians and Romanians to the Russian sources. Units that trace only to
   * another (Sofia or Constantinople for the Germans, Belgrade for the Russians...) neither use the
   * reserve box by SR nor take replacements. Other nations: their ordinary supply.
   */
  homeSuppliedAt(side: Side, nation: Nation, at: string): boolean {
    const home = HOME_SOURCES[nation];
    if (!home) return this.suppliedAt(side, nation, at);
    const key = `home:${nation}`;
    let net = this.nets.get(key);
    if (!net) {
      net = supplyNetwork(this.state, side, nation, false, home);
      this.nets.set(key, net);
    }
    return this.tracesInto(net, nation, at, false);
  }

  homeSupplied(id: string): boolean {
    const loc = this.state.units[id]!.loc;
    if (!MAP.has(loc)) return true;
    return this.homeSuppliedAt(sideOf(id), nationOf(id), loc);
  }

  /**
   * 7.1.6: an Allied unit outside Italy that traces supply only through a space in Italy: supplied,
   * but not once every Italian space is taken out of its supply paths (ruling 75). Montenegrins and
   * Serbs in Serbia, always supplied, never do.
   */
  throughItaly(id: string): boolean {
    const loc = this.state.units[id]!.loc;
    if (sideOf(id) !== 'ap' || !MAP.has(loc) || space(loc).nation === 'it') return false;
    const nation = nationOf(id);
    if (nation === 'mn' || (nation === 'sb' && space(loc).nation === 'sb')) return false;
    if (!this.suppliedAt('ap', nation, loc)) return false;
    const key = `ap:${EASTERN.includes(nation) ? 'east' : nation}:without-it`;
    let net = this.nets.get(key);
    if (!net) {
      net = supplyNetwork(this.state, 'ap', nation, false, undefined, 'it');
      this.nets.set(key, net);
    }
    return !this.tracesInto(net, nation, loc, false);
  }

  /** Whether a unit of this side and nation standing at `at` can trace supply (14.1). */
  suppliedAt(side: Side, nation: Nation, at: string, beachhead = false): boolean {
    if (nation === 'mn') return true;
    if (nation === 'sb' && space(at).nation === 'sb') return true;
    return this.tracesInto(this.network(side, nation, beachhead), nation, at, beachhead);
  }

  private tracesInto(net: Set<string>, nation: Nation, at: string, beachhead: boolean): boolean {
    if (net.has(at)) return true;
    const eastern = EASTERN.includes(nation);
    return MAP.neighbors(at).some(
      (n) =>
        net.has(n) &&
        (mayCross(at, n, nation) ||
          (eastern && mayCross(at, n, 'ru')) ||
          (beachhead && openByBeachhead(this.state, at, n))),
    );
  }

  /**
   * 11.3.3 (optional): the spaces in Turkey that trace, through Central Powers spaces in Turkey free
   * of enemy units, to a Central Powers VP space there (Medina included).
   */
  turkishNetwork(): Set<string> {
    const key = 'cp:turkey';
    let net = this.nets.get(key);
    if (!net) {
      const state = this.state;
      const occupied = occupancy(state);
      const passable = (id: string) =>
        inTurkey(state, id) &&
        state.control[id] === 'cp' &&
        !(occupied.get(id) ?? []).some((u) => sideOf(u) !== 'cp');
      const found = new Set<string>();
      const queue = SPACES.filter((sp) => sp.vp && passable(sp.id)).map((sp) => sp.id);
      for (const q of queue) found.add(q);
      while (queue.length > 0) {
        const id = queue.shift()!;
        for (const n of MAP.neighbors(id)) {
          if (found.has(n) || !passable(n)) continue;
          found.add(n);
          queue.push(n);
        }
      }
      net = found;
      this.nets.set(key, net);
    }
    return net;
  }

  /** 11.3.3 (optional): a Central Powers unit in Turkey supplied only by the limited Turkish sources. */
  limitedOnly(id: string): boolean {
    const loc = this.state.units[id]!.loc;
    if (!ruleOn(this.state, 'turkishInternalSupply') || sideOf(id) !== 'cp' || !MAP.has(loc)) return false;
    if (!inTurkey(this.state, loc) || this.suppliedAt('cp', nationOf(id), loc)) return false;
    const net = this.turkishNetwork();
    return net.has(loc) || MAP.neighbors(loc).some((n) => net.has(n));
  }

  unitSupplied(id: string): boolean {
    const loc = this.state.units[id]!.loc;
    if (!MAP.has(loc)) return true;
    if (this.limitedOnly(id)) return true;
    // 14.1.5: the Arab Northern Army and the Senussi need no supply on the Near East map.
    if ((id === 'br-corps-ana' || nationOf(id) === 'sn') && space(loc).map === 'neareast') return true;
    if (this.suppliedAt(sideOf(id), nationOf(id), loc)) return true;
    return this.throughBeachhead(id);
  }

  /** Whether a unit is supplied only thanks to the MEF beachhead (9.2.7.1). */
  throughBeachhead(id: string): boolean {
    const loc = this.state.units[id]!.loc;
    if (beachheadOf(this.state) === null || !mayUseBeachhead(id) || !MAP.has(loc)) return false;
    return (
      !this.suppliedAt(sideOf(id), nationOf(id), loc) && this.suppliedAt(sideOf(id), nationOf(id), loc, true)
    );
  }

  /**
   * 11.1.12 (seed): Albanian spaces may also trace to Taranto, even while Italy is neutral. The
   * spaces from which an Allied path through Allied spaces free of Central Powers units reaches
   * Taranto (over the Taranto-Valona crossing; no sea leg).
   */
  tarantoNetwork(): Set<string> {
    const key = 'ap:taranto';
    let net = this.nets.get(key);
    if (!net) {
      const state = this.state;
      const occupied = occupancy(state);
      const open = (id: string) =>
        state.control[id] === 'ap' && !(occupied.get(id) ?? []).some((u) => sideOf(u) === 'cp');
      const passable = (id: string) => open(id) && (id === TARANTO || !isNeutralSpace(state, id));
      const found = new Set<string>();
      const queue = passable(TARANTO) ? [TARANTO] : [];
      for (const q of queue) found.add(q);
      while (queue.length > 0) {
        const id = queue.shift()!;
        for (const n of MAP.neighbors(id)) {
          if (found.has(n) || !passable(n)) continue;
          found.add(n);
          queue.push(n);
        }
      }
      net = found;
      this.nets.set(key, net);
    }
    return net;
  }

  /** A space, not a unit, tracing to any of its side's sources (attrition of control, 14.2.5, 14.3.6). */
  spaceSupplied(side: Side, at: string): boolean {
    const net = this.network(side, null);
    if (net.has(at) || MAP.neighbors(at).some((n) => net.has(n))) return true;
    if (side === 'ap' && space(at).nation === 'al') {
      const taranto = this.tarantoNetwork();
      if (taranto.has(at) || MAP.neighbors(at).some((n) => taranto.has(n))) return true;
    }
    if (side !== 'cp' || !ruleOn(this.state, 'turkishInternalSupply') || !inTurkey(this.state, at))
      return false;
    const turkish = this.turkishNetwork();
    return turkish.has(at) || MAP.neighbors(at).some((n) => turkish.has(n));
  }
}

/** The supply memo of a state, shared by every rule that asks within one unchanged position. */
export function supplyOf(state: Readable): Supply {
  return memo(state, 'supply', () => new Supply(state));
}
