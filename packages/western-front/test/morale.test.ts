import { EventLog, rngFromSeed } from '@salient/engine';
import { describe, expect, it } from 'vitest';
import { killStep, retreat } from '../src/losses.ts';
import { moraleResult } from '../src/tables.ts';
import type { WfState } from '../src/types.ts';
import { lab, stand } from './helpers.ts';

/** The 4th Royal Fusiliers on the table: 16 platoons in A-D, MGs and commander. */
function fusiliers(): WfState {
  return lab(
    {
      'rf4-cmd': '1015',
      'rf4-a': '0914',
      'rf4-b': '1014',
      'rf4-c': '1114',
      'rf4-d': '1214',
      'rf4-mg1': '0815',
      'rf4-mg2': '1315',
      'i84-1': '1008',
    },
    { side: 'british' },
  );
}

/** Runs `act` with the first seed whose first morale die is `die`; returns the state and the log. */
function withMoraleDie(state: WfState, die: number | null, act: (s: WfState, log: EventLog) => void) {
  for (let i = 0; i < 5000; i++) {
    const s = structuredClone(state);
    const log = new EventLog(rngFromSeed(`m-${i}`));
    act(s, log);
    const first = log.events.find((e) => e.type === 'roll' && e.purpose === 'morale');
    if (die === null || (first && (first.dice as number[])[0] === die)) return { state: s, log };
  }
  throw new Error('no such die');
}

const moraleRolls = (log: EventLog) =>
  log.events.filter((e) => e.type === 'roll' && e.purpose === 'morale').length;

