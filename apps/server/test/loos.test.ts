import { type Choice, type JsonObject, pickAction, replay, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchRecordFile, MatchSummary } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { serveEveryGame } from './helpers/gamesServer.ts';
import type { Player } from './helpers/harness.ts';
import { seatedMatch } from './helpers/seatedMatch.ts';

const loos = games.loos!;
const OPENING_STEPS = 40;

/** A scripted opening: the historical set-up, then the same seeded choice among what is offered. */
function chooseFor(choices: Choice[], view: JsonObject, seat: string, pick: (n: number) => number): Choice {
  const units = view.units as { side: string; loc: string }[];
  const standard = choices.find((c) => c.action === 'deployStandard');
  if (standard && units.some((u) => u.side === seat && u.loc === 'unplaced')) return standard;
  const done = choices.find((c) => c.action === 'endDeployment');
  if (done) return done;
  const moves = choices.filter((c) => c.action === 'move');
  const pool = moves.length > 0 && pick(4) > 0 ? moves : choices;
  return pool[pick(pool.length)]!;
}

describe.each(databaseKinds)('a scripted opening of Loos on $name', ({ fresh }) => {
  const server = serveEveryGame(fresh);

  it('two players and a spectator play it, see the same board, and never see the dice generator or the seed', async () => {
    const match = await seatedMatch(server.url, 'loos', 'loos-1915', ['british', 'german'], 'loos');
    const { players, views, watcher } = match;
    const { british, german } = players as { british: Player; german: Player };

    const rng = rngFromSeed('scripted-opening');
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    let seq = 0;
    let summary = match.summary;
    const kinds: string[] = [];
    for (let step = 0; step < OPENING_STEPS; step++) {
      expect(summary.status).toBe('active');
      const seat = summary.toAct[0]!;
      const view = views[seat]!;
      // What a client does: the choices come from its own view, through the rules package.
      const choices = loos.choices(view, seat);
      expect(choices.length).toBeGreaterThan(0);
      const action = pickAction(chooseFor(choices, view, seat, pick), pick);
      const ack = await players[seat]!.submit(match.id, action, seq);
      expect(ack, JSON.stringify(action)).toEqual({ ok: true, seq: seq + 1 });
      seq++;
      kinds.push(action.type);
      const [toBritish, toGerman, toWatcher] = await Promise.all([
        british.waitForSeq(seq),
        german.waitForSeq(seq),
        watcher.waitForSeq(seq),
      ]);
      views.british = toBritish.view;
      views.german = toGerman.view;
      // Loos hides nothing on the map: everyone sees one board.
      expect(toWatcher.view).toEqual(toBritish.view);
      expect(toWatcher.events).toEqual(toGerman.events);
      summary = toWatcher.summary;
    }
    expect(kinds.slice(0, 4).sort()).toEqual([
      'deployStandard',
      'deployStandard',
      'endDeployment',
      'endDeployment',
    ]);
    expect(kinds).toHaveLength(OPENING_STEPS);
    // The opening rolled dice, and every roll reached the spectator as an event.
    expect(watcher.updates.flatMap((u) => u.events).filter((e) => e.type === 'roll').length).toBeGreaterThan(
      3,
    );

    const beforeEnd = [british, german, watcher].map((p) => JSON.stringify(p.raw));
    const resigned = await match.users.german!.request<MatchSummary>(
      'POST',
      `/api/matches/${match.id}/resign`,
    );
    expect(resigned.body.outcome?.winner).toBe('british');
    const seed = resigned.body.seed!;
    for (const text of beforeEnd) {
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain(seed);
    }

    // Anyone can check every roll: the published record replays to the board everyone saw.
    const record = (
      await match.watcherUser.request<MatchRecordFile>('GET', `/api/matches/${match.id}/record`)
    ).body;
    expect(record.actions).toHaveLength(seq);
    const finalState = replay(loos, {
      game: 'loos',
      scenario: record.scenario,
      options: record.options,
      seed: record.seed,
      actions: record.actions.map((a) => ({ seat: a.seat, action: a.action })),
    });
    expect(loos.view(finalState, null)).toEqual(watcher.updates.at(-1)!.view);
    for (const p of [british, german, watcher]) p.close();
  });
});
