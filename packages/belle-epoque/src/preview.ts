import { type Action, isJsonObject, type Preview, type Seat } from '@salient/engine';
import { holdsGround, successLevel } from './assault.ts';
import { type FireOdds, fireOdds } from './fire.ts';
import { basicScore } from './flow.ts';
import { grid } from './grid.ts';
import { possibleFallBacks } from './losses.ts';
import { assaultMargins, assaultTotalDistribution, hitChance, hitDistribution, passChance } from './odds.ts';
import type { BeView, Readable, Unit } from './types.ts';

/**
 * What a fire, an assault or a reactivity test risks before it is taken: the exact chances from the
 * rules' dice. Reads only the seat's view, so it runs in the client; null for anything else or for
 * an action that does not name a live unit.
 */
export function previewAction(view: BeView, _seat: Seat, action: Action): Preview | null {
  if (!isJsonObject(action)) return null;
  const phase = view.phase;
  switch (action.type) {
    case 'activate': {
      const unit = live(view, action.unit);
      return unit
        ? testPreview(`Reactivity test of ${unit.name}`, unit, action.cp, 'march, fire or assault')
        : null;
    }
    case 'fire': {
      if (phase.kind !== 'activation') return null;
      const firer = live(view, phase.act.unit);
      const target = live(view, action.target);
      if (!firer || !target) return null;
      const odds = fireOdds(view, firer, target, phase.act.steps === 1);
      return firePreview(firer, target, odds, 1);
    }
    case 'salvo': {
      if (phase.kind !== 'reaction') return null;
      const firer = live(view, action.unit);
      const attacker = live(view, phase.assault.attacker);
      if (!firer || !attacker) return null;
      const pass = passChance(basicScore(firer) + cpOf(action.cp));
      const fire = firePreview(firer, attacker, fireOdds(view, firer, attacker, false), pass);
      fire.title = `${firer.id === phase.assault.defender ? 'Salvo' : 'Support fire'} of ${firer.name} at ${attacker.name}`;
      fire.facts.unshift(testFact(firer, action.cp));
      fire.outcomes.unshift({ label: 'Test failed: no fire, the token is spent', chance: 1 - pass });
      return fire;
    }
    case 'evade': {
      if (phase.kind !== 'reaction') return null;
      const unit = live(view, phase.assault.defender);
      return unit
        ? testPreview(`Evade by ${unit.name}`, unit, action.cp, 'evade (the token is spent either way)')
        : null;
    }
    case 'assault': {
      if (phase.kind !== 'activation') return null;
      const attacker = live(view, phase.act.unit);
      const defender = live(view, action.target);
      return attacker && defender ? assaultPreview(view, attacker, defender) : null;
    }
    default:
      return null;
  }
}

function live(view: Readable, id: unknown): Unit | null {
  return view.units.find((u) => u.id === id && u.hex !== null) ?? null;
}

function cpOf(cp: unknown): number {
  return typeof cp === 'number' && Number.isInteger(cp) && cp > 0 ? cp : 0;
}

function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

function testFact(unit: Unit, cp: unknown): { label: string; value: string } {
  const score = basicScore(unit) + cpOf(cp);
  return {
    label: 'Reactivity test',
    value: `${Math.min(score, 6)} or less on a die (${percent(passChance(score))})`,
  };
}

function testPreview(title: string, unit: Unit, cp: unknown, what: string): Preview {
  const pass = passChance(basicScore(unit) + cpOf(cp));
  return {
    title,
    facts: [testFact(unit, cp)],
    outcomes: [
      { label: `Passes: may ${what}`, chance: pass },
      { label: 'Fails: a basic move at most', chance: 1 - pass },
    ].filter((o) => o.chance > 0),
  };
}

function firePreview(firer: Unit, target: Unit, odds: FireOdds, fires: number): Preview {
  const p = hitChance(odds.hitOn, odds.missUpTo);
  const dist = hitDistribution(odds.dice, p);
  const outcomes: Preview['outcomes'] = [];
  dist.forEach((chance, hits) => {
    if (hits < target.stands) {
      outcomes.push({
        label: hits === 0 ? 'No hit' : `${hits} hit${hits === 1 ? '' : 's'}`,
        chance: chance * fires,
      });
    } else {
      const last = outcomes.at(-1);
      const label = `${target.stands} hit${target.stands === 1 ? '' : 's'} or more: every stand of ${target.name}`;
      if (last?.label === label) last.chance += chance * fires;
      else outcomes.push({ label, chance: chance * fires });
    }
  });
  if (fires < 1) outcomes[0]!.label = 'Test passed, no hit';
  return {
    title: `Fire of ${firer.name} at ${target.name}`,
    facts: [
      { label: 'Range', value: `${grid.distance(firer.hex!, target.hex!)} UD` },
      { label: 'Dice', value: String(odds.dice) },
      {
        label: 'Each die',
        value:
          p === 0
            ? 'cannot hit'
            : `hits on ${odds.missUpTo + 1}${odds.hitOn > odds.missUpTo + 1 ? `-${odds.hitOn}` : ''} (${percent(p)})`,
      },
      { label: 'Even hits', value: `${target.name}'s owner may take them as 1 UD fall backs` },
    ],
    outcomes: outcomes.filter((o) => o.chance > 0),
  };
}

/** What a loss of `difference` does to the loser: stands, fall backs, or the end of the unit. */
function lossLabel(view: Readable, loser: Unit, difference: number): string {
  const fallBacks = holdsGround(view, loser) ? 0 : possibleFallBacks(view, loser, Math.floor(difference / 2));
  const stands = difference - fallBacks;
  if (stands >= loser.stands) return `${loser.name} is destroyed`;
  const back = fallBacks > 0 ? ` and falls back ${fallBacks} UD` : '';
  return `${loser.name} loses ${stands} stand${stands === 1 ? '' : 's'}${back}`;
}

function scoring(dice: number, level: number): string {
  return `${dice} dice, ${level === 1 ? 'only a 1 counts' : `each 1-${level} adds its score`}`;
}

function assaultPreview(view: Readable, attacker: Unit, defender: Unit): Preview {
  const attackLevel = successLevel(view, attacker, 'attacker', defender);
  const defenceLevel = successLevel(view, defender, 'defender', attacker);
  const margins = assaultMargins(
    assaultTotalDistribution(attacker.stands, attackLevel),
    assaultTotalDistribution(defender.stands, defenceLevel),
  );
  const byLabel = new Map<string, number>();
  const ordered = [...margins].sort(([a], [b]) => b - a);
  for (const [margin, chance] of ordered) {
    const label =
      margin === 0
        ? 'Tie: each side loses a stand'
        : margin > 0
          ? lossLabel(view, defender, margin)
          : lossLabel(view, attacker, -margin);
    byLabel.set(label, (byLabel.get(label) ?? 0) + chance);
  }
  const win = ordered.filter(([m]) => m > 0).reduce((sum, [, c]) => sum + c, 0);
  const lose = ordered.filter(([m]) => m < 0).reduce((sum, [, c]) => sum + c, 0);
  return {
    title: `Assault of ${attacker.name} on ${defender.name}`,
    facts: [
      { label: 'Attacker', value: scoring(attacker.stands, attackLevel) },
      { label: 'Defender', value: scoring(defender.stands, defenceLevel) },
      { label: 'Attacker wins', value: percent(win) },
      { label: 'Defender wins', value: percent(lose) },
      { label: 'Before the dice', value: 'the defenders may still fire or evade' },
    ],
    outcomes: [...byLabel].map(([label, chance]) => ({ label, chance })),
  };
}