describe('Morale', () => {
  it('tests at 50% and at -2 at 75% losses, once each', () => {
    const state = fusiliers();
    for (const id of ['rf4-a', 'rf4-b']) stand(state, id).steps = 1;
    stand(state, 'rf4-c').steps = 3;
    // 1 + 1 + 3 + 4 = 9 platoons of 16: one more loss is half.
    const half = withMoraleDie(state, 6, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(moraleRolls(half.log)).toBe(1);
    expect(half.state.battalions.find((b) => b.id === 'rf4')!.tested50).toBe(true);
    const seven = withMoraleDie(half.state, null, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(moraleRolls(seven.log)).toBe(0);
    stand(seven.state, 'rf4-d').steps = 2;
    // 1 + 1 + 1 + 2 = 5: the next loss leaves 4, a quarter.
    const quarter = withMoraleDie(seven.state, 6, (s, log) => killStep(s, log, stand(s, 'rf4-d'), 'test'));
    const event = quarter.log.events.find((e) => e.type === 'morale')!;
    expect(event.total).toBe(6 - 2 + 1);
    expect(moraleRolls(quarter.log)).toBe(1);
  });

  it('a loss that crosses both thresholds makes one test, at -2', () => {
    const state = fusiliers();
    for (const id of ['rf4-a', 'rf4-b', 'rf4-c']) stand(state, id).steps = 1;
    stand(state, 'rf4-d').steps = 2;
    stand(state, 'rf4-d').quality = 'regular';
    state.battalions.find((b) => b.id === 'rf4')!.quality = 'regular';
    const one = withMoraleDie(state, 5, (s, log) => killStep(s, log, stand(s, 'rf4-d'), 'test'));
    expect(moraleRolls(one.log)).toBe(1);
    expect(one.log.events.find((e) => e.type === 'morale')!.total).toBe(3);
  });

  it('the result table', () => {
    expect([-1, 0, 1, 2, 3, 4, 7].map(moraleResult)).toEqual([
      'rout',
      'rout',
      'longRetreat',
      'shortRetreat',
      'shortRetreat',
      'ok',
      'ok',
    ]);
    const state = fusiliers();
    state.battalions.find((b) => b.id === 'rf4')!.quality = 'raw';
    for (const id of ['rf4-a', 'rf4-b']) stand(state, id).steps = 1;
    stand(state, 'rf4-c').steps = 3;
    // Raw: a 2 is 1, a long retreat: 8 hexes south, suppressed, MGs abandoned.
    const long = withMoraleDie(state, 2, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(stand(long.state, 'rf4-mg1').gone).toBe('abandoned');
    expect(stand(long.state, 'rf4-mg2').gone).toBe('abandoned');
    expect(Number(stand(long.state, 'rf4-d').hex!.slice(2))).toBe(18);
    expect(stand(long.state, 'rf4-d').suppression).toBe(1);
    const short = withMoraleDie(state, 4, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(Number(stand(short.state, 'rf4-a').hex!.slice(2))).toBe(18);
    expect(stand(short.state, 'rf4-mg1').gone).toBe('abandoned');
    const rout = withMoraleDie(state, 1, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(rout.state.battalions.find((b) => b.id === 'rf4')!.routed).toBe(true);
    expect(rout.state.stands.filter((s) => s.battalion === 'rf4').every((s) => s.hex === null)).toBe(true);
    const ok = withMoraleDie(state, 5, (s, log) => killStep(s, log, stand(s, 'rf4-c'), 'test'));
    expect(stand(ok.state, 'rf4-a').hex).toBe('0914');
  });

  it('a retreat runs toward the home edge, never through the enemy; with nowhere to go beside an enemy, the stand surrenders', () => {
    const state = lab({ 'rf4-a': '1008', 'i84-1': '1007', 'i84-2': '1010' }, { side: 'british' });
    const log = new EventLog(rngFromSeed('r'));
    retreat(state, log, stand(state, 'rf4-a'), 4);
    const to = stand(state, 'rf4-a').hex!;
    expect(Number(to.slice(2))).toBe(12);
    const boxed = lab({
      'rf4-a': '1010',
      'i84-1': '1009',
      'i84-2': '1011',
      'i84-3': '0910',
      'i84-4': '0911',
      'ii84-5': '1110',
      'ii84-6': '1111',
    });
    retreat(boxed, log, stand(boxed, 'rf4-a'), 4);
    expect(stand(boxed, 'rf4-a').gone).toBe('surrendered');
  });

  it('support weapons test when their battalion breaks', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1006', 'ir84-mgk': '1105', 'ir84-mgk2': '1205' });
    state.battalions.find((b) => b.id === 'i84')!.startPlatoons = 3;
    for (const id of ['i84-2', 'i84-3', 'i84-4']) stand(state, id).gone = 'killed';
    stand(state, 'i84-1').steps = 1;
    const run = (mgDie: number) =>
      withMoraleDie(state, null, (s, log) => killStep(s, log, stand(s, 'i84-1'), 'test')) &&
      (() => {
        for (let i = 0; i < 5000; i++) {
          const s = structuredClone(state);
          const log = new EventLog(rngFromSeed(`s-${i}`));
          killStep(s, log, stand(s, 'i84-1'), 'test');
          const dice = log.events
            .filter((e) => e.type === 'roll' && e.purpose === 'morale')
            .map((e) => (e.dice as number[])[0]);
          if (dice.length === 1 && dice[0] === mgDie) return s;
        }
        throw new Error('no such die');
      })();
    // The battalion's last platoon is gone: it is destroyed, and only its own supporting MG tests.
    const held = run(4);
    expect(held.battalions.find((b) => b.id === 'i84')!.routed).toBe(true);
    expect(stand(held, 'ir84-mgk').hex).toBe('1105');
    expect(stand(held, 'ir84-mgk2').hex).toBe('1205');
    const left = run(3);
    expect(stand(left, 'ir84-mgk').gone).toBe('abandoned');
    expect(stand(left, 'i84-cmd').gone).toBe('routed');
  });
});

describe('Field promotion', () => {
  it('a killed commander is replaced at the nearest company, and orders at -1', () => {
    const state = lab({ 'i84-cmd': '1005', 'i84-1': '1008', 'i84-2': '1003' });
    const log = new EventLog(rngFromSeed('fp'));
    killStep(state, log, stand(state, 'i84-cmd'), 'test');
    expect(stand(state, 'i84-cmd').hex).toBe('1003');
    expect(stand(state, 'i84-cmd').fieldPromotion).toBe(true);
    const alone = lab({ 'i84-cmd': '1005' });
    killStep(alone, log, stand(alone, 'i84-cmd'), 'test');
    expect(stand(alone, 'i84-cmd').gone).toBe('killed');
  });
});
