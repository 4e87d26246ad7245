import { communityApi } from '@salient/protocol';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { requireUser } from '../http/app.ts';
import type { GameRegistry, LiveMatch } from '../matches/liveMatch.ts';
import type { MatchStore } from '../matches/matchStore.ts';
import type { CommittedStep, MatchListener, MatchListsListener, Play } from '../matches/play.ts';
import type { Positions } from '../matches/positions.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Audience } from '../realtime/lobbyFeed.ts';
import { Analyses } from './analyses.ts';
import { Challenges } from './challenges.ts';
import { Notes } from './notes.ts';
import { LastSeen, Profiles } from './profiles.ts';
import { Tournaments } from './tournaments.ts';

export interface CommunityDeps {
  db: Db;
  store: MatchStore;
  findGame: GameRegistry;
  operators: readonly string[];
  log: Logger;
  /** Past positions of matches (shared with the in-game history): where analyses start. */
  positions: Positions;
  /** The lobby feed: the listener every match change passes, and the lobby pages' nudge. */
  lobby: MatchListener & MatchListsListener & { nudge(audience: Audience): void };
}

/**
 * The community layer (issue 25): profiles, leaderboards, private notes, challenges and tournaments.
 * `listener` stands in for the lobby feed wherever matches report changes, so that a finished
 * tournament game moves its tournament on; `play` is set once the play layer exists.
 */
export class Community implements MatchListener, MatchListsListener {
  readonly profiles: Profiles;
  readonly notes: Notes;
  readonly challenges: Challenges;
  readonly tournaments: Tournaments;
  readonly lastSeen: LastSeen;
  readonly analyses: Analyses;
  play: Play | null = null;
  /** Set once the notifier exists: challenges are told by notice to players who are away. */
  notifier: Notifier | null = null;
  /** Whether a page of the user's is open anywhere (set with the realtime layer). */
  isUserConnected: (userId: string) => Promise<boolean> = async () => false;

  constructor(private readonly d: CommunityDeps) {
    this.profiles = new Profiles(d.db, d.findGame);
    this.notes = new Notes(d.db, d.store);
    this.lastSeen = new LastSeen(d.db);
    this.analyses = new Analyses(d.db, d.store, d.positions);
    const matchStarted = async (matchId: string) => {
      const m = await d.store.reload(matchId);
      this.play?.scheduleFlag(m);
      d.lobby.listsChanged(m);
    };
    this.challenges = new Challenges(d.db, d.findGame, {
      changed: (users) => d.lobby.nudge({ everyone: false, users }),
      matchStarted,
      notice: (c) =>
        this.notifier?.challengeChanged(
          { ...c, gameTitle: d.findGame(c.game)?.title ?? c.game },
          async (userId) => !(await this.isUserConnected(userId)),
        ),
    });
    this.tournaments = new Tournaments(d.db, d.findGame, d.operators, {
      matchesStarted: async (ids) => {
        for (const id of ids) await matchStarted(id);
      },
      changed: () => d.lobby.nudge({ everyone: true }),
    });
  }

  stepCommitted(m: LiveMatch, step: CommittedStep, previousToAct: string[]): void {
    this.d.lobby.stepCommitted(m, step, previousToAct);
    this.afterChange(m);
  }

  summaryChanged(m: LiveMatch): void {
    this.d.lobby.summaryChanged(m);
    this.afterChange(m);
  }

  listsChanged(m: LiveMatch): void {
    this.d.lobby.listsChanged(m);
  }

  private afterChange(m: LiveMatch): void {
    if (m.status !== 'finished' || !m.tournamentId) return;
    this.tournaments
      .matchFinished(m)
      .catch((err) => this.d.log.error({ err, matchId: m.id }, 'moving the tournament on failed'));
  }

  register(app: FastifyInstance): void {
    app.addHook('onResponse', async (req) => {
      if (req.user) this.lastSeen.seen(req.user.id);
    });
    app.get<{ Params: { name: string } }>('/api/users/:name', (req) =>
      this.profiles.profile(req.params.name, req.user),
    );
    app.get<{ Params: { game: string } }>('/api/leaderboards/:game', (req) =>
      this.profiles.leaderboard(req.params.game),
    );
    app.get<{ Params: { id: string } }>('/api/matches/:id/note', (req) =>
      this.notes.read(req.params.id, requireUser(req)),
    );
    app.put<{ Params: { id: string } }>('/api/matches/:id/note', (req) =>
      this.notes.write(req.params.id, requireUser(req), req.body),
    );
    app.get(communityApi.challenges, (req) => this.challenges.list(requireUser(req)));
    app.post(communityApi.challenges, async (req, reply) =>
      reply.status(201).send(await this.challenges.send(requireUser(req), req.body)),
    );
    app.post<{ Params: { id: string } }>('/api/challenges/:id/accept', (req) =>
      this.challenges.accept(req.params.id, requireUser(req)),
    );
    app.post<{ Params: { id: string } }>('/api/challenges/:id/decline', (req) =>
      this.challenges.decline(req.params.id, requireUser(req), req.body),
    );
    app.post<{ Params: { id: string } }>('/api/challenges/:id/cancel', (req) =>
      this.challenges.cancel(req.params.id, requireUser(req)),
    );
    app.post(communityApi.analyses, async (req, reply) =>
      reply.status(201).send(await this.analyses.create(requireUser(req), req.body)),
    );
    app.get<{ Params: { id: string }; Querystring: { invite?: string } }>('/api/analyses/:id', (req) =>
      this.analyses.read(req.params.id, req.user, req.query.invite),
    );
    app.get(communityApi.tournaments, (req) => this.tournaments.list(req.user));
    app.post(communityApi.tournaments, async (req, reply) =>
      reply.status(201).send(await this.tournaments.create(requireUser(req), req.body)),
    );
    app.get<{ Params: { id: string } }>('/api/tournaments/:id', (req) =>
      this.tournaments.detail(req.params.id, req.user),
    );
    app.post<{ Params: { id: string } }>('/api/tournaments/:id/join', (req) =>
      this.tournaments.join(req.params.id, requireUser(req)),
    );
    app.post<{ Params: { id: string } }>('/api/tournaments/:id/leave', (req) =>
      this.tournaments.leave(req.params.id, requireUser(req)),
    );
  }
}
