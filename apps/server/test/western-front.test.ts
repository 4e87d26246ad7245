import { pickAction, replay, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchRecordFile, MatchSummary } from '@salient/protocol';
import { describe, expect, it } from 'vitest';
import { serveEveryGame } from './helpers/gamesServer.ts';
import { seatedMatch } from './helpers/seatedMatch.ts';

const westernFront = games['western-front']!;

describe('Western Front 1914 through the server: random games to the end', () => {
  const server = serveEveryGame();

  // One whole game, and the opening of the other (bombardment, wire, SOS): enough to keep the suite quick.
  for (const [scenario, first, second, limit] of [
    ['mons-1914', 'german', 'british', null],
    ['neuve-chapelle-1915', 'british', 'german', 80],
    ['st-julien-1915', 'german', 'canadian', 80],
  ] as const) {
    it(`${scenario}: two players and a spectator play a random game ${limit === null ? 'to its end' : `for ${limit} actions`}, every action acknowledged, the record replaying to the board everyone saw`, async () => {
      const match = await seatedMatch(
        server.url,
        'western-front',
        scenario,
        [first, second],
        scenario.slice(0, 4),
      );
      const { id, players, views, watcher } = match;

      const rng = rngFromSeed(`${scenario}-over-the-wire`);
      const pick = (n: number) => rollInPlace(rng, n) - 1;
      let seq = 0;
      let summary = match.summary;
      while (summary.status === 'active' && (limit === null || seq < limit)) {
        const seat = summary.toAct[0]!;
        // What a client does: its choices come from its own view, through the rules package.
        const choices = westernFront.choices(views[seat]!, seat);
        expect(choices.length).toBeGreaterThan(0);
        const action = pickAction(choices[pick(choices.length)]!, pick);
        const ack = await players[seat]!.submit(id, action, seq);
        expect(ack, JSON.stringify(action)).toEqual({ ok: true, seq: seq + 1 });
        seq++;
        const [toFirst, toSecond, toWatcher] = await Promise.all([
          players[first]!.waitForSeq(seq),
          players[second]!.waitForSeq(seq),
          watcher.waitForSeq(seq),
        ]);
        views[first] = toFirst.view;
        views[second] = toSecond.view;
        // Nothing is hidden on this table: every seat and the spectator see one board.
        expect({ ...toWatcher.view, viewer: null }).toEqual({ ...toFirst.view, viewer: null });
        summary = toWatcher.summary;
      }
      if (limit === null) {
        expect(summary.status).toBe('finished');
        expect(summary.outcome?.winner).toMatch(/^(german|british)$/);
        expect(seq).toBeGreaterThan(100);
      } else {
        expect(seq).toBe(limit);
        // The seed stays secret while the match is on: the defender resigns, and the record opens.
        const resigned = await match.users[second]!.request<MatchSummary>(
          'POST',
          `/api/matches/${id}/resign`,
        );
        expect(resigned.body.outcome?.winner).toBe(first);
      }
      const record = (await match.watcherUser.request<MatchRecordFile>('GET', `/api/matches/${id}/record`))
        .body;
      expect(record.actions).toHaveLength(seq);
      const final = replay(westernFront, {
        game: 'western-front',
        scenario: record.scenario,
        options: record.options,
        seed: record.seed,
        actions: record.actions.map((a) => ({ seat: a.seat, action: a.action })),
      });
      if (limit === null) expect(westernFront.outcome(final)).toEqual(summary.outcome);
      expect(westernFront.view(final, null)).toEqual(watcher.updates.at(-1)!.view);
      for (const p of [...Object.values(players), watcher]) {
        expect(JSON.stringify(p.raw)).not.toContain('"rng"');
        p.close();
      }
    }, 180_000);
  }

  it("explains its log's words: the glossary as JSON for the client and on the rules page", async () => {
    const res = await fetch(`${server.url}/rules/western-front/glossary.json`);
    expect(res.status).toBe(200);
    const terms = (await res.json()) as { term: string; meaning: string; rule?: string }[];
    expect(terms.find((t) => t.term === 'SOS')).toMatchObject({ rule: 'SOS' });
    expect(terms.map((t) => t.term)).toEqual(
      expect.arrayContaining(['Order roll', 'staff re-roll marker', 'suppression', 'aiming point']),
    );
    const html = await (await fetch(`${server.url}/rules/western-front`)).text();
    expect(html).toContain('id="s-glossary"');
    expect(html).toContain('<td>staff re-roll marker</td>');
  });
});
