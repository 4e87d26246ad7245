import type { MarkerPresentation, PiecePresentation, Presentation, Seat } from '@salient/engine';
import { space, UNITS } from './data/index.ts';
import { ROUNDS } from './flow.ts';
import { besieged } from './forts.ts';
import { sideName, turnInfo } from './map.ts';
import { presentCards } from './presentCards.ts';
import { warTracks } from './presentWar.ts';
import { isNeutralSpace } from './supply.ts';
import { ELIMINATED, type PogView, RESERVE, type Side } from './types.ts';
import { unitLabel } from './units.ts';

/** What the generic board draws of a view: counters, boxes, trench and fort markers, control, tracks. */
export function presentView(view: PogView, _seat: Seat | null): Presentation {
  /** A unit's badges: out of supply, and the level of a trench of its own side where it stands. */
  const statesOf = (loc: string | null, oos: boolean, side: Side): string[] => {
    const out = oos ? ['out-of-supply'] : [];
    const trench = loc === null ? undefined : view.trenches[loc];
    if (trench?.side === side) out.push(`trench-${trench.level}`);
    return out;
  };
  const pieces: PiecePresentation[] = [];
  const stackIndex = new Map<string, number>();
  const boxes: Record<string, PiecePresentation[]> = {};
  for (const u of UNITS) {
    const st = view.units[u.id]!;
    const piece = (loc: string | null, index: number): PiecePresentation => ({
      id: u.id,
      loc,
      side: u.side,
      label: unitLabel(u),
      symbol: 'infantry',
      size: u.type === 'army' ? 'XXXX' : 'XXX',
      factors: st.reduced ? `${u.reducedCf}-${u.reducedLf}-${u.reducedMf}` : `${u.cf}-${u.lf}-${u.mf}`,
      reduced: st.reduced,
      stackIndex: index,
      ...(st.oos ? { note: 'out of supply' } : {}),
      states: statesOf(loc, st.oos, u.side),
    });
    if (st.loc === RESERVE || st.loc === ELIMINATED) {
      const box = `${u.side}-${st.loc}`;
      boxes[box] ??= [];
      boxes[box].push(piece(null, boxes[box].length));
      continue;
    }
    if (!view.units[u.id] || !isSpace(st.loc)) continue;
    const index = stackIndex.get(st.loc) ?? 0;
    stackIndex.set(st.loc, index + 1);
    pieces.push(piece(st.loc, index));
  }
  const markers: MarkerPresentation[] = [];
  for (const [s, t] of Object.entries(view.trenches))
    markers.push({
      loc: s,
      kind: 'trench',
      label: `Trench level ${t.level}`,
      short: `T${t.level}`,
      side: t.side,
    });
  for (const s of view.destroyedForts)
    markers.push({ loc: s, kind: 'fort-destroyed', label: 'Fort destroyed', short: 'F×' });
  for (const s of Object.keys(view.control))
    if (space(s).fort > 0 && besieged(view, s))
      markers.push({ loc: s, kind: 'besieged', label: 'Besieged', short: 'Siege' });
  const control: Record<string, Seat> = {};
  for (const [s, side] of Object.entries(view.control)) if (!isNeutralSpace(view, s)) control[s] = side;
  const mandate = (side: Side) => {
    const m = view.mandates[side];
    return m.nation === null ? 'none' : `${m.nation.toUpperCase()}${m.made ? ' (made)' : ''}`;
  };
  const rp = Object.entries(view.rp)
    .map(([n, v]) => `${n.toUpperCase()} ${v}`)
    .join(', ');
  return {
    pieces,
    markers,
    control,
    boxes: (['ap', 'cp'] as Side[]).flatMap((side) => [
      {
        id: `${side}-reserve`,
        label: `${sideName(side)} reserve box`,
        pieces: boxes[`${side}-reserve`] ?? [],
      },
      {
        id: `${side}-eliminated`,
        label: `${sideName(side)} eliminated units`,
        pieces: boxes[`${side}-eliminated`] ?? [],
      },
    ]),
    tracks: [
      { id: 'turn', label: 'Turn', value: `${view.turn} of ${view.lastTurn}: ${turnInfo(view.turn).name}` },
      {
        id: 'rounds',
        label: 'Action rounds used (CP / AP)',
        value: `${view.actions.cp.length} of ${ROUNDS} / ${view.actions.ap.length} of ${ROUNDS}`,
      },
      { id: 'vp', label: 'Victory points', value: String(view.vp) },
      {
        id: 'warStatus',
        label: 'War status (AP / CP)',
        value: `${view.warStatus.ap} / ${view.warStatus.cp}`,
      },
      {
        id: 'mandates',
        label: 'Mandated offensives (AP / CP)',
        value: `${mandate('ap')} / ${mandate('cp')}`,
      },
      { id: 'rp', label: 'Replacement points', value: rp || 'none' },
      {
        id: 'hands',
        label: 'Cards in hand (CP / AP)',
        value: `${view.decks.cp.handCount} / ${view.decks.ap.handCount}`,
      },
      ...warTracks(view),
    ],
    cards: presentCards(view),
  };
}

function isSpace(loc: string): boolean {
  try {
    space(loc);
    return true;
  } catch {
    return false;
  }
}
