import { api, LOBBY_NUDGE_MS, LOBBY_QUERY, type LobbyChanged } from '@salient/protocol';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { LiveMatch } from '../matches/liveMatch.ts';
import type { CommittedStep, MatchListener, MatchListsListener } from '../matches/play.ts';

/** Every open lobby page. */
const LOBBY_ROOM = 'lobby';
/** The open lobby pages of one account: where a private match's changes go. */
const lobbyOf = (userId: string) => `lobby:user:${userId}`;

/**
 * Who may see a change of this match in a lobby list: an open match is in everyone's lists (open,
 * live, finished); a private one only in its players' own "mine" list (see lists.ts), so only they
 * hear of it. Worked out when the change happens, from the match as it is then.
 */
export type Audience = { everyone: true } | { everyone: false; users: string[] };

export function audienceOf(m: LiveMatch): Audience {
  if (m.visibility === 'open') return { everyone: true };
  return { everyone: false, users: m.seats.flatMap((s) => (s.user ? [s.user.id] : [])) };
}

/**
 * Pushes "the lobby changed" to the sockets of open lobby pages that may see the change, so their
 * lists follow matches being created, joined, played and finished without polling. It listens where
 * everything that changes a list passes: every committed step and summary change (by wrapping the
 * realtime listener), creations and seats left (told by the lifecycle), and record imports.
 *
 * Cheap by construction: nudges are coalesced over LOBBY_NUDGE_MS into one emit to the union of the
 * rooms concerned (a burst of moves costs each lobby page at most one reload of its lists), and a
 * private match's change reaches only its players' lobby pages, never the whole lobby.
 */
export class LobbyFeed implements MatchListener, MatchListsListener {
  private timer: NodeJS.Timeout | null = null;
  private everyone = false;
  private readonly users = new Set<string>();

  constructor(
    private readonly io: Server,
    private readonly inner: MatchListener,
  ) {
    io.on('connection', (socket) => {
      if (socket.handshake.query[LOBBY_QUERY] !== '1') return;
      void socket.join(LOBBY_ROOM);
      const user = (socket.data as { user?: { id: string } | null }).user;
      if (user) void socket.join(lobbyOf(user.id));
    });
  }

  stepCommitted(m: LiveMatch, step: CommittedStep, previousToAct: string[]): void {
    this.inner.stepCommitted(m, step, previousToAct);
    // Only a change of who is to act (or of status) changes what a lobby shows.
    if (m.status !== 'active' || m.toAct.join() !== previousToAct.join()) this.nudge(audienceOf(m));
  }

  summaryChanged(m: LiveMatch): void {
    this.inner.summaryChanged(m);
    this.nudge(audienceOf(m));
  }

  listsChanged(m: LiveMatch): void {
    this.nudge(audienceOf(m));
  }

  /** An imported record is an open match: everyone's finished list may show it. */
  watchHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'POST' && req.routeOptions.url === api.importRecord && reply.statusCode < 300)
        this.nudge({ everyone: true });
    });
  }

  nudge(audience: Audience): void {
    if (audience.everyone) this.everyone = true;
    else for (const u of audience.users) this.users.add(u);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), LOBBY_NUDGE_MS);
    this.timer.unref();
  }

  private flush(): void {
    this.timer = null;
    const change: LobbyChanged = { at: new Date().toISOString() };
    // socket.io sends once per socket however many of the rooms it is in.
    const rooms = this.everyone ? [LOBBY_ROOM] : [...this.users].map(lobbyOf);
    this.everyone = false;
    this.users.clear();
    if (rooms.length > 0) this.io.to(rooms).emit('lobby:changed', change);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
