import type { Server } from 'socket.io';

/** The parts of engine.io's connection (and of ws under it) this relies on; checked at run time. */
interface EngineConnection {
  readyState: string;
  flush(): void;
  transport: {
    name: string;
    writable: boolean;
    socket?: { _socket?: { cork(): void; uncork(): void } };
  };
}

/**
 * One write per socket for what a step sends it, instead of one per packet. A committed step pushes
 * the update to the mover's socket and, a few microtasks later, the acknowledgement; engine.io
 * writes the first at once and holds the second until the kernel has taken the first, so the mover
 * cost two socket writes (a system call each, the largest single cost of a move in the profiles).
 * Held here, both leave together when the current turn of the event loop's work is done
 * (process.nextTick runs after the microtasks that send the acknowledgements), in one corked write.
 *
 * Only a websocket connection that is free to write is held; one already waiting on the kernel
 * keeps engine.io's own queueing. Packet order is unchanged: engine.io's buffer keeps it.
 */
export class WriteCoalescer {
  private readonly held = new Set<EngineConnection>();

  constructor(private readonly io: Server) {}

  /** Holds the writes of every local socket in `room` until the current work is done. */
  holdRoom(room: string): void {
    const ids = this.io.sockets.adapter.rooms.get(room);
    if (!ids) return;
    for (const id of ids) {
      const conn = this.io.sockets.sockets.get(id)?.conn as unknown as EngineConnection | undefined;
      if (conn) this.hold(conn);
    }
  }

  private hold(conn: EngineConnection): void {
    const t = conn.transport;
    if (this.held.has(conn) || t.name !== 'websocket' || !t.writable || conn.readyState !== 'open') return;
    t.writable = false;
    if (this.held.size === 0) process.nextTick(() => this.release());
    this.held.add(conn);
  }

  private release(): void {
    const conns = [...this.held];
    this.held.clear();
    for (const conn of conns) {
      conn.transport.writable = true;
      const tcp = conn.transport.socket?._socket;
      tcp?.cork();
      try {
        conn.flush();
      } finally {
        tcp?.uncork();
      }
    }
  }
}
