import type { Choice, ChoiceOption, Policy } from '@salient/engine';
import { grid } from './grid.ts';
import { isCommand } from './stands.ts';
import type { Readable, WfState } from './types.ts';

/** Keeps only one option of a choice's single parameter: the bot's pick among them. */
function only(choice: Choice, option: ChoiceOption): Choice {
  const param = choice.params[0]!;
  return { ...choice, params: [{ ...param, options: [option] } as Choice['params'][number]] };
}

function options(choice: Choice): ChoiceOption[] {
  const param = choice.params[0];
  return param && param.kind === 'one' ? param.options : [];
}

/** Where a side's troops are heading: the objectives it does not hold, else all of them. */
export function goals(state: Readable, side: string): string[] {
  const all = Object.entries(state.objectives);
  const wanted = all.filter(([, o]) => o.holder !== side).map(([h]) => h);
  return wanted.length > 0 ? wanted : all.map(([h]) => h);
}

export function nearest(from: string, targets: string[]): number {
  return targets.reduce((m, t) => Math.min(m, grid.distance(from, t)), 99);
}

/**
 * A player with a purpose, for random games that look like battles: it orders every unit, fires at
 * the likeliest kill, assaults when it can, the attacker advances on the objectives, the defender
 * mostly holds and shoots, commanders follow their troops. Each preference is taken at random
 * often enough that every rule still gets exercised.
 */
export const purposefulPlayer: Policy = (choices, seat, raw, pick) => {
  const state = raw as WfState;
  const by = (action: string) => choices.filter((c) => c.action === action);
  const attacking = state.victory.attacker === seat;
  const roll = pick(100);
  const reroll = by('reroll')[0];
  if (reroll) return roll < 80 ? reroll : by('keepRoll')[0]!;
  const assault = by('assault')[0];
  if (assault && roll < (attacking ? 80 : 40)) return assault;
  const fire = by('fire')[0];
  // The attacker shoots first at what holds the objectives it still needs: suppressed, a defender
  // gives no defensive fire and fights the assault weaker (assault.ts).
  const needed = new Set(attacking ? goals(state, seat) : []);
  const worth = (o: ChoiceOption) => killChance(o) + (o.loc !== undefined && needed.has(o.loc) ? 30 : 0);
  const best = fire ? [...options(fire)].sort((a, b) => worth(b) - worth(a))[0]! : null;
  const onObjective = best?.loc !== undefined && needed.has(best.loc);
  // The attacker keeps moving unless a shot is likely to tell; the defender shoots at what comes.
  const bestKill = best ? killChance(best) : 0;
  const fireChance = attacking ? (onObjective ? 70 : bestKill > 0 ? 40 : 10) : 75;
  if (fire && best && roll < fireChance) return only(fire, best);
  // A limbered gun is no use until it is back in action; limbering up is left to chance below.
  const unlimber = by('unlimber')[0];
  if (unlimber && roll < 80) return unlimber;
  const fireBattery = by('fireBattery')[0];
  if (fireBattery && roll < 60) return fireBattery;
  const move = by('move')[0];
  // The defender counter-attacks towards what it has lost, and otherwise mostly stays in its positions.
  const lost = Object.values(state.objectives).some((o) => o.holder !== seat);
  const moveChance = attacking ? 85 : lost ? 60 : 15;
  if (move && state.phase.kind === 'orders' && state.phase.active && roll < moveChance) {
    const targets = goals(state, seat);
    const ranked = [...options(move)].sort(
      (a, b) => nearest(String(a.value), targets) - nearest(String(b.value), targets),
    );
    return only(move, ranked[0]!);
  }
  const cmd = by('moveCommander');
  if (cmd.length > 0 && roll < 70) {
    const c = cmd[pick(cmd.length)]!;
    const unit = state.stands.find((s) => s.id === c.base.unit);
    const troops = state.stands
      .filter(
        (s) =>
          unit &&
          s.hex !== null &&
          !isCommand(s) &&
          s.side === seat &&
          (s.battalion === unit.battalion || unit.battalion === null),
      )
      .map((s) => s.hex!);
    if (troops.length > 0) {
      const ranked = [...options(c)].sort(
        (a, b) => spread(String(a.value), troops) - spread(String(b.value), troops),
      );
      return only(c, ranked[0]!);
    }
    return c;
  }
  const order = by('order');
  if (order.length > 0 && roll < 95) return order[pick(order.length)]!;
  const sos = by('callSos')[0];
  if (sos) return sos;
  const useful = choices.filter(
    (c) =>
      c.action !== 'endStep' &&
      c.action !== 'endUnit' &&
      c.action !== 'endBattalion' &&
      c.action !== 'limber',
  );
  if (useful.length > 0 && roll < 60) return useful[pick(useful.length)]!;
  return choices[pick(choices.length)]!;
};

function killChance(option: ChoiceOption): number {
  const m = /kill (\d+)%/.exec(option.label);
  return m ? Number(m[1]) : 0;
}

function spread(from: string, hexes: string[]): number {
  return hexes.reduce((m, h) => Math.max(m, grid.distance(from, h)), 0);
}
