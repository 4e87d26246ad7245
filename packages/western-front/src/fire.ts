import type { EventLog, HexId } from '@salient/engine';
import { grid, hexesBeyond } from './grid.ts';
import { killStep, suppress } from './losses.ts';
import { canSee } from './sight.ts';
import { inGas, isCommand, onTable, terrainAt } from './stands.ts';
import {
  FIRE_TABLE,
  INFANTRY_SHORT_RANGE,
  MG_BEATEN_ZONE,
  MG_SHORT_RANGE,
  OPEN_SIGHTS_FAR,
  OPEN_SIGHTS_MID,
  rangeOf,
  weaponOf,
} from './tables.ts';
import type { Cover, Readable, Stand, Weapon, WfState } from './types.ts';

/** One modifier with its reason, so the log and the preview can say why. */
export type Factor = { label: string; value: number };

/** Whether a weapon fires indirectly (mortars): it needs a friendly stand, not itself, to see. */
export function firesIndirect(firer: Stand): boolean {
  return firer.kind === 'lightMortar' || firer.kind === 'mediumMortar';
}

/**
 * Direct-fire factors for a shot. `first` is false for the later targets of a machine gun's beaten
 * zone, which do not get the short-range bonus. The last three are designed (the playsheet's values
 * for them are lost): -1 for firing at a command stand, -1 for raw firers, -1 for firers in gas.
 */
export function fireFactors(state: Readable, firer: Stand, target: Stand, first: boolean): Factor[] {
  const d = grid.distance(firer.hex!, target.hex!);
  const out: Factor[] = [];
  if (firer.kind === 'mg' && first && d <= MG_SHORT_RANGE) out.push({ label: 'MG at short range', value: 2 });
  if (weaponOf(firer.kind) === 'infantry' && d <= INFANTRY_SHORT_RANGE)
    out.push({ label: 'Infantry at short range', value: 1 });
  if (firer.kind === 'fieldGun' || firer.kind === 'howitzer') {
    const sights = openSightsFactor(d);
    if (sights !== null) out.push(sights);
  }
  if (isCommand(target)) out.push({ label: 'Firing at a command stand', value: -1 });
  if (firer.quality === 'raw') out.push({ label: 'Raw troops firing', value: -1 });
  if (inGas(state, firer.hex)) out.push({ label: 'Firer in gas', value: -1 });
  return out;
}

/**
 * Field artillery over open sights: -1 from a 100 cm gap (21 hexes), -2 from a 150 cm gap (31 hexes).
 * The longest line on our 24 x 18 table is 29 hexes, so the -2 band cannot occur there (ruling 50).
 */
export function openSightsFactor(d: number): Factor | null {
  if (d >= OPEN_SIGHTS_FAR) return { label: 'Open sights, 150-200 cm', value: -2 };
  if (d >= OPEN_SIGHTS_MID) return { label: 'Open sights, 100-150 cm', value: -1 };
  return null;
}

export function coverOf(state: Readable, hex: HexId): Cover {
  return terrainAt(state, hex).cover;
}

/** Chances (in sixths) of a kill and of a suppression only, for a total of d6 + modifier. */
export function odds(weapon: Weapon, cover: Cover, modifier: number): { kill: number; suppress: number } {
  const [sup, kill] = FIRE_TABLE[weapon][cover];
  const atLeast = (n: number) => Math.max(0, Math.min(6, 7 - (n - modifier)));
  const k = kill === null ? 0 : atLeast(kill);
  return { kill: k / 6, suppress: (atLeast(sup) - k) / 6 };
}

/** Why `firer` may not fire at `target` now, or null. */
export function fireProblem(state: Readable, firer: Stand, target: Stand): string | null {
  if (weaponOf(firer.kind) === null) return `${firer.name} has no weapon to fire`;
  if (firer.gun === 'limbered') return `${firer.name} is limbered up: unlimber it to fire`;
  if (target.hex === null || target.side === firer.side)
    return 'the target must be an enemy stand on the table';
  const d = grid.distance(firer.hex!, target.hex);
  if (d > rangeOf(firer.kind)) return `${target.name} is out of range`;
  if (firesIndirect(firer)) {
    const spotted = onTable(state, firer.side).some((s) => canSee(state, s.hex!, target.hex!));
    return spotted ? null : `no friendly stand sees ${target.name}`;
  }
  return canSee(state, firer.hex!, target.hex)
    ? null
    : `${firer.name} has no line of sight to ${target.name}`;
}

export type ShotResult = 'kill' | 'suppress' | 'miss';

/** Resolves one roll on the firing table against one stand. */
export function resolveShot(
  state: WfState,
  log: EventLog,
  weapon: Weapon,
  target: Stand,
  factors: Factor[],
  source: string,
): ShotResult {
  const cover = coverOf(state, target.hex!);
  const [sup, kill] = FIRE_TABLE[weapon][cover];
  const modifier = factors.reduce((a, f) => a + f.value, 0);
  const die = log.die('fire', `${source} at ${target.name} (${cover} cover)`);
  const total = die + modifier;
  target.firedOn = true;
  const result: ShotResult = kill !== null && total >= kill ? 'kill' : total >= sup ? 'suppress' : 'miss';
  log.add({
    type: 'shot',
    text: `${source} at ${target.name}: ${die}${modifier !== 0 ? ` ${modifier > 0 ? '+' : ''}${modifier} = ${total}` : ''}, ${result === 'miss' ? 'no effect' : result === 'kill' ? 'a kill' : 'suppressed'}${kill === null && result !== 'kill' && total >= sup + 1 ? ' (only an assault can clear it)' : ''}`,
    target: target.id,
    die,
    total,
    result,
    factors: factors.map((f) => `${f.label} ${f.value > 0 ? '+' : ''}${f.value}`),
  });
  if (result === 'kill') killStep(state, log, target, source);
  else if (result === 'suppress') suppress(state, log, target, source);
  return result;
}

/**
 * A fire action: one roll against the target. A machine gun then sweeps its beaten zone: every enemy
 * stand up to 15 cm (3 hexes) beyond the first target on the line of fire, within range and sight
 * of the gun, takes a roll of its own without the short-range bonus.
 */
export function fire(state: WfState, log: EventLog, firer: Stand, target: Stand): void {
  const weapon = weaponOf(firer.kind)!;
  const targetHex = target.hex!;
  resolveShot(state, log, weapon, target, fireFactors(state, firer, target, true), firer.name);
  if (firer.kind !== 'mg') return;
  for (const hex of hexesBeyond(firer.hex!, targetHex, MG_BEATEN_ZONE)) {
    if (grid.distance(firer.hex!, hex) > rangeOf(firer.kind) || !canSee(state, firer.hex!, hex)) break;
    for (const s of state.stands.filter((x) => x.hex === hex && x.side !== firer.side)) {
      resolveShot(state, log, weapon, s, fireFactors(state, firer, s, false), `${firer.name} (beaten zone)`);
    }
  }
}
