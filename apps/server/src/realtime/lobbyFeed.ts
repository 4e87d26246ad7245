import { LOBBY_NUDGE_MS, LOBBY_QUERY, type LobbyChanged } from '@salient/protocol';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { LiveMatch } from '../matches/liveMatch.ts';
import type { CommittedStep, MatchListener } from '../matches/play.ts';

const LOBBY_ROOM = 'lobby';

/**
 * Pushes "the lobby changed" to the sockets of open lobby pages, so their lists follow matches being
 * created, joined, played and finished without polling. It listens where everything that changes a
 * list passes: every committed step and summary change (by wrapping the realtime listener), and every
 * successful write to the matches API (creation and leaving notify no listener). Nudges are
 * coalesced: a burst of moves costs the lobby pages one reload of their lists.
 */
export class LobbyFeed implements MatchListener {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: Server,
    private readonly inner: MatchListener,
  ) {
    io.on('connection', (socket) => {
      if (socket.handshake.query[LOBBY_QUERY] === '1') void socket.join(LOBBY_ROOM);
    });
  }

  stepCommitted(m: LiveMatch, step: CommittedStep, previousToAct: string[]): void {
    this.inner.stepCommitted(m, step, previousToAct);
    // Only a change of who is to act (or of status) changes what a lobby shows.
    if (m.status !== 'active' || m.toAct.join() !== previousToAct.join()) this.nudge();
  }

  summaryChanged(m: LiveMatch): void {
    this.inner.summaryChanged(m);
    this.nudge();
  }

  /** Nudges after every successful POST under /api/matches (create, join, leave, resign, claim, rematch). */
  watchHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'POST' && req.url.startsWith('/api/matches') && reply.statusCode < 300) this.nudge();
    });
  }

  nudge(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const change: LobbyChanged = { at: new Date().toISOString() };
      this.io.to(LOBBY_ROOM).emit('lobby:changed', change);
    }, LOBBY_NUDGE_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
