import { io as connect } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MatchSocket, MatchStore, type MatchStoreValue } from '../src/lib/stores/matchStore.ts';
import { type FixtureServer, startFixtureServer } from './fixture/matchServer.ts';

/** Resolves once the store's value satisfies `ok`, failing after a few seconds with the last value. */
function until(store: MatchStore, ok: (v: MatchStoreValue) => boolean, ms = 5000): Promise<MatchStoreValue> {
  return new Promise((resolve, reject) => {
    let last: MatchStoreValue | null = null;
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      stop?.();
      reject(
        new Error(`condition not met; last value: ${JSON.stringify({ ...last, match: last?.match?.seq })}`),
      );
    }, ms);
    stop = store.subscribe((v) => {
      last = v;
      if (ok(v)) {
        clearTimeout(timer);
        queueMicrotask(() => stop?.());
        resolve(v);
      }
    });
  });
}

describe('match store over a real socket.io connection', () => {
  let server: FixtureServer;
  let store: MatchStore;
  const seen: string[] = [];

  beforeEach(async () => {
    server = await startFixtureServer();
    const socket: MatchSocket = connect(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
    });
    store = new MatchStore('m1', 'seat', socket);
    seen.length = 0;
    store.subscribe((v) => {
      if (seen[seen.length - 1] !== v.connection) seen.push(v.connection);
    });
  });

  afterEach(async () => {
    store.close();
    await server.close();
  });

  it('joins and holds the snapshot', async () => {
    const v = await until(store, (x) => x.connection === 'online');
    expect(v.match?.seq).toBe(0);
    expect(v.match?.seat).toBe('red');
  });

  it('submits with the held seq and applies the pushed update', async () => {
    await until(store, (x) => x.connection === 'online');
    expect(await store.submit({ type: 'move', unit: 'r1', to: '0202' })).toBe(true);
    const v = await until(store, (x) => x.match?.seq === 1);
    expect(v.match?.log.map((e) => e.events[0]?.text)).toEqual(['r1 moved to 0202']);
    expect(server.seq()).toBe(1);
  });

  it('shows the refusal of an illegal action and changes nothing', async () => {
    await until(store, (x) => x.connection === 'online');
    expect(await store.submit({ type: 'move', unit: 'b1', to: '0101' })).toBe(false);
    expect(store.current.error?.code).toBe('ILLEGAL_MOVE');
    expect(store.current.match?.seq).toBe(0);
  });

  it('fills a gap in the pushes by asking for what it missed', async () => {
    await until(store, (x) => x.connection === 'online');
    server.play('red', { type: 'move', unit: 'r1', to: '0202' }, { push: false });
    server.play('red', { type: 'move', unit: 'r1', to: '0302' });
    const v = await until(store, (x) => x.match?.seq === 2);
    expect(v.match?.log.map((e) => e.seq)).toEqual([1, 2]);
    expect(v.match?.gap).toBe(false);
  });

  it('resyncs after a stale submission', async () => {
    await until(store, (x) => x.connection === 'online');
    server.play('red', { type: 'move', unit: 'r1', to: '0202' }, { push: false });
    expect(await store.submit({ type: 'endTurn' })).toBe(false);
    expect(store.current.error?.code).toBe('STALE_SEQ');
    expect(store.current.match?.seq).toBe(1);
  });

  it('shows the drop, reconnects by itself and catches up on what happened meanwhile', async () => {
    await until(store, (x) => x.connection === 'online');
    server.dropAll();
    await until(store, (x) => x.connection === 'reconnecting');
    // The opponent moves while this client is away; the push is lost.
    server.play('red', { type: 'endTurn' }, { push: true });
    const v = await until(store, (x) => x.connection === 'online' && x.match?.seq === 1);
    expect(v.match?.summary.toAct).toEqual(['blue']);
    expect(seen).toContain('reconnecting');
    expect(seen.indexOf('reconnecting')).toBeLessThan(seen.lastIndexOf('online'));
  });

  it('reports a match it cannot join and stays offline', async () => {
    const socket: MatchSocket = connect(server.url, { path: '/socket.io', transports: ['websocket'] });
    const other = new MatchStore('nope', 'spectator', socket);
    try {
      const v = await until(other, (x) => x.error !== null);
      expect(v.error?.code).toBe('NOT_FOUND');
      expect(v.connection).toBe('offline');
      expect(v.match).toBeNull();
    } finally {
      other.close();
    }
  });

  it('connects again when the server closed the connection itself', async () => {
    await until(store, (x) => x.connection === 'online');
    server.kickAll();
    await until(store, (x) => x.connection === 'reconnecting');
    server.play('red', { type: 'endTurn' }, { push: false });
    const v = await until(store, (x) => x.connection === 'online' && x.match?.seq === 1);
    expect(v.match?.summary.toAct).toEqual(['blue']);
  });

  it('receives chat', async () => {
    await until(store, (x) => x.connection === 'online');
    expect(await store.chat('hello', 'players')).toBe(true);
    const v = await until(store, (x) => (x.match?.chat.length ?? 0) > 0);
    expect(v.match?.chat[0]?.text).toBe('hello');
  });
});

describe('a connection the server refuses', () => {
  it('shows why (QUOTA_EXCEEDED, issue 9 item 5) and goes offline instead of connecting for ever', async () => {
    const server = await startFixtureServer();
    server.io.use((_socket, next) => {
      const refused = new Error('too many connections') as Error & { data?: unknown };
      refused.data = { code: 'QUOTA_EXCEEDED', message: 'this account already has 16 connections open' };
      next(refused);
    });
    const socket: MatchSocket = connect(server.url, { path: '/socket.io', transports: ['websocket'] });
    const store = new MatchStore('m1', 'seat', socket);
    try {
      const v = await until(store, (x) => x.connection === 'offline');
      expect(v.error).toEqual({
        code: 'QUOTA_EXCEEDED',
        message: 'this account already has 16 connections open',
      });
      expect(v.match).toBeNull();
    } finally {
      store.close();
      await server.close();
    }
  });
});
