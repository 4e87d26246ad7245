import { type JsonObject, pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import { describe, expect, it } from 'vitest';
import { freshPglite } from './helpers/databases.ts';
import { serveEveryGame } from './helpers/gamesServer.ts';
import type { Player } from './helpers/harness.ts';
import { seatedMatch } from './helpers/seatedMatch.ts';

const pog = games['paths-of-glory']!;
const MAX_STEPS = 600;

type Decks = Record<'ap' | 'cp', { hand?: string[]; handCount: number; drawCount: number }>;
const decksOf = (view: JsonObject) => view.decks as unknown as Decks;

describe('Paths of Glory through the server', () => {
  const server = serveEveryGame(freshPglite, 120_000);

  it('plays a random Introductory game to its end; each side sees only its own hand, nobody the draw order or the generator', async () => {
    const match = await seatedMatch(server.url, 'paths-of-glory', 'introductory', ['cp', 'ap'], 'pog');
    const { id, players, views, watcher } = match;
    const { cp, ap } = players as { cp: Player; ap: Player };

    const rng = rngFromSeed('paths-of-glory-over-the-wire');
    const pick = (n: number) => rollInPlace(rng, n) - 1;
    let seq = 0;
    let summary = match.summary;
    const privateEvents = { cp: 0, ap: 0, spectator: 0 };
    for (let step = 0; step < MAX_STEPS && summary.status === 'active'; step++) {
      const seat = summary.toAct[0]!;
      const choices = pog.choices(views[seat]!, seat);
      expect(choices.length).toBeGreaterThan(0);
      const action = pickAction(choices[pick(choices.length)]!, pick);
      const ack = await players[seat]!.submit(id, action, seq);
      expect(ack, JSON.stringify(action)).toEqual({ ok: true, seq: seq + 1 });
      seq++;
      const [toCp, toAp, toWatcher] = await Promise.all([
        cp.waitForSeq(seq),
        ap.waitForSeq(seq),
        watcher.waitForSeq(seq),
      ]);
      views.cp = toCp!.view;
      views.ap = toAp!.view;
      // Own hand only; the other hand as a count; nothing for a spectator.
      expect(decksOf(toCp!.view).cp.hand).toBeDefined();
      expect(decksOf(toCp!.view).ap.hand).toBeUndefined();
      expect(decksOf(toAp!.view).ap.hand).toBeDefined();
      expect(decksOf(toAp!.view).cp.hand).toBeUndefined();
      expect(decksOf(toWatcher!.view).cp.hand).toBeUndefined();
      expect(decksOf(toWatcher!.view).ap.handCount).toBe(decksOf(toAp!.view).ap.hand!.length);
      // The cards a side draws are told to that side alone (until the end, when the server shows all).
      summary = toWatcher!.summary;
      if (summary.status !== 'active') break;
      privateEvents.cp += toCp!.events.filter((e) => e.type === 'drawnCards').length;
      privateEvents.ap += toAp!.events.filter((e) => e.type === 'drawnCards').length;
      privateEvents.spectator += toWatcher!.events.filter((e) => e.type === 'drawnCards').length;
      for (const e of toAp!.events.filter((x) => x.type === 'drawnCards')) expect(e.to).toEqual(['ap']);
    }
    expect(summary.status).toBe('finished');
    expect(summary.outcome).not.toBeNull();
    expect(privateEvents.spectator).toBe(0);
    expect(privateEvents.cp + privateEvents.ap).toBeGreaterThan(0);
    for (const p of [cp, ap, watcher]) {
      const text = JSON.stringify(p.raw);
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain('"draw":[');
    }
    for (const p of [cp, ap, watcher]) p.close();
  }, 240_000);

  it("explains its log's words: the glossary as JSON for the client and on the rules page", async () => {
    const res = await fetch(`${server.url}/rules/paths-of-glory/glossary.json`);
    expect(res.status).toBe(200);
    const terms = (await res.json()) as { term: string; meaning: string; rule?: string }[];
    expect(terms.find((t) => t.term === 'OPS')).toMatchObject({ rule: '9.2' });
    expect(terms.find((t) => t.term === 'flank attack')?.meaning).toContain('fire first');
    expect(terms.map((t) => t.term)).toEqual(
      expect.arrayContaining(['SR points', 'VP', 'trench', 'RU', 'A-H']),
    );
    const html = await (await fetch(`${server.url}/rules/paths-of-glory`)).text();
    expect(html).toContain('id="s-glossary"');
    expect(html).toContain('<td>Mandated Offensive</td>');
  });
});
