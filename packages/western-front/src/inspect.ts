import type {
  HexId,
  OverlayArea,
  OverlayLabel,
  OverlayLine,
  OverlayTone,
  Seat,
  Selection,
  SelectionOverlay,
} from '@salient/engine';
import { batteryTarget, templateAt } from './artillery.ts';
import { coverOf, fireFactors, fireProblem, firesIndirect, odds } from './fire.ts';
import { grid, hexesBeyond } from './grid.ts';
import { canSee } from './sight.ts';
import { batteryById, isCommand, onTable, standById } from './stands.ts';
import { COMMAND_RADIUS, MG_BEATEN_ZONE, rangeOf, weaponOf } from './tables.ts';
import type { Battery, Stand, WfView } from './types.ts';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * What the board draws for the player's selection (playsheet: command radius, ranges, line of sight,
 * the firing table's chances, artillery templates and SOS areas):
 * - a command stand: its 25 cm (5 hex) radius, and which stands of its battalion are outside it;
 * - a stand with a weapon: its range, the hexes in range it cannot see hatched, a line and the
 *   chance to suppress and to kill on every enemy stand it may fire at; once a target is chosen, the
 *   line to it and, for a machine gun, the beaten zone beyond;
 * - an off-table battery: its template at the aiming point (or at the point being chosen) and its
 *   pre-registered SOS areas.
 * The subject is the selected piece, else the stand or battery being ordered, else the first stand
 * in the hex under the cursor, so any stand on the map (an enemy's too) can be looked at.
 */
export function inspectView(view: WfView, seat: Seat | null, selection: Selection): SelectionOverlay | null {
  const subject = subjectOf(view, selection);
  if (subject === null) return null;
  if (!('hex' in subject)) return batteryOverlay(seat, subject, selection);
  if (subject.hex === null) return null;
  if (isCommand(subject)) return commandOverlay(view, seat, subject);
  if (weaponOf(subject.kind) !== null) return fireOverlay(view, subject, selection);
  return null;
}

function subjectOf(view: WfView, selection: Selection): Stand | Battery | null {
  if (selection.piece !== null) {
    const picked = standById(view, selection.piece) ?? batteryById(view, selection.piece);
    if (picked) return picked;
  }
  // A choice built from the panel names its stand (a commander's move) or belongs to the active unit.
  const named = typeof selection.draft?.unit === 'string' ? standById(view, selection.draft.unit) : undefined;
  if (named) return named;
  if (selection.draft !== null && view.phase.kind === 'orders' && view.phase.active) {
    const a = view.phase.active;
    const unit = a.battery ? batteryById(view, a.unit) : standById(view, a.unit);
    if (unit) return unit;
  }
  if (selection.loc !== null) {
    const here = view.stands.filter((s) => s.hex === selection.loc);
    return here.find(isCommand) ?? here[0] ?? null;
  }
  return null;
}

function toneOf(seat: Seat | null, side: Seat): OverlayTone {
  return seat === null || seat === side ? 'own' : 'enemy';
}

function commandOverlay(view: WfView, seat: Seat | null, cmd: Stand): SelectionOverlay {
  const radius = grid.within(cmd.hex!, COMMAND_RADIUS);
  const inside = new Set(radius);
  const labels: OverlayLabel[] = [];
  let outside = 0;
  if (cmd.kind === 'bnCommander') {
    for (const s of onTable(view).filter((x) => x.battalion === cmd.battalion && x.id !== cmd.id)) {
      if (inside.has(s.hex!)) continue;
      outside++;
      labels.push({ loc: s.hex!, text: 'beyond radius: -1', tone: 'danger' });
    }
  }
  const whose =
    cmd.kind === 'bnCommander'
      ? `${outside} stand${outside === 1 ? '' : 's'} of the battalion beyond it (-1 to their orders)`
      : "only a battalion commander's radius changes order rolls";
  return {
    caption: `${cmd.name}: command radius 25 cm (${COMMAND_RADIUS} hexes); ${whose}.`,
    areas: [
      {
        id: 'command-radius',
        label: `Command radius of ${cmd.name}`,
        // A copy: the grid shares its list with every other caller.
        locs: [...radius],
        style: 'outline',
        tone: toneOf(seat, cmd.side),
      },
    ],
    lines: [],
    labels,
  };
}

function fireOverlay(view: WfView, firer: Stand, selection: Selection): SelectionOverlay {
  const weapon = weaponOf(firer.kind)!;
  const range = rangeOf(firer.kind);
  const reach = grid.within(firer.hex!, range);
  const indirect = firesIndirect(firer);
  const eyes = indirect ? onTable(view, firer.side).map((s) => s.hex!) : [firer.hex!];
  const hidden = reach.filter((h) => !eyes.some((e) => canSee(view, e, h)));
  const chosen =
    selection.draft?.type === 'fire' && typeof selection.draft.target === 'string'
      ? standById(view, selection.draft.target)
      : undefined;
  const lines: OverlayLine[] = [];
  const labels: OverlayLabel[] = [];
  let targets = 0;
  for (const t of onTable(view)) {
    if (t.side === firer.side || fireProblem(view, firer, t) !== null) continue;
    targets++;
    const modifier = fireFactors(view, firer, t, true).reduce((a, f) => a + f.value, 0);
    const o = odds(weapon, coverOf(view, t.hex!), modifier);
    const suppress = o.suppress + o.kill;
    const text = `S ${pct(suppress)} K ${pct(o.kill)}`;
    if (!labels.some((l) => l.loc === t.hex)) labels.push({ loc: t.hex!, text, tone: 'enemy' });
    if (chosen && chosen.id !== t.id) continue;
    if (!lines.some((l) => l.to === t.hex))
      lines.push({
        from: firer.hex!,
        to: t.hex!,
        style: chosen ? 'solid' : 'dashed',
        tone: 'danger',
        label: `${t.name}: suppress ${pct(suppress)}, kill ${pct(o.kill)}`,
      });
  }
  const areas: OverlayArea[] = [
    {
      id: 'range',
      label: `Range of ${firer.name}: ${range} hexes`,
      locs: [...reach],
      style: 'outline',
      tone: 'info',
    },
    {
      id: 'no-sight',
      label: indirect ? 'Seen by no friendly stand' : `Out of ${firer.name}'s line of sight`,
      locs: hidden,
      style: 'hatch',
      tone: 'info',
    },
  ];
  if (chosen?.hex && firer.kind === 'mg') {
    const zone = hexesBeyond(firer.hex!, chosen.hex, MG_BEATEN_ZONE).filter(
      (h) => reach.includes(h) && canSee(view, firer.hex!, h),
    );
    areas.push({
      id: 'beaten-zone',
      label: 'Beaten zone (15 cm)',
      locs: zone,
      style: 'tint',
      tone: 'danger',
    });
  }
  const chance = chosen ? labels.find((l) => l.loc === chosen.hex)?.text : undefined;
  return {
    caption: chosen
      ? `${firer.name} at ${chosen.name}: ${chance ?? 'no shot'} (S: suppress or kill, K: kill).`
      : firer.gun === 'limbered'
        ? `${firer.name} is limbered up: it must unlimber (one action) before it can fire; range when deployed ${range} hexes.`
        : `${firer.name}: range ${range} hexes, ${hidden.length} hexes in range out of sight (hatched), ${targets} target${targets === 1 ? '' : 's'}; S is the chance to suppress or kill, K to kill.`,
    areas,
    lines,
    labels,
  };
}

function batteryOverlay(seat: Seat | null, battery: Battery, selection: Selection): SelectionOverlay {
  const aimAt =
    selection.draft?.type === 'redirect' && typeof selection.draft.to === 'string'
      ? selection.draft.to
      : null;
  const template: HexId[] = aimAt !== null ? templateAt(aimAt) : batteryTarget(battery);
  const areas: OverlayArea[] = [
    {
      id: 'template',
      label: `${battery.name}: ${aimAt !== null ? 'new aiming point' : 'template at the aiming point'}`,
      locs: template,
      style: 'tint',
      tone: 'danger',
    },
    ...battery.sos.map(
      (a): OverlayArea => ({
        id: `sos-${a.id}`,
        label: `SOS area ${a.name}`,
        locs: [...a.hexes],
        style: 'hatch',
        tone: toneOf(seat, battery.side),
      }),
    ),
  ];
  const labels: OverlayLabel[] = battery.sos.map((a) => ({
    loc: a.hexes[0],
    text: `SOS ${a.name}`,
    tone: toneOf(seat, battery.side),
  }));
  return {
    caption: `${battery.name}: ${template.length > 0 ? `fires on ${template.join(', ')}` : 'no aiming point yet'}; ${battery.sos.length} SOS area${battery.sos.length === 1 ? '' : 's'} hatched.`,
    areas,
    lines: [],
    labels,
  };
}
