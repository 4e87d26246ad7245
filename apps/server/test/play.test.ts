import { createHash } from 'node:crypto';
import type { MatchRecordFile, MatchSummary } from '@salient/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { Player, startTestServer, TestUser } from './helpers/harness.ts';

describe.each(databaseKinds)('playing a match on $name', ({ fresh }) => {
  let database: TestDatabase;
  let server: RunningServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let red: Player;
  let blue: Player;
  let watcher: Player;
  let match: MatchSummary;
  const seedSecrets: string[] = [];

  beforeAll(async () => {
    database = await fresh();
    server = await startTestServer(database.target);
    [alice, bob, carol] = (await Promise.all(
      ['alice', 'bob', 'carol'].map((n) => TestUser.signUp(server.url, n, { email: `${n}@example.test` })),
    )) as [TestUser, TestUser, TestUser];
    match = await alice.createMatch();
    await bob.join(match.id, 'blue');
    [red, blue] = await Promise.all([alice.connect(), bob.connect()]);
    watcher = await carol.connect();
  });

  afterAll(async () => {
    for (const p of [red, blue, watcher]) p?.close();
    await server?.close();
    await database?.drop();
  });

  it('gives each seat and the spectator their own view and seq 0', async () => {
    const [r, b, w] = await Promise.all([
      red.join(match.id, 'seat'),
      blue.join(match.id, 'seat'),
      watcher.join(match.id, 'spectator'),
    ]);
    if (!r.ok || !b.ok || !w.ok) throw new Error('join refused');
    expect(r.snapshot.seat).toBe('red');
    expect(b.snapshot.seat).toBe('blue');
    expect(w.snapshot.seat).toBeNull();
    expect(r.snapshot.seq).toBe(0);
    expect(r.snapshot.summary.status).toBe('active');
    const redSecret = (r.snapshot.view.secret as Record<string, string>).red!;
    const blueSecret = (b.snapshot.view.secret as Record<string, string>).blue!;
    expect(redSecret).toMatch(/^red-secret-/);
    expect(blueSecret).toMatch(/^blue-secret-/);
    seedSecrets.push(redSecret, blueSecret);
    expect(w.snapshot.view.secret).toEqual({});
    expect(r.snapshot.summary.seed).toBeNull();
    expect(r.snapshot.summary.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells everyone in the match how many are watching', async () => {
    const toRed = red.waitFor('match:spectators', (c) => c.matchId === match.id && c.count === 2);
    const guest = await Player.connect(server.url);
    expect((await guest.join(match.id, 'spectator')).ok).toBe(true);
    expect((await toRed).count).toBe(2);
    const afterLeave = watcher.waitFor('match:spectators', (c) => c.matchId === match.id && c.count === 1);
    guest.close();
    expect((await afterLeave).count).toBe(1);
  });

  it('applies hidden deployments, telling the hidden part only to its owner', async () => {
    const ack = await red.submit(match.id, { type: 'deploy', at: 'north' });
    expect(ack).toEqual({ ok: true, seq: 1 });
    const [toRed, toBlue, toWatcher] = await Promise.all([
      red.waitForSeq(1),
      blue.waitForSeq(1),
      watcher.waitForSeq(1),
    ]);
    expect(toRed.events.map((e) => e.text)).toContain('You deployed north');
    expect(toBlue.events.map((e) => e.text)).toEqual(['red has deployed']);
    expect(toWatcher.events.map((e) => e.text)).toEqual(['red has deployed']);
    expect((toBlue.view.deployed as Record<string, string>).red).toBe('hidden');
    expect((toRed.view.deployed as Record<string, string>).red).toBe('north');
    expect(toBlue.summary.yourSeat).toBe('blue');
    expect(toWatcher.summary.yourSeat).toBeNull();
    blue.seq = 1;
    const ack2 = await blue.submit(match.id, { type: 'deploy', at: 'south' });
    expect(ack2).toEqual({ ok: true, seq: 2 });
    const seen = await watcher.waitForSeq(2);
    expect(seen.events.some((e) => e.type === 'revealed')).toBe(true);
    expect(seen.summary.toAct).toEqual(['red']);
  });

  it('refuses stale, illegal, malformed and unauthorised submissions without changing anything', async () => {
    red.seq = 2;
    expect(await red.submit(match.id, { type: 'advance' }, 1)).toMatchObject({
      ok: false,
      error: { code: 'STALE_SEQ' },
      seq: 2,
    });
    expect(await blue.submit(match.id, { type: 'advance' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(await red.submit(match.id, { type: 'teleport' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ACTION' },
    });
    expect(await red.submit(match.id, { nope: 1 }, 2)).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    expect(await watcher.submit(match.id, { type: 'advance' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_PLAYER' },
    });
    const guest = await Player.connect(server.url);
    expect(await guest.submit(match.id, { type: 'advance' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED' },
    });
    guest.close();
    const summary = await alice.request<MatchSummary>('GET', `/api/matches/${match.id}`);
    expect(summary.body.seq).toBe(2);
  });

  it('applies an action submitted twice at once exactly once', async () => {
    const [a, b] = await Promise.all([
      red.submit(match.id, { type: 'advance' }, 2, 'same-id'),
      red.submit(match.id, { type: 'advance' }, 2, 'same-id'),
    ]);
    const oks = [a, b].filter((x) => x.ok);
    expect(oks).toHaveLength(1);
    expect([a, b].find((x) => !x.ok)).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_ACTION' },
      appliedSeq: 3,
    });
    // Two different actions racing for the same step: one wins, the other is stale.
    await blue.waitForSeq(3);
    const [c, d] = await Promise.all([
      blue.submit(match.id, { type: 'advance' }, 3, 'blue-a'),
      blue.submit(match.id, { type: 'advance' }, 3, 'blue-b'),
    ]);
    expect([c, d].filter((x) => x.ok)).toHaveLength(1);
    expect([c, d].find((x) => !x.ok)).toMatchObject({ error: { code: 'STALE_SEQ' } });
    await watcher.waitForSeq(4);
    expect(watcher.updates.filter((u) => u.seq === 4)).toHaveLength(1);
  });

  it('undoes one own step, but not past a die roll and not the opponent’s', async () => {
    // red: advance (seq 5), then undo it (seq 6)
    expect(await red.submit(match.id, { type: 'advance' }, 4)).toMatchObject({ ok: true, seq: 5 });
    expect(await blue.socket.emitWithAck('match:undo', { matchId: match.id, seq: 5 })).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_TO_UNDO' },
    });
    const undo = await red.socket.emitWithAck('match:undo', { matchId: match.id, seq: 5 });
    expect(undo).toEqual({ ok: true, seq: 6 });
    const update = await watcher.waitForSeq(6);
    expect(update.kind).toBe('undo');
    expect(update.undoneSeqs).toEqual([5]);
    expect((update.view.progress as Record<string, number>).red).toBe(1);
    expect(update.summary.toAct).toEqual(['red']);
    // fire rolls a die: it cannot be taken back
    expect(await red.submit(match.id, { type: 'fire' }, 6)).toMatchObject({ ok: true, seq: 7 });
    const fired = await blue.waitForSeq(7);
    expect(fired.events.some((e) => e.type === 'roll')).toBe(true);
    await blue.socket.emitWithAck('match:undo', { matchId: match.id, seq: 7 });
    expect(await red.socket.emitWithAck('match:undo', { matchId: match.id, seq: 7 })).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_TO_UNDO' },
    });
  });

  it('brings a reconnecting client up to date with what it missed', async () => {
    // blue drops and comes back: it is blue's turn after red's fire
    blue.close();
    const returning = await bob.connect();
    // One message re-joins and says what was missed since the last seq this client held.
    const caughtUp = await returning.sync(match.id, 6);
    if (!caughtUp.ok || caughtUp.mode !== 'delta')
      throw new Error(`expected a delta, got ${JSON.stringify(caughtUp)}`);
    expect(caughtUp.entries.map((e) => e.seq)).toEqual([7]);
    expect(caughtUp.entries[0]!.events.some((e) => e.type === 'roll')).toBe(true);
    expect(caughtUp.summary.yourSeat).toBe('blue');
    expect(await returning.submit(match.id, { type: 'advance' }, 7)).toMatchObject({ ok: true, seq: 8 });
    expect((await returning.waitForSeq(8)).seat).toBe('blue');
    // red asks for everything after the seq it holds
    const sync = await red.sync(match.id, 7);
    if (!sync.ok || sync.mode !== 'delta') throw new Error(`expected a delta, got ${JSON.stringify(sync)}`);
    expect(sync.entries.map((e) => e.seq)).toEqual([8]);
    expect(sync.seq).toBe(8);
    // a gap that crosses an undo needs the full picture
    const full = await red.sync(match.id, 4);
    expect(full.ok && full.mode).toBe('full');
    blue = returning;
  });

  it('keeps chat per audience', async () => {
    const toBlue = blue.waitFor('chat:message', (m) => m.text === 'good luck');
    expect(
      await red.socket.emitWithAck('chat:send', { matchId: match.id, channel: 'players', text: 'good luck' }),
    ).toEqual({
      ok: true,
    });
    expect((await toBlue).from).toBe('alice');
    expect(
      await watcher.socket.emitWithAck('chat:send', { matchId: match.id, channel: 'players', text: 'psst' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(
      await watcher.socket.emitWithAck('chat:send', {
        matchId: match.id,
        channel: 'spectators',
        text: 'nice',
      }),
    ).toEqual({
      ok: true,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(red.raw.some((r) => JSON.stringify(r).includes('"nice"'))).toBe(false);
  });

  it('plays to the end, then reveals the seed, which matches its hash', async () => {
    let seq = 8;
    for (let i = 0; i < 20; i++) {
      const actor = i % 2 === 0 ? red : blue;
      const ack = await actor.submit(match.id, { type: 'advance' }, seq);
      if (!ack.ok) break;
      seq = ack.seq;
    }
    const summary = (await alice.request<MatchSummary>('GET', `/api/matches/${match.id}`)).body;
    expect(summary.status).toBe('finished');
    // red advanced once and took one back; blue reaches the end first
    expect(summary.outcome?.winner).toBe('blue');
    expect(summary.seed).not.toBeNull();
    expect(createHash('sha256').update(summary.seed!).digest('hex')).toBe(summary.seedHash);
    // Until the end no payload to the opponent or a spectator held the other's secret, the seed or the rng.
    const seed = summary.seed!;
    const beforeEnd = (p: Player) =>
      p.raw.filter((r) => (r as { payload: MatchSummary }).payload?.seq !== seq);
    const watcherText = JSON.stringify(beforeEnd(watcher));
    const blueText = JSON.stringify(beforeEnd(blue));
    const redText = JSON.stringify(beforeEnd(red));
    expect(watcherText).not.toContain(seedSecrets[0]);
    expect(watcherText).not.toContain(seedSecrets[1]);
    expect(blueText).not.toContain(seedSecrets[0]);
    expect(redText).not.toContain(seedSecrets[1]);
    for (const text of [watcherText, blueText, redText]) {
      expect(text).not.toContain(seed);
      expect(text).not.toContain('"rng"');
    }
    const last = await watcher.waitForSeq(seq);
    expect(last.summary.seed).toBe(seed);
  });

  it('exports the record, and imports it only when it verifies', async () => {
    const exported = await carol.request<MatchRecordFile>('GET', `/api/matches/${match.id}/record`);
    expect(exported.status).toBe(200);
    const record = exported.body;
    expect(record.actions.map((a) => a.seq)).toEqual(record.actions.map((_, i) => i + 1));
    // the undone advance is not part of the record
    expect(record.actions.filter((a) => a.seat === 'red' && a.action.type === 'advance')).toHaveLength(5);
    const imported = await carol.request<{ matchId: string; verified: boolean }>(
      'POST',
      '/api/records/import',
      record,
    );
    expect(imported.body).toMatchObject({ verified: true });
    expect(imported.status).toBe(201);
    expect(imported.body.verified).toBe(true);
    const copy = await carol.request<MatchRecordFile>('GET', `/api/matches/${imported.body.matchId}/record`);
    expect(copy.body.actions).toEqual(record.actions);

    const rolled = structuredClone(record);
    const roll = rolled.actions.flatMap((a) => a.events).find((e) => e.type === 'roll')!;
    roll.dice = [(roll.dice as number[])[0] === 6 ? 1 : 6];
    const forged = await carol.request<{ error: { code: string; message: string } }>(
      'POST',
      '/api/records/import',
      rolled,
    );
    expect(forged.status).toBe(422);
    expect(forged.body.error.code).toBe('INVALID_RECORD');
    const wrongSeed = { ...record, seed: `${record.seed}x` };
    expect((await carol.request('POST', '/api/records/import', wrongSeed)).status).toBe(422);
    const illegal = structuredClone(record);
    illegal.actions[3]!.seat = illegal.actions[3]!.seat === 'red' ? 'blue' : 'red';
    expect((await carol.request('POST', '/api/records/import', illegal)).status).toBe(422);
  });

  it('loads a match from its snapshot and log after a restart', async () => {
    await server.close();
    server = await startTestServer(database.target, { snapshotEvery: 3 });
    const again = await TestUser.signUp(server.url, 'dave');
    const aliceNow = new TestUser(server.url, 'alice', alice.cookie, alice.id);
    const fresh = await aliceNow.createMatch();
    expect(fresh.seq).toBe(0);
    await again.join(fresh.id, 'blue');
    const [p1, p2] = await Promise.all([aliceNow.connect(), again.connect()]);
    await p1.join(fresh.id, 'seat');
    await p2.join(fresh.id, 'seat');
    await p1.submit(fresh.id, { type: 'deploy', at: 'centre' }, 0);
    await p2.submit(fresh.id, { type: 'deploy', at: 'centre' }, 1);
    for (let seq = 2; seq < 7; seq++)
      await (seq % 2 === 0 ? p1 : p2).submit(fresh.id, { type: 'advance' }, seq);
    p1.close();
    p2.close();
    await server.close();
    server = await startTestServer(database.target, { snapshotEvery: 3 });
    const p3 = await Player.connect(server.url, alice.cookie);
    const joined = await p3.join(fresh.id, 'seat');
    if (!joined.ok) throw new Error('join refused');
    expect(joined.snapshot.seq).toBe(7);
    expect(joined.snapshot.view.progress).toEqual({ red: 3, blue: 2 });
    p3.close();
  });
});
