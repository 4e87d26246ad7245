import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';

/** Retry every 0.1 s to 1 s, never giving up: Redis coming back must find the process still asking. */
const reconnectStrategy = (retries: number) =>
  Math.min(100 + retries * 100, 1_000) + Math.floor(Math.random() * 100);

/**
 * A Redis that hangs (a frozen host, a network partition) closes no connection: each client pings
 * every second, and a connection that receives nothing for 3 s is dropped and reconnected, so such
 * an outage is noticed within about 4 s, like one that closes the connections.
 */
const PING_INTERVAL_MS = 1_000;
const SOCKET_TIMEOUT_MS = 3_000;

/** The longest a process waits at start-up for Redis before running degraded without it. */
const FIRST_CONNECT_WAIT_MS = 5_000;

type RedisClient = ReturnType<typeof createClient>;

/**
 * The two Redis connections behind the socket.io adapter, and whether they are both working.
 * Redis carries only cross-process pushes: actions are durable in the database before they are
 * broadcast, so while Redis is down the process keeps playing and serving its own sockets
 * ("degraded"), and the other processes' clients are caught up from the database instead
 * (see CrossProcessCatchUp).
 */
export class RedisLink {
  private readonly pub: RedisClient;
  private readonly sub: RedisClient;
  private upNow = false;
  private closed = false;
  /** Broadcasts that could not be published (each process's own sockets still got them). */
  publishFailures = 0;
  outages = 0;

  constructor(
    url: string,
    private readonly log: Logger,
    private readonly changed: (up: boolean) => void,
  ) {
    // No offline queue on the publisher: a broadcast while Redis is down fails at once (and is
    // caught) instead of piling up in memory and flooding stale pushes out when Redis returns.
    const socket = { reconnectStrategy, socketTimeout: SOCKET_TIMEOUT_MS };
    this.pub = createClient({ url, disableOfflineQueue: true, pingInterval: PING_INTERVAL_MS, socket });
    // The subscriber keeps its queue: its SUBSCRIBE commands must survive a slow first connect.
    this.sub = createClient({ url, pingInterval: PING_INTERVAL_MS, socket });
    for (const [name, client] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      // node-redis reports every failed reconnect as an 'error'; the log says it once per outage.
      client.on('error', (err) => {
        if (this.upNow) this.log.error({ err, client: name }, 'redis connection lost');
        this.check();
      });
      client.on('end', () => this.check());
      client.on('ready', () => this.check());
    }
  }

  get up(): boolean {
    return this.upNow;
  }

  /** Connects, waiting a few seconds at most: a process starts degraded rather than not at all. */
  async start(): Promise<void> {
    const connecting = Promise.all([this.pub.connect(), this.sub.connect()]).then(
      () => true,
      (err) => {
        this.log.error({ err }, 'redis connection failed');
        return false;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), FIRST_CONNECT_WAIT_MS);
    });
    const connected = await Promise.race([connecting, waited]);
    clearTimeout(timer);
    if (!connected) {
      this.log.error('redis does not answer: running degraded until it does');
      // The first check saw nothing to change; the outage starts now.
      this.outages++;
      this.changed(false);
    }
  }

  /** The socket.io adapter, publishing through a client whose failures are counted, never thrown. */
  adapter(key: string): ReturnType<typeof createAdapter> {
    const pub = this.pub;
    const onFailure = (err: unknown) => {
      this.publishFailures++;
      if (this.upNow) this.log.warn({ err }, 'redis publish failed');
    };
    const safePub = new Proxy(pub, {
      get(target, prop) {
        if (prop === 'publish') {
          return (channel: string, message: string | Buffer) => {
            try {
              return target.publish(channel, message).catch((err: unknown) => {
                onFailure(err);
                return 0;
              });
            } catch (err) {
              onFailure(err);
              return Promise.resolve(0);
            }
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return createAdapter(safePub, this.sub, { key });
  }

  private check(): void {
    if (this.closed) return;
    const up = this.pub.isReady && this.sub.isReady;
    if (up === this.upNow) return;
    this.upNow = up;
    if (up) this.log.info('redis connection ready: cross-process pushes resume');
    else {
      this.outages++;
      this.log.error('redis is down: running degraded (this process serves its own sockets)');
    }
    this.changed(up);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [this.pub, this.sub].map(async (c) => {
        // A client still trying to reconnect has nothing to flush: drop it.
        if (c.isReady) await c.close().catch(() => c.destroy());
        else if (c.isOpen) c.destroy();
      }),
    );
  }
}
