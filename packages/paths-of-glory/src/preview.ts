import type { Action, Preview, Seat } from '@salient/engine';
import { handOf } from './cards.ts';
import {
  cardUsable,
  defendersOf,
  type FireSetup,
  fireSetup,
  retreatedFire,
  targetKind,
  trenchNegated,
  undefended,
} from './combat.ts';
import { card, space } from './data/index.ts';
import { sideName } from './map.ts';
import { attackTargets } from './operations.ts';
import { supplyOf } from './supply.ts';
import { columnLabel, fireResult } from './tables.ts';
import { type Combat, other, type PogView, type Readable, type Side } from './types.ts';
import { label, sideOf, unitsIn } from './units.ts';

/**
 * The combat dialog's figures before any die is rolled (12.2): both sides' strengths, tables and
 * columns, the column shifts of terrain and trenches, the cards' die modifiers, the chances of each
 * loss number and of who wins. Asked while an attack is declared, built, given cards or fought.
 */
export function previewAction(view: PogView, seat: Seat, action: Action): Preview | null {
  const phase = view.phase;
  if (phase.kind !== 'attack') return null;
  const side = phase.side;
  let combat: Combat;
  if (phase.combat === null) {
    if (action.type !== 'declareAttack' || typeof action.target !== 'string') return null;
    const attackers = attackTargets(view, side, phase.op).get(action.target);
    if (!attackers) return null;
    combat = {
      target: action.target,
      attackers,
      defenders: defendersOf(view, action.target, other(side), phase.op),
      spent: unitsIn(view, action.target).filter((u) => sideOf(u) !== side && phase.op.retreated.includes(u)),
      step: 'designate',
      pin: null,
      cards: { ap: [], cp: [] },
    };
  } else {
    combat = { ...phase.combat, cards: { ap: [...phase.combat.cards.ap], cp: [...phase.combat.cards.cp] } };
    if (action.type === 'addAttacker' && typeof action.unit === 'string')
      combat.attackers = [...combat.attackers, action.unit];
    if (action.type === 'combatCard' && typeof action.card === 'string')
      combat.cards[seat as Side].push(action.card);
  }
  if (combat.attackers.length === 0) return null;
  const defender = other(side);
  const kind = targetKind(view, combat.target, side);
  if (undefended(kind)) return emptyPreview(combat, side, kind === 'friendly');
  const { att, def, onDefender, onAttacker, attackerWins, defenderHolds } = combatOdds(view, combat, side);
  const mine = seat as Side;
  const usable = [...handOf(view, mine), ...view.decks[mine].table].filter(
    (c) => !combat.cards[mine].includes(c) && cardUsable(view, c, combat, mine, supplyOf(view)),
  );
  const facts = [
    { label: 'Target', value: space(combat.target).name },
    { label: 'Attackers', value: combat.attackers.map(label).join(', ') },
    { label: 'Defenders', value: combat.defenders.map(label).join(', ') || 'none' },
    { label: `${sideName(side)} fire`, value: fireLine(att) },
    { label: `${sideName(defender)} fire`, value: fireLine(def) },
    { label: `Loss on ${sideName(defender)}`, value: chanceLine(onDefender) },
    { label: `Loss on ${sideName(side)}`, value: chanceLine(onAttacker) },
    {
      label: 'Combat cards played',
      value: [...combat.cards[side], ...combat.cards[defender]].map((c) => card(c).name).join(', ') || 'none',
    },
    { label: 'Your playable combat cards', value: usable.map((c) => card(c).name).join(', ') || 'none' },
  ];
  const draw = Math.max(0, 1 - attackerWins - defenderHolds);
  return {
    title: `Attack on ${space(combat.target).name}`,
    facts,
    outcomes: [
      { label: `${sideName(side)} win (the defender retreats or loses its trench)`, chance: attackerWins },
      { label: `${sideName(defender)} hold`, chance: defenderHolds },
      { label: 'Equal losses: the defender holds', chance: draw },
    ],
  };
}

/**
 * 12.2.1: a space with neither enemy units nor an intact enemy fort is no combat: nothing is rolled,
 * the attackers win and (reduced ones too, 12.2.12) may advance into it.
 */
function emptyPreview(combat: Combat, side: Side, friendly: boolean): Preview {
  const name = space(combat.target).name;
  return {
    title: `Attack on ${name}`,
    facts: [
      { label: 'Target', value: name },
      { label: 'Attackers', value: combat.attackers.map(label).join(', ') },
      {
        label: 'Defenders',
        value: friendly ? 'none: only your own units stand there' : 'none, and no enemy fort',
      },
      { label: 'Combat', value: 'no combat roll: the space is undefended (12.2.1)' },
      {
        label: 'Result',
        value: `${sideName(side)} win; the attackers, reduced ones too, may advance into ${name}`,
      },
    ],
    outcomes: [{ label: `${sideName(side)} win without a roll and may advance`, chance: 1 }],
  };
}

export interface CombatOdds {
  att: FireSetup;
  def: FireSetup;
  /** The chance of each loss number on the defender and on the attacker. */
  onDefender: Map<number, number>;
  onAttacker: Map<number, number>;
  attackerWins: number;
  defenderHolds: number;
}

/**
 * Both sides' fire and the chances of the result, for simultaneous fire (12.2.7-12.2.10); defenders
 * that all retreated in earlier this action fire on their table's leftmost column (12.1.2 seed).
 */
export function combatOdds(state: Readable, combat: Combat, side: Side): CombatOdds {
  const defender = other(side);
  const noTrench = trenchNegated(combat.cards[side]);
  const att = fireSetup(
    state,
    'attacker',
    combat.attackers,
    combat.target,
    combat.cards[side],
    defender,
    false,
    noTrench,
  );
  const def =
    combat.defenders.length === 0 && combat.spent.length > 0
      ? retreatedFire(combat.spent, combat.cards[defender])
      : fireSetup(
          state,
          'defender',
          combat.defenders,
          combat.target,
          combat.cards[defender],
          defender,
          false,
          noTrench,
        );
  const onDefender = lossChances(att);
  const onAttacker = lossChances(def);
  let attackerWins = 0;
  let defenderHolds = 0;
  for (const [dl, pd] of onDefender)
    for (const [al, pa] of onAttacker) {
      if (dl > al) attackerWins += pd * pa;
      else if (al > dl) defenderHolds += pd * pa;
    }
  return { att, def, onDefender, onAttacker, attackerWins, defenderHolds };
}

/** The chance of each loss number over the six faces of the die. */
function lossChances(setup: FireSetup): Map<number, number> {
  const out = new Map<number, number>();
  for (let die = 1; die <= 6; die++) {
    const loss = fireResult(setup.table, setup.column, die, setup.drm);
    out.set(loss, (out.get(loss) ?? 0) + 1 / 6);
  }
  return out;
}

function fireLine(s: FireSetup): string {
  const shift =
    s.shift === 0
      ? 'no shift'
      : `${s.shift > 0 ? '+' : ''}${s.shift} column${Math.abs(s.shift) > 1 ? 's' : ''}`;
  const drm = s.drm ? `, ${s.drm > 0 ? '+' : ''}${s.drm} on the die` : '';
  return `strength ${s.strength} on the ${s.table.id === 'army' ? 'Army' : 'Corps'} table, column ${columnLabel(s.table, s.column)} (${shift}${drm})`;
}

function chanceLine(chances: Map<number, number>): string {
  return [...chances.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([loss, p]) => `${loss}: ${Math.round(p * 100)}%`)
    .join(', ');
}
