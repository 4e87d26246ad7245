import type { Action, Choice, ChoiceOption } from './game.ts';
import type { Json } from './json.ts';

/** Builds the action a choice describes from the picked value (or values) of each parameter. */
export function actionFromChoice(choice: Choice, picks: Record<string, Json>): Action {
  const action: Action = { type: choice.action, ...choice.base };
  for (const param of choice.params) {
    const picked = picks[param.name];
    if (picked === undefined) throw new Error(`no value picked for parameter ${param.name}`);
    action[param.name] = picked;
  }
  return action;
}

/** Picks a value for every parameter with the given chooser; used by bots and tests. */
export function pickAction(choice: Choice, pickIndex: (n: number) => number): Action {
  const picks: Record<string, Json> = {};
  for (const param of choice.params) {
    if (param.kind === 'one') {
      picks[param.name] = param.options[pickIndex(param.options.length)]!.value;
    } else {
      const pool = [...param.options];
      const span = param.max - param.min + 1;
      const count = Math.min(pool.length, param.min + pickIndex(span));
      const chosen: ChoiceOption[] = [];
      for (let i = 0; i < count; i++) chosen.push(pool.splice(pickIndex(pool.length), 1)[0]!);
      picks[param.name] = chosen.map((o) => o.value);
    }
  }
  return actionFromChoice(choice, picks);
}

/** Every action a list of 'one'-parameter choices allows: for exhaustive checks in tests. */
export function enumerateActions(choices: Choice[]): Action[] {
  const out: Action[] = [];
  for (const choice of choices) {
    let partial: Record<string, Json>[] = [{}];
    for (const param of choice.params) {
      if (param.kind !== 'one') throw new Error('enumerateActions handles only single-pick parameters');
      partial = partial.flatMap((p) => param.options.map((o) => ({ ...p, [param.name]: o.value })));
    }
    for (const picks of partial) out.push(actionFromChoice(choice, picks));
  }
  return out;
}
