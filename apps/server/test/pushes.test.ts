import { pickAction, rngFromSeed, rollInPlace } from '@salient/engine';
import { games } from '@salient/games';
import type { MatchSummary } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEveryGame } from './helpers/gamesServer.ts';
import { type Player, TestUser } from './helpers/harness.ts';

const loos = games.loos!;

/** The counter of updates built for an audience, read from /metrics as an operator would. */
async function updatesBuilt(server: { url: string }, audience: 'seats' | 'spectators'): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`salient_updates_built_total{audience="${audience}"}`));
  return Number(line?.split(' ')[1]);
}

describe('small pushes (issue 14): after the first full view, each recipient gets only what changed', () => {
  const server = serveEveryGame();
  let players: Record<string, Player>;
  let match: MatchSummary;
  let seq = 0;
  const rng = rngFromSeed('pushes');
  const pick = (n: number) => rollInPlace(rng, n) - 1;

  beforeAll(async () => {
    const [haig, rupprecht] = await Promise.all([
      TestUser.signUp(server.url, 'haig'),
      TestUser.signUp(server.url, 'rupprecht'),
    ]);
    match = (
      await haig.request<MatchSummary>('POST', '/api/matches', {
        game: 'loos',
        scenario: 'loos-1915',
        seat: 'british',
      })
    ).body;
    await rupprecht.join(match.id, 'german');
    players = { british: await haig.connect(), german: await rupprecht.connect() };
    for (const p of Object.values(players)) expect((await p.join(match.id, 'seat')).ok).toBe(true);
  });

  afterAll(async () => {
    for (const p of Object.values(players ?? {})) p.close();
  });

  /**
   * Plays `steps` random legal actions, each chosen from the player's own folded view; a choice
   * named in `prefer` is taken whenever it is offered.
   */
  async function play(steps: number, watchers: Player[] = [], prefer: string[] = []): Promise<void> {
    for (let i = 0; i < steps; i++) {
      const british = players.british!;
      const held = british.updates.at(-1)?.view ?? british.snapshot!.view;
      const seat = loos.status(held).toAct[0]!;
      const me = players[seat]!;
      const view = me.updates.at(-1)?.view ?? me.snapshot!.view;
      const choices = loos.choices(view, seat);
      const preferred = choices.find((c) => prefer.includes(c.action));
      const action = pickAction(preferred ?? choices[pick(choices.length)]!, pick);
      expect(await me.submit(match.id, action, seq)).toEqual({ ok: true, seq: seq + 1 });
      seq++;
      await Promise.all([...Object.values(players), ...watchers].map((p) => p.waitForSeq(seq)));
    }
  }

  it('sends patches of a few hundred bytes where the whole Loos view is about 14 KB, and they add up to the real view', async () => {
    await play(30);
    const pushed = players.german!.raw.filter((r) => (r as { event: string }).event === 'match:update');
    const sizes = pushed
      .map((r) => JSON.stringify((r as { payload: unknown }).payload).length)
      .sort((a, b) => a - b);
    const fullView = JSON.stringify(players.german!.snapshot!.view).length;
    expect(fullView).toBeGreaterThan(10_000);
    expect(sizes[Math.floor(sizes.length / 2)]!).toBeLessThan(2_000);
    for (const r of pushed) expect((r as { payload: Record<string, unknown> }).payload.view).toBeUndefined();
    // The views the patches lead to are the ones a fresh join gets.
    const late = await players.german!.socket.emitWithAck('match:sync', { matchId: match.id, lastSeq: 0 });
    if (!late.ok) throw new Error(late.error.message);
    expect(players.german!.updates.at(-1)!.view).toEqual(
      late.mode === 'full' ? late.snapshot.view : late.view,
    );
  });

  it('sends the summary only where the step changed more than its seq and time, and the folded summary stays right', async () => {
    const from = players.german!.updates.length;
    const pushedSince = () =>
      players
        .german!.raw.filter((r) => (r as { event: string }).event === 'match:update')
        .slice(from)
        .map((r) => (r as { payload: Record<string, unknown> }).payload);
    // Some steps of the set-up, then its end: the phase and the side to act change.
    await play(1, [], ['deployStandard']);
    await play(1, [], ['endDeployment']);
    await play(3);
    const pushed = players.german!.updates.slice(from);
    const raw = pushedSince();
    // No push carries the whole summary; a step that changed nothing else in it carries nothing.
    for (const r of raw) expect(r.summary).toBeUndefined();
    const bare = raw.filter((r) => r.summaryPatch === undefined);
    const patched = raw.filter((r) => r.summaryPatch !== undefined);
    expect(bare.length).toBeGreaterThan(0);
    expect(patched.length).toBeGreaterThan(0);
    for (const u of pushed) {
      expect(u.summary.seq).toBe(u.seq);
      expect(u.summary.updatedAt).toBe(u.at);
    }
    // What the pushes folded to is what the server says now, for each seat.
    for (const p of Object.values(players)) {
      const fresh = await p.socket.emitWithAck('match:sync', { matchId: match.id, lastSeq: seq });
      if (!fresh.ok) throw new Error(fresh.error.message);
      expect(p.updates.at(-1)!.summary).toEqual(
        fresh.mode === 'full' ? fresh.snapshot.summary : fresh.summary,
      );
    }
  });

  it('builds no spectator update while nobody watches, and does once someone does', async () => {
    const before = await updatesBuilt(server, 'spectators');
    const seatsBefore = await updatesBuilt(server, 'seats');
    await play(3);
    expect(await updatesBuilt(server, 'spectators')).toBe(before);
    expect(await updatesBuilt(server, 'seats')).toBe(seatsBefore + 6);

    const watcher = await (await TestUser.signUp(server.url, 'joffre')).connect();
    expect((await watcher.join(match.id, 'spectator')).ok).toBe(true);
    await play(3, [watcher]);
    expect(await updatesBuilt(server, 'spectators')).toBe(before + 3);
    expect(watcher.updates.at(-1)!.view).toEqual(players.british!.updates.at(-1)!.view);
    watcher.close();
  });
});
