import { describe, expect, it } from 'vitest';
import {
  actionFromChoice,
  applyOnCopy,
  type Choice,
  check,
  cloneJson,
  enumerateActions,
  type GameModule,
  pickAction,
  type RngState,
  randomPlayout,
  replay,
  rngFromSeed,
} from '../src/index.ts';

/** A tiny race to 10 for testing the contract: each turn a player rolls a die or takes 1, once. */
interface Race {
  scores: Record<string, number>;
  turn: string;
  rng: RngState;
}

const race: GameModule<Race, Omit<Race, 'rng'>> = {
  id: 'race',
  title: 'Race',
  scenarios: [
    {
      id: 'race',
      name: 'Race',
      description: '',
      seats: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      options: [],
    },
  ],
  board: () => ({
    topology: { kind: 'graph', graph: { nodes: [], edges: [] } },
    north: 'up',
    terrainKinds: [],
    terrain: {},
    overlays: [],
    hexsideKinds: [],
    hexsides: [],
    regions: [],
    sides: [],
  }),
  setup: (_s, _o, seed) => ({ scores: { a: 0, b: 0 }, turn: 'a', rng: rngFromSeed(seed) }),
  status: (s) => ({ turn: '', phase: '', toAct: Math.max(...Object.values(s.scores)) >= 10 ? [] : [s.turn] }),
  choices: (s, seat) =>
    s.turn !== seat || Math.max(...Object.values(s.scores)) >= 10
      ? []
      : [
          { action: 'roll', label: 'Roll', base: {}, params: [], irreversible: true },
          {
            action: 'step',
            label: 'Step',
            base: {},
            params: [{ name: 'by', label: 'By', kind: 'one', options: [{ value: 1, label: '1' }] }],
          },
        ],
  apply: (state, seat, action) =>
    applyOnCopy(state, cloneJson, (s, log) => {
      check(s.turn === seat, 'NOT_YOUR_TURN', 'not your turn');
      const type = (action as { type?: unknown }).type;
      check(type === 'roll' || type === 'step', 'UNKNOWN_ACTION', 'roll or step');
      const gain = type === 'roll' ? log.die('race', 'Roll') : 1;
      s.scores[seat] = (s.scores[seat] ?? 0) + gain;
      log.add({ type: 'score', text: `${seat} scores ${gain}` });
      s.turn = seat === 'a' ? 'b' : 'a';
    }),
  view: ({ rng: _rng, ...rest }) => rest,
  present: () => ({ pieces: [], markers: [], control: {}, boxes: [], tracks: [] }),
  outcome: (s) => {
    const [a, b] = [s.scores.a ?? 0, s.scores.b ?? 0];
    if (Math.max(a, b) < 10) return null;
    return { winner: a >= 10 ? 'a' : 'b', reason: 'reached 10' };
  },
};

describe('the game contract', () => {
  it('applyOnCopy leaves the given state untouched and reports a rule violation as an error', () => {
    const s = race.setup('race', {}, 'x');
    const before = JSON.stringify(s);
    const refused = race.apply(s, 'b', { type: 'roll' });
    expect(refused).toEqual({ ok: false, error: { code: 'NOT_YOUR_TURN', message: 'not your turn' } });
    const done = race.apply(s, 'a', { type: 'roll' });
    expect(done.ok).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('marks an action that rolled as not undoable, and one that did not as undoable', () => {
    const s = race.setup('race', {}, 'x');
    const rolled = race.apply(s, 'a', { type: 'roll' });
    const stepped = race.apply(s, 'a', { type: 'step', by: 1 });
    expect(rolled.ok && rolled.undoable).toBe(false);
    expect(stepped.ok && stepped.undoable).toBe(true);
  });

  it('advances the dice generator only when the action succeeds', () => {
    const s = race.setup('race', {}, 'x');
    const result = race.apply(s, 'a', { type: 'roll' });
    expect(result.ok && result.state.rng).not.toEqual(s.rng);
  });

  it('turns an exception inside the rules into an INTERNAL_ERROR instead of throwing', () => {
    const broken = applyOnCopy(race.setup('race', {}, 'x'), cloneJson, () => {
      throw new TypeError('boom');
    });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error.code).toBe('INTERNAL_ERROR');
  });

  it('builds actions from choices and enumerates single-pick choices', () => {
    const choice: Choice = {
      action: 'move',
      label: '',
      base: { unit: 'u1' },
      params: [
        {
          name: 'to',
          label: '',
          kind: 'one',
          options: [
            { value: '0101', label: '' },
            { value: '0102', label: '' },
          ],
        },
      ],
    };
    expect(actionFromChoice(choice, { to: '0102' })).toEqual({ type: 'move', unit: 'u1', to: '0102' });
    expect(enumerateActions([choice])).toEqual([
      { type: 'move', unit: 'u1', to: '0101' },
      { type: 'move', unit: 'u1', to: '0102' },
    ]);
    expect(() => actionFromChoice(choice, {})).toThrow(/to/);
  });

  it('picks a subset within its bounds for a "some" parameter', () => {
    const choice: Choice = {
      action: 'attack',
      label: '',
      base: {},
      params: [
        {
          name: 'with',
          label: '',
          kind: 'some',
          min: 1,
          max: 2,
          options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })),
        },
      ],
    };
    for (let i = 0; i < 20; i++) {
      const picked = pickAction(choice, (n) => (i * 7) % n).with as string[];
      expect(picked.length).toBeGreaterThanOrEqual(1);
      expect(picked.length).toBeLessThanOrEqual(2);
      expect(new Set(picked).size).toBe(picked.length);
    }
  });

  it('plays a game to its end and replays it from seed and actions to the same state', () => {
    const game = randomPlayout(race, 'race', 'seed-1', 'bot-1');
    expect(game.outcome?.reason).toBe('reached 10');
    const again = replay(race, {
      game: 'race',
      scenario: 'race',
      options: {},
      seed: 'seed-1',
      actions: game.actions,
    });
    expect(JSON.stringify(again)).toBe(JSON.stringify(game.state));
  });

  it('refuses to replay a record with an illegal action', () => {
    expect(() =>
      replay(race, {
        game: 'race',
        scenario: 'race',
        options: {},
        seed: 's',
        actions: [{ seat: 'b', action: { type: 'roll' } }],
      }),
    ).toThrow(/refused/);
  });
});
