/**
 * The wire protocol between the Salient server and its clients: the REST API under `/api` and the
 * socket.io events. Every payload that crosses the wire has a zod schema here; both sides validate
 * with it, so a change is made in one place. Keep it stable: add fields and events, never rename.
 */
import { applyJsonPatch, type Json, type JsonObject, type JsonPatch } from '@salient/engine';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// JSON values, actions and events (the engine's own shapes)
// ---------------------------------------------------------------------------------------------

export const jsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);
export const jsonObject: z.ZodType<JsonObject> = z.record(z.string(), jsonValue);

/** An action as the engine takes it: a JSON object with a `type`. The rules validate the rest. */
export const actionSchema = z.intersection(jsonObject, z.object({ type: z.string().min(1).max(64) }));

export const gameEventSchema = z.looseObject({ type: z.string(), text: z.string() });
export type WireEvent = z.infer<typeof gameEventSchema> & JsonObject;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * Codes the server itself gives. Rule violations carry the game's own codes (see the engine's
 * CommonErrorCode and each game's codes), so `ErrorBody.code` is any string.
 */
export const ServerErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  /** Too many requests or messages in a short time: `retryAfterSeconds` says when to try again. */
  RateLimited: 'RATE_LIMITED',
  /** A standing allowance is used up (open matches, chat messages in a match): free some first. */
  QuotaExceeded: 'QUOTA_EXCEEDED',
  UsernameTaken: 'USERNAME_TAKEN',
  BadCredentials: 'BAD_CREDENTIALS',
  UnknownGame: 'UNKNOWN_GAME',
  UnknownScenario: 'UNKNOWN_SCENARIO',
  UnknownSeat: 'UNKNOWN_SEAT',
  SeatTaken: 'SEAT_TAKEN',
  AlreadySeated: 'ALREADY_SEATED',
  MatchNotOpen: 'MATCH_NOT_OPEN',
  MatchNotActive: 'MATCH_NOT_ACTIVE',
  MatchNotFinished: 'MATCH_NOT_FINISHED',
  NotAPlayer: 'NOT_A_PLAYER',
  NotJoined: 'NOT_JOINED',
  StaleSeq: 'STALE_SEQ',
  DuplicateAction: 'DUPLICATE_ACTION',
  NothingToUndo: 'NOTHING_TO_UNDO',
  DeadlineNotPassed: 'DEADLINE_NOT_PASSED',
  InvalidRecord: 'INVALID_RECORD',
  /** The record states something (its outcome, its end) that replaying it does not give. */
  RecordMismatch: 'RECORD_MISMATCH',
  /** The record is over the server's import size or action-count limit. */
  RecordTooLarge: 'RECORD_TOO_LARGE',
  ShuttingDown: 'SHUTTING_DOWN',
  /** A state-changing request or a socket from a page of another origin (cross-site request forgery). */
  ForbiddenOrigin: 'FORBIDDEN_ORIGIN',
  /** A body that is not application/json. */
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** A body that is not JSON, or JSON refused before reading: too deep, NUL characters. */
  InvalidJson: 'INVALID_JSON',
  PasswordTooShort: 'PASSWORD_TOO_SHORT',
  PasswordTooCommon: 'PASSWORD_TOO_COMMON',
  /** A webhook URL pointing at a loopback, private or reserved address (or not resolving). */
  WebhookRefused: 'WEBHOOK_REFUSED',
  /** No rematch offer has this id. */
  RematchNotFound: 'REMATCH_NOT_FOUND',
  /** The rematch offer was already accepted or declined: answering it again changes nothing. */
  RematchNotPending: 'REMATCH_NOT_PENDING',
  /** An open seek's rating range leaves the joining player out. */
  RatingOutOfRange: 'RATING_OUT_OF_RANGE',
  /** A challenge already accepted, declined or withdrawn. */
  ChallengeNotPending: 'CHALLENGE_NOT_PENDING',
  /** An analysis whose moves the game's rules refuse, or whose tree is malformed: nothing stored. */
  AnalysisRefused: 'ANALYSIS_REFUSED',
  /** An analysis with more moves or bytes than a stored analysis may hold. */
  AnalysisTooLarge: 'ANALYSIS_TOO_LARGE',
  /** An analysis of a match under way by anyone but one of its players, from their own seat. */
  AnalysisNotAllowed: 'ANALYSIS_NOT_ALLOWED',
  /** A tournament that no longer takes entrants (full, started or over). */
  TournamentNotOpen: 'TOURNAMENT_NOT_OPEN',
  /** Barred from joining tournaments for a while after letting tournament games time out. */
  TimeoutBarred: 'TIMEOUT_BARRED',
  /** A seat the computer plays: nobody may join it. */
  BotSeat: 'BOT_SEAT',
  /** A computer strength other than easy, normal or hard. */
  UnknownLevel: 'UNKNOWN_LEVEL',
  /** Hints asked in a match created without them (a rated match never has them). */
  HintsOff: 'HINTS_OFF',
  /** Joining a match created with hints without agreeing to them (`agreeHints`): nothing changed. */
  HintsNotAgreed: 'HINTS_NOT_AGREED',
  /** The computer could not answer (a hint, or a bot's move): nothing changed. */
  BotFailed: 'BOT_FAILED',
  /**
   * A match one of whose steps the rules, corrected since it was played, no longer allow: it cannot
   * be loaded until an operator rewinds it to before that step (docs/server.md, Operations).
   */
  RulesChanged: 'RULES_CHANGED',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ServerErrorCode = (typeof ServerErrorCode)[keyof typeof ServerErrorCode];

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** With RATE_LIMITED (and QUOTA_EXCEEDED when waiting helps): seconds until a retry can succeed. */
  retryAfterSeconds: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
/** Every non-2xx REST response has this body. */
export const errorResponse = z.object({ error: errorBody });
export type ErrorResponse = z.infer<typeof errorResponse>;

// ---------------------------------------------------------------------------------------------
// Accounts  (REST)
// ---------------------------------------------------------------------------------------------

export const username = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');
/** The shortest password accepted at sign-up (the server answers PASSWORD_TOO_SHORT below it). */
export const PASSWORD_MIN_LENGTH = 10;
/**
 * Length is checked by the server, which names the problem with its own code (PASSWORD_TOO_SHORT),
 * as it does for a common password (PASSWORD_TOO_COMMON).
 */
export const password = z.string().max(200);

/** POST /api/auth/signup -> 201 MeResponse, sets the session cookie. */
export const signUpRequest = z.object({ username, password, email: z.email().max(254).optional() });
export type SignUpRequest = z.infer<typeof signUpRequest>;
/** POST /api/auth/signin -> 200 MeResponse, sets the session cookie. */
export const signInRequest = z.object({ username: z.string().max(64), password: z.string().max(200) });
export type SignInRequest = z.infer<typeof signInRequest>;
/** POST /api/auth/signout -> 204, clears the session cookie. */

export const publicUser = z.object({ id: z.string(), username: z.string() });
export type PublicUser = z.infer<typeof publicUser>;

/** GET /api/me -> 200 MeResponse, or 401 when not signed in. */
export const meResponse = z.object({ user: publicUser });
export type MeResponse = z.infer<typeof meResponse>;

/** GET /api/settings and PUT /api/settings (body: SettingsUpdate) -> Settings. */
export const settings = z.object({
  email: z.email().max(254).nullable(),
  webhookUrl: z.url().max(2000).nullable(),
  notifyByEmail: z.boolean(),
  notifyByWebhook: z.boolean(),
});
export type Settings = z.infer<typeof settings>;
export const settingsUpdate = settings.partial();
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

/**
 * GET /api/notifications/deliveries -> { deliveries }: the account's latest turn notifications,
 * newest first. A pending one is retried at nextAttemptAt, across server restarts.
 */
export const notificationDelivery = z.object({
  id: z.string(),
  /** The match it is about (a turn, a rematch offer); null for a challenge's. */
  matchId: z.string().nullable(),
  /** The challenge it is about (sent to the player, or answered); null for a match's. */
  challengeId: z.string().nullable(),
  channel: z.enum(['email', 'webhook']),
  target: z.string(),
  status: z.enum(['pending', 'delivered', 'abandoned', 'cancelled']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;
export const notificationDeliveries = z.object({ deliveries: z.array(notificationDelivery) });
export type NotificationDeliveries = z.infer<typeof notificationDeliveries>;

// ---------------------------------------------------------------------------------------------
// Games catalogue  (REST)
// ---------------------------------------------------------------------------------------------

/** GET /api/games -> { games: GameInfo[] } : what the server hosts (the client also has the rules). */
export const gameInfo = z.object({
  id: z.string(),
  title: z.string(),
  scenarios: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      seats: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type GameInfo = z.infer<typeof gameInfo>;
export const gamesResponse = z.object({ games: z.array(gameInfo) });
export type GamesResponse = z.infer<typeof gamesResponse>;

// ---------------------------------------------------------------------------------------------
// Matches  (REST)
// ---------------------------------------------------------------------------------------------

export const timeControl = z.discriminatedUnion('kind', [
  /** A chess clock per side: the side to act spends its own time. Running out loses. */
  z.object({
    kind: z.literal('live'),
    initialSeconds: z.number().int().min(1).max(86_400),
    incrementSeconds: z.number().int().min(0).max(3_600).default(0),
  }),
  /** Play by turn: each turn must be played within the time; afterwards the waiting side may claim. */
  z.object({
    kind: z.literal('correspondence'),
    secondsPerTurn: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400),
  }),
  /** No time limit (casual and test matches). */
  z.object({ kind: z.literal('none') }),
]);
export type TimeControl = z.infer<typeof timeControl>;

export const visibility = z.enum(['open', 'private']);
export type Visibility = z.infer<typeof visibility>;

/** POST /api/matches -> 201 MatchSummary (the creator takes `seat`). */
export const createMatchRequest = z.object({
  game: z.string().max(64),
  scenario: z.string().max(64),
  options: jsonObject.default({}),
  seat: z.string().max(64),
  timeControl: timeControl.default({ kind: 'none' }),
  visibility: visibility.default('open'),
  /** Rated or casual: a rated match moves both players' ratings in this game when it ends. */
  rated: z.boolean().default(false),
  /** An open seek may ask for an opponent rated within this range (inclusive). */
  ratingRange: z
    .object({ min: z.number().int().min(0).max(4000), max: z.number().int().min(0).max(4000) })
    .refine((r) => r.min <= r.max, 'the lower bound is above the upper one')
    .optional(),
  /**
   * Both players may ask the computer what it would play (POST /api/matches/:id/hint): a casual
   * match only. The creator asks for it here; whoever joins must agree (`agreeHints`), so hints are
   * never there in a match against a person unless both chose them.
   */
  hints: z.boolean().default(false),
});
export type CreateMatchRequest = z.input<typeof createMatchRequest>;

/** POST /api/matches/:id/join -> MatchSummary. `invite` is required for a private match. */
export const joinMatchRequest = z.object({
  seat: z.string().max(64),
  invite: z.string().max(128).optional(),
  /** Required (true) to join a match created with hints: the joiner agrees to them. */
  agreeHints: z.boolean().optional(),
});
export type JoinMatchRequest = z.infer<typeof joinMatchRequest>;
/**
 * POST /api/matches/:id/leave   (before the start: frees the seat; the last player leaving deletes it)
 * POST /api/matches/:id/resign  (an active match: the other side wins)
 * POST /api/matches/:id/claim   (correspondence: the waiting side claims victory after the deadline)
 * POST /api/matches/:id/rematch (a finished match: offers the opponent a rematch, see RematchOffer)
 * all -> MatchSummary
 * GET  /api/matches/:id -> MatchSummary ; GET /api/invites/:code -> MatchSummary
 */

export const matchStatus = z.enum(['open', 'active', 'finished']);
export type MatchStatus = z.infer<typeof matchStatus>;

/** A seat's player's rating in the match's game when it started, and after it, if it was rated. */
export const seatRating = z.object({
  start: z.number().int(),
  provisional: z.boolean(),
  after: z.number().int().nullable(),
});
export type SeatRating = z.infer<typeof seatRating>;

export const seatSummary = z.object({
  seat: z.string(),
  name: z.string(),
  user: publicUser.nullable(),
  /** Absent for a match that has not started (or started before ratings existed). */
  rating: seatRating.nullable().optional(),
  /** The computer plays this seat, at this strength (absent or null: a person's seat). */
  bot: z.enum(['easy', 'normal', 'hard']).nullable().optional(),
});
export type SeatSummary = z.infer<typeof seatSummary>;

export const outcomeSchema = z.object({ winner: z.string().nullable(), reason: z.string() });
export type WireOutcome = z.infer<typeof outcomeSchema>;

/** Time left, as of `asOf` (server time); a running clock keeps falling from there. */
export const clockState = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('live'),
    remainingMs: z.record(z.string(), z.number()),
    running: z.array(z.string()),
    asOf: z.string(),
  }),
  z.object({ kind: z.literal('correspondence'), deadline: z.string().nullable(), asOf: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type ClockState = z.infer<typeof clockState>;

export const matchSummary = z.object({
  id: z.string(),
  game: z.string(),
  scenario: z.string(),
  options: jsonObject,
  status: matchStatus,
  visibility,
  timeControl,
  seats: z.array(seatSummary),
  createdBy: publicUser,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The action count of the match's current position. */
  seq: z.number().int(),
  turn: z.string(),
  phase: z.string(),
  toAct: z.array(z.string()),
  /** The seat the caller holds in this match, if any. */
  yourSeat: z.string().nullable(),
  yourTurn: z.boolean(),
  /** Only for players of a private match. */
  inviteCode: z.string().nullable(),
  /** sha256 (hex) of the secret seed, published at creation. */
  seedHash: z.string(),
  /** The seed, revealed only once the match is finished. */
  seed: z.string().nullable(),
  outcome: outcomeSchema.nullable(),
  clock: clockState,
  rematchOf: z.string().nullable(),
  /**
   * Imported from a record rather than played here: nobody holds its seats, it never counts
   * towards anything like a rating, and when the record stops before the end it stays a read-only
   * archive of an unfinished game (status `active`, no clock, nobody can join or move).
   */
  imported: z.boolean(),
  /** Rated or casual (absent from servers before ratings: casual). */
  rated: z.boolean().optional(),
  /** An open seek's rating range, if it has one. */
  ratingRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable().optional(),
  /** The tournament this match is a game of, if any. */
  tournamentId: z.string().nullable().optional(),
  /** A seat is played by the computer: tagged "computer" in lists, records and profiles, never rated. */
  computer: z.boolean().optional(),
  /**
   * Players may ask the computer what it would play here (POST /api/matches/:id/hint): against the
   * computer if its player chose so, between people only if both agreed (never rated).
   */
  hints: z.boolean().optional(),
});
export type MatchSummary = z.infer<typeof matchSummary>;

export const botLevel = z.enum(['easy', 'normal', 'hard']);
export type BotLevel = z.infer<typeof botLevel>;

/**
 * POST /api/computer-matches -> 201 MatchSummary: a match against the computer, or between two
 * computers that anyone may watch. `seat` is the creator's seat, or null to only watch; every other
 * seat is played by the computer at `level` (or that seat's own entry in `levels`). The match
 * starts at once and is never rated. `hints` lets the human player ask what the computer would do.
 */
export const computerMatchRequest = z.object({
  game: z.string().max(64),
  scenario: z.string().max(64),
  options: jsonObject.default({}),
  seat: z.string().max(64).nullable(),
  level: z.string().max(16).default('normal'),
  levels: z.record(z.string().max(64), z.string().max(16)).optional(),
  timeControl: timeControl.default({ kind: 'none' }),
  hints: z.boolean().default(false),
});
export type ComputerMatchRequest = z.input<typeof computerMatchRequest>;

/** POST /api/matches/:id/hint -> Hint: what the computer would play for the caller's seat now. */
export const hintSchema = z.object({ seq: z.number().int(), action: jsonObject });
export type Hint = z.infer<typeof hintSchema>;

/**
 * GET /api/matches?list=open   matches with a free seat, open to anyone
 * GET /api/matches?list=mine   the caller's unfinished and recent matches, "your turn" first
 * GET /api/matches?list=live   active matches to watch, most recently moved first
 * GET /api/matches?list=finished finished matches to replay
 */
/**
 * GET /api/matches/:id/positions/:index -> Position. Index 0 is the set-up, index n the position after
 * the n-th step still in force (undone steps are skipped); `seq` is that step's seq in the log.
 * Seen from the caller's seat, or as a spectator; a private match only by its players until it ends.
 */
export const position = z.object({
  index: z.number().int().min(0),
  /** The number of steps in force: the live position is index `total`. */
  total: z.number().int().min(0),
  seq: z.number().int().min(0),
  view: jsonObject,
});
export type Position = z.infer<typeof position>;

/** GET /api/features: e-mail only works with SMTP configured, webhook links need PUBLIC_URL. */
export const featuresResponse = z.object({ email: z.boolean(), publicUrl: z.boolean() });
export type FeaturesResponse = z.infer<typeof featuresResponse>;

/**
 * A game's own words and abbreviations as its log uses them ("Ex", "ZOC"), each explained in plain
 * words, with the rule that defines it. The log marks them and shows the meaning; a game without any
 * has an empty list.
 */
export const glossary = z.array(
  z.object({
    term: z.string().min(1).max(40),
    meaning: z.string().max(400),
    rule: z.string().max(20).optional(),
  }),
);
export type Glossary = z.infer<typeof glossary>;

export const matchListName = z.enum(['open', 'mine', 'live', 'finished']);
export type MatchListName = z.infer<typeof matchListName>;
export const matchListQuery = z.object({
  list: matchListName,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const matchListResponse = z.object({ matches: z.array(matchSummary) });
export type MatchListResponse = z.infer<typeof matchListResponse>;

// ---------------------------------------------------------------------------------------------
// Records: export, import, replay
// ---------------------------------------------------------------------------------------------

export const recordedStep = z.object({
  seq: z.number().int().min(1),
  seat: z.string(),
  action: actionSchema,
  /** Every event of the step, hidden ones included: the record is published after the end. */
  events: z.array(gameEventSchema),
});
export type RecordedStep = z.infer<typeof recordedStep>;

/**
 * GET /api/matches/:id/record -> MatchRecordFile (finished matches only: 409 MATCH_NOT_FINISHED).
 * `actions` are the effective steps (undone ones left out), numbered 1..n.
 */
export const matchRecordFile = z.object({
  format: z.literal('salient-record/1'),
  matchId: z.string(),
  game: z.string(),
  scenario: z.string(),
  options: jsonObject,
  seed: z.string(),
  seedHash: z.string(),
  players: z.array(z.object({ seat: z.string(), username: z.string().nullable() })),
  timeControl,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: outcomeSchema.nullable(),
  actions: z.array(recordedStep),
});
export type MatchRecordFile = z.infer<typeof matchRecordFile>;

/**
 * POST /api/records/import (body: MatchRecordFile) -> 201 { matchId, verified: true }. The server
 * checks the seed against its hash, the options against what the scenario declares, replays every
 * action and compares the events' facts (not their words: text, topic and headline may be an
 * earlier version's, and the replay's are stored); any difference is 422 INVALID_RECORD with the
 * first bad step in the message. The outcome is the replay's own: a record stating another outcome (or a finish the
 * replay does not reach) is 422 RECORD_MISMATCH naming the field. A record that stops before the
 * end is imported unfinished, as a read-only archive. Over the size or action-count limit: 413
 * RECORD_TOO_LARGE.
 */
export const importRecordResponse = z.object({ matchId: z.string(), verified: z.literal(true) });
export type ImportRecordResponse = z.infer<typeof importRecordResponse>;

// ---------------------------------------------------------------------------------------------
// socket.io: connection and events
// ---------------------------------------------------------------------------------------------

/**
 * The socket connects to the same origin (path `/socket.io`) with the session cookie; without one
 * it may only watch. Every client->server event takes an acknowledgement callback that receives
 * `{ ok: true, ... }` or `{ ok: false, error: { code, message } }`. Moves, joins and syncs, and chat
 * have rates per person (the account, or a guest's address) over all their sockets: beyond them the
 * ack is RATE_LIMITED with `retryAfterSeconds`. Past the sockets an account or address may hold
 * open, the connection itself is refused: `connect_error` with `data: ErrorBody` (QUOTA_EXCEEDED).
 */
export const SOCKET_PATH = '/socket.io';

export const ClientEvent = {
  Join: 'match:join',
  Sync: 'match:sync',
  Submit: 'match:submit',
  Undo: 'match:undo',
  Leave: 'match:leave',
  Chat: 'chat:send',
  /** SeenRequest */
  Seen: 'match:seen',
  /** AutoPassRequest */
  AutoPass: 'match:auto-pass',
} as const;

export const ServerEvent = {
  /** MatchUpdate: a new position, with the events that led to it, seen from your seat. */
  Update: 'match:update',
  /** SpectatorCount */
  Spectators: 'match:spectators',
  /** ChatMessage */
  Chat: 'chat:message',
  /** MatchSummary: status, seats, clocks or outcome changed outside an action (join, resign, claim, time). */
  Summary: 'match:summary',
  /** RematchOffer */
  Rematch: 'rematch:offer',
} as const;

export const failedAck = z.object({ ok: z.literal(false), error: errorBody });
export type FailedAck = z.infer<typeof failedAck>;

/** match:join — watch or play. `as: 'seat'` uses the caller's seat (401/403-like codes otherwise). */
export const joinRequest = z.object({
  matchId: z.string().max(64),
  as: z.enum(['seat', 'spectator']),
  /** A private match's invite code: who holds it may watch (a private match is NOT_FOUND to others). */
  invite: z.string().max(64).optional(),
});
export type JoinRequest = z.infer<typeof joinRequest>;

/** The visible events of one step, as a log entry. `undone` steps stay in the log, struck through. */
export const logEntry = z.object({
  seq: z.number().int(),
  seat: z.string().nullable(),
  kind: z.enum(['action', 'undo']).optional(),
  events: z.array(gameEventSchema),
  /** True when a later undo took this step back. */
  undone: z.boolean().optional(),
});
export type LogEntry = z.infer<typeof logEntry>;

export const chatChannel = z.enum(['players', 'spectators']);
export type ChatChannel = z.infer<typeof chatChannel>;

export const chatMessage = z.object({
  matchId: z.string(),
  channel: chatChannel,
  from: z.string(),
  text: z.string(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A full picture of the match from one seat: what join and a full resync give. */
export const matchSnapshot = z.object({
  matchId: z.string(),
  /** Your seat, or null when watching. */
  seat: z.string().nullable(),
  seq: z.number().int(),
  view: jsonObject,
  log: z.array(logEntry),
  summary: matchSummary,
  spectators: z.number().int(),
  /** The recent messages of the channels you may read. */
  chat: z.array(chatMessage),
  /** For a seat: what its player has seen and asked for (see SeatMemory). */
  memory: z.lazy(() => seatMemory).optional(),
});
export type MatchSnapshot = z.infer<typeof matchSnapshot>;
export const joinAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), snapshot: matchSnapshot }),
  failedAck,
]);
export type JoinAck = z.infer<typeof joinAck>;

/**
 * match:sync — after a reconnect: tell the last seq you hold. It also (re-)joins the match when
 * this connection has not joined it yet, `as` your seat if you hold one, else as a spectator, or
 * as `as` says. `delta` gives the log entries after `lastSeq` and the current view; `full` a
 * snapshot, when the gap cannot be bridged (an undo crossed it, or it is too long).
 */
export const syncRequest = z.object({
  matchId: z.string().max(64),
  lastSeq: z.number().int().min(0),
  as: z.enum(['seat', 'spectator']).optional(),
  /** As in JoinRequest: needed to watch a private match. */
  invite: z.string().max(64).optional(),
});
export type SyncRequest = z.infer<typeof syncRequest>;
// Two successful shapes share ok: true, so this is a plain union, told apart by `mode`.
export const syncAck = z.union([
  z.object({
    ok: z.literal(true),
    mode: z.literal('delta'),
    seq: z.number().int(),
    view: jsonObject,
    entries: z.array(logEntry),
    summary: matchSummary,
  }),
  z.object({ ok: z.literal(true), mode: z.literal('full'), snapshot: matchSnapshot }),
  failedAck,
]);
export type SyncAck = z.infer<typeof syncAck>;

/**
 * match:submit — `seq` is the seq of the position the action was chosen in; anything else is
 * STALE_SEQ. `clientActionId` (unique per client action) makes a resend after a lost ack safe: a
 * second submission of an applied id gets DUPLICATE_ACTION with `appliedSeq`.
 */
export const submitRequest = z.object({
  matchId: z.string().max(64),
  seq: z.number().int().min(0),
  action: actionSchema,
  clientActionId: z.string().min(1).max(64),
});
export type SubmitRequest = z.infer<typeof submitRequest>;
export const submitAck = z.discriminatedUnion('ok', [
  /** The action is committed; its match:update follows (or has already arrived). */
  z.object({ ok: z.literal(true), seq: z.number().int() }),
  z.object({
    ok: z.literal(false),
    error: errorBody,
    /** The seq of the current position, so a stale client knows to sync. */
    seq: z.number().int().optional(),
    appliedSeq: z.number().int().optional(),
  }),
]);
export type SubmitAck = z.infer<typeof submitAck>;

/**
 * match:undo — take back your own last action(s), as far as the last die roll or revelation.
 * `seq` is the seq you see (STALE_SEQ otherwise). The undo itself takes a new seq.
 */
export const undoRequest = z.object({ matchId: z.string().max(64), seq: z.number().int().min(0) });
export type UndoRequest = z.infer<typeof undoRequest>;
export const undoAck = submitAck;
export type UndoAck = SubmitAck;

/** match:leave — stop receiving a match's pushes. */
export const leaveRequest = z.object({ matchId: z.string().max(64) });
export type LeaveRequest = z.infer<typeof leaveRequest>;
export const okAck = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true) }), failedAck]);
export type OkAck = z.infer<typeof okAck>;

/**
 * chat:send — players write to and read `players`; spectators `spectators`. Players never see the
 * spectators' channel, so watchers cannot pass hints.
 */
export const chatRequest = z.object({
  matchId: z.string().max(64),
  channel: chatChannel,
  text: z.string().trim().min(1).max(500),
});
export type ChatRequest = z.infer<typeof chatRequest>;

/** One operation of a view patch (see the engine's jsonPatch: set, delete a key, cut a list). */
const patchPath = z.array(z.union([z.string(), z.number().int().min(0)])).max(64);
export const patchOp = z.union([
  z.object({ p: patchPath, v: jsonValue }),
  z.object({ p: patchPath, d: z.literal(1) }),
  z.object({ p: patchPath, n: z.number().int().min(0) }),
]);

/**
 * match:update — pushed to each recipient after every committed step, seen from their seat:
 * `patch` turns the view you hold (at `seq - 1`) into view(state, yourSeat) at `seq` (a full `view`
 * comes instead only where a server sends one); `events` are only those you may see. `at` is the
 * server's time of the step. The match summary comes the same way: a full `summary` only where a
 * server sends one, otherwise `summaryPatch` (absent when nothing else changed) applies to the
 * summary you hold once the step's own fields are set — see summaryAfterUpdate.
 * `kind: 'undo'` means steps were taken back: `undoneSeqs` lists them, and the new view is the
 * restored position.
 * Apply an update whose seq is one more than the seq you hold; ignore one you already hold (it
 * can arrive just after a join's snapshot); on a gap, or a patch that does not fit the view you
 * hold, send match:sync with the seq you hold.
 */
export const matchUpdate = z
  .object({
    matchId: z.string(),
    seq: z.number().int(),
    kind: z.enum(['action', 'undo']),
    seat: z.string(),
    view: jsonObject.optional(),
    patch: z.array(patchOp).optional(),
    events: z.array(gameEventSchema),
    undoneSeqs: z.array(z.number().int()),
    at: z.string(),
    summary: matchSummary.optional(),
    summaryPatch: z.array(patchOp).optional(),
  })
  .refine((u) => (u.view === undefined) !== (u.patch === undefined), 'exactly one of view and patch')
  .refine(
    (u) => u.summary === undefined || u.summaryPatch === undefined,
    'summary or summaryPatch, not both',
  );
export type MatchUpdate = z.infer<typeof matchUpdate>;

/**
 * The summary with a step's own fields set: its seq, its time as `updatedAt`, and the clock read at
 * that time. A summary patch is the difference between this and the summary after the step, so a
 * push whose step changed nothing else carries no summary at all.
 */
export function summaryStepped(held: MatchSummary, seq: number, at: string): MatchSummary {
  const clock = held.clock.kind === 'none' ? held.clock : { ...held.clock, asOf: at };
  return { ...held, seq, updatedAt: at, clock };
}

/**
 * The summary after an update, from the one held at `seq - 1`. Throws when the patch does not fit
 * it (the caller then syncs, as for a view patch).
 */
export function summaryAfterUpdate(
  held: MatchSummary,
  u: Pick<MatchUpdate, 'seq' | 'at' | 'summary' | 'summaryPatch'>,
): MatchSummary {
  if (u.summary) return u.summary;
  const stepped = summaryStepped(held, u.seq, u.at);
  if (!u.summaryPatch || u.summaryPatch.length === 0) return stepped;
  // The patch's operations were checked with the update (patchOp); the server that made it is the
  // one that sends every summary, so the result is not validated again on every push.
  return applyJsonPatch(stepped as unknown as Json, u.summaryPatch as JsonPatch) as unknown as MatchSummary;
}

export const spectatorCount = z.object({ matchId: z.string(), count: z.number().int().min(0) });
export type SpectatorCount = z.infer<typeof spectatorCount>;

/** Typed socket.io maps for `Server<ClientToServer, ServerToClient>` and `Socket<ServerToClient, ClientToServer>`. */
export interface ClientToServerEvents {
  'match:join': (req: JoinRequest, ack: (res: JoinAck) => void) => void;
  'match:sync': (req: SyncRequest, ack: (res: SyncAck) => void) => void;
  'match:submit': (req: SubmitRequest, ack: (res: SubmitAck) => void) => void;
  'match:undo': (req: UndoRequest, ack: (res: UndoAck) => void) => void;
  'match:leave': (req: LeaveRequest, ack: (res: OkAck) => void) => void;
  'chat:send': (req: ChatRequest, ack: (res: OkAck) => void) => void;
  'match:seen': (req: SeenRequest, ack: (res: OkAck) => void) => void;
  'match:auto-pass': (req: AutoPassRequest, ack: (res: OkAck) => void) => void;
}

export interface ServerToClientEvents {
  'match:update': (update: MatchUpdate) => void;
  'match:spectators': (count: SpectatorCount) => void;
  'chat:message': (message: ChatMessage) => void;
  'match:summary': (summary: MatchSummary) => void;
  /** LobbyChanged: some match was created, joined, moved or finished; lobby lists should reload. */
  'lobby:changed': (change: LobbyChanged) => void;
  /** RematchOffer: an offer made to you or by you was made, accepted or declined. */
  'rematch:offer': (offer: RematchOffer) => void;
}

/**
 * A socket that connects with the handshake query `lobby=1` is told when the lobby's lists may have
 * changed, instead of polling them. The nudge is coalesced (at most one per LOBBY_NUDGE_MS).
 */
export const LOBBY_QUERY = 'lobby';
export const LOBBY_NUDGE_MS = 300;
export const lobbyChanged = z.object({ at: z.string() });
export type LobbyChanged = z.infer<typeof lobbyChanged>;

// ---------------------------------------------------------------------------------------------
// Helpers both sides use
// ---------------------------------------------------------------------------------------------

/** Whether an event may be shown to `seat` (null: a spectator). */
export function eventVisibleTo(event: { to?: unknown }, seat: string | null): boolean {
  if (!Array.isArray(event.to)) return true;
  return seat !== null && event.to.includes(seat);
}

/** The REST paths, so neither side spells them twice. */
export const api = {
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  signOut: '/api/auth/signout',
  me: '/api/me',
  settings: '/api/settings',
  notificationDeliveries: '/api/notifications/deliveries',
  games: '/api/games',
  matches: '/api/matches',
  match: (id: string) => `/api/matches/${encodeURIComponent(id)}`,
  join: (id: string) => `/api/matches/${encodeURIComponent(id)}/join`,
  leave: (id: string) => `/api/matches/${encodeURIComponent(id)}/leave`,
  resign: (id: string) => `/api/matches/${encodeURIComponent(id)}/resign`,
  claim: (id: string) => `/api/matches/${encodeURIComponent(id)}/claim`,
  rematch: (id: string) => `/api/matches/${encodeURIComponent(id)}/rematch`,
  /** GET -> { offer: RematchOffer | null }: the finished match's rematch offer, for its players. */
  rematchOffer: (id: string) => `/api/matches/${encodeURIComponent(id)}/rematch`,
  /** GET -> { offers: RematchOffer[] }: the rematches offered to the caller, waiting for an answer. */
  rematchOffers: '/api/rematches',
  rematchAccept: (offerId: string) => `/api/rematches/${encodeURIComponent(offerId)}/accept`,
  rematchDecline: (offerId: string) => `/api/rematches/${encodeURIComponent(offerId)}/decline`,
  record: (id: string) => `/api/matches/${encodeURIComponent(id)}/record`,
  invite: (code: string) => `/api/invites/${encodeURIComponent(code)}`,
  /** GET -> a past position of the match, as the caller's seat saw it (in-game history). */
  position: (id: string, index: number) => `/api/matches/${encodeURIComponent(id)}/positions/${index}`,
  /** GET -> the server's optional features, so the client only offers what works. */
  features: '/api/features',
  /** GET -> an HTML page: the game's rules summary and tables; `#r7.8` is rule 7.8. */
  rules: (game: string) => `/rules/${encodeURIComponent(game)}`,
  /** GET -> the words of a game's log explained ({@link Glossary}); its rules page has them under `#s-glossary`. */
  glossary: (game: string) => `/rules/${encodeURIComponent(game)}/glossary.json`,
  importRecord: '/api/records/import',
  health: '/healthz',
  metrics: '/metrics',
} as const;

// ---------------------------------------------------------------------------------------------
// Rematch offers  (REST + the `rematch:offer` push)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/matches/:id/rematch (body: RematchRequest) -> 201 RematchOffer. A player of a finished
 * match offers the other player a new match: same game, scenario, options, pace and visibility,
 * sides swapped unless `sides: 'same'`. There is one offer per match: when the other player has
 * already offered, asking is accepting (200, status `accepted`), so two clicks make one match.
 * Offering again after a decline renews the offer. The offer is pushed live to both players
 * (`rematch:offer`) and, when the opponent is away, notified as turns are.
 * POST /api/rematches/:offerId/accept | /decline -> RematchOffer, by the player it was made to only
 * (FORBIDDEN for anyone else, REMATCH_NOT_FOUND for an unknown id, REMATCH_NOT_PENDING once
 * answered). Accepting starts the new match with both seats taken: `newMatchId`.
 */
export const rematchRequest = z.object({ sides: z.enum(['swapped', 'same']).default('swapped') });
export type RematchRequest = z.input<typeof rematchRequest>;

export const rematchOffer = z.object({
  id: z.string(),
  /** The finished match it was offered from. */
  matchId: z.string(),
  from: publicUser,
  to: publicUser,
  /** The seats of the new match: seat id -> the player who takes it. */
  seating: z.record(z.string(), z.string()),
  status: z.enum(['pending', 'accepted', 'declined']),
  newMatchId: z.string().nullable(),
  createdAt: z.string(),
});
export type RematchOffer = z.infer<typeof rematchOffer>;
export const rematchOfferResponse = z.object({ offer: rematchOffer.nullable() });
export const rematchOffersResponse = z.object({ offers: z.array(rematchOffer) });

// ---------------------------------------------------------------------------------------------
// What a seat has seen, and its automatic passes  (socket.io)
// ---------------------------------------------------------------------------------------------

/**
 * Kept per seat on the server, so it follows the player across devices. `seenSeq` is the last step
 * the player has seen: a page opened later shows what happened after it ("since you last looked").
 * `autoPass`: the server takes the game's "pass when nothing is playable" choices (Choice.autoPass)
 * for the seat when that is all the seat may do, after a short random wait, so the timing tells
 * the opponent nothing about the hand.
 */
export const seatMemory = z.object({ seenSeq: z.number().int().min(0), autoPass: z.boolean() });
export type SeatMemory = z.infer<typeof seatMemory>;

/** match:seen — the seat's player has seen the match up to `seq` (it never goes back). */
export const seenRequest = z.object({ matchId: z.string().max(64), seq: z.number().int().min(0) });
export type SeenRequest = z.infer<typeof seenRequest>;

/** match:auto-pass — turn the seat's automatic passes on or off. */
export const autoPassRequest = z.object({ matchId: z.string().max(64), on: z.boolean() });
export type AutoPassRequest = z.infer<typeof autoPassRequest>;

/** The bounds of the server's random wait before an automatic pass, in ms. */
export const AUTO_PASS_DELAY_MS = { min: 1_500, max: 6_000 } as const;
// Community: ratings, profiles, leaderboards, notes, challenges, tournaments  (REST, issue 25)
// ---------------------------------------------------------------------------------------------

export const communityApi = {
  /** GET -> Profile of the player with this name (any spelling). */
  profile: (name: string) => `/api/users/${encodeURIComponent(name)}`,
  /** GET -> Leaderboard: the game's active rated players, best first. */
  leaderboard: (game: string) => `/api/leaderboards/${encodeURIComponent(game)}`,
  /** GET -> MatchNote ; PUT MatchNote -> MatchNote. The caller's own notes; players only. */
  note: (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}/note`,
  /** GET -> ChallengeList ; POST ChallengeRequest -> 201 Challenge. */
  challenges: '/api/challenges',
  /** POST -> Challenge (with its matchId once accepted). Only the challenged player. */
  acceptChallenge: (id: string) => `/api/challenges/${encodeURIComponent(id)}/accept`,
  /** POST DeclineRequest -> Challenge. Only the challenged player. */
  declineChallenge: (id: string) => `/api/challenges/${encodeURIComponent(id)}/decline`,
  /** POST -> Challenge. Only the challenger. */
  cancelChallenge: (id: string) => `/api/challenges/${encodeURIComponent(id)}/cancel`,
  /** GET -> TournamentList ; POST TournamentRequest -> 201 TournamentDetail (operators only). */
  tournaments: '/api/tournaments',
  /** GET -> TournamentDetail. */
  tournament: (id: string) => `/api/tournaments/${encodeURIComponent(id)}`,
  /** POST -> TournamentDetail. */
  joinTournament: (id: string) => `/api/tournaments/${encodeURIComponent(id)}/join`,
  /** POST -> TournamentDetail (before the start only). */
  leaveTournament: (id: string) => `/api/tournaments/${encodeURIComponent(id)}/leave`,
  /** POST AnalysisRequest -> 201 StoredAnalysis (signed-in players who may see the match). */
  analyses: '/api/analyses',
  /** GET -> StoredAnalysis (whoever may see its match; a seat's analysis of a match under way: its author). */
  analysis: (id: string) => `/api/analyses/${encodeURIComponent(id)}`,
} as const;

export const ratingPoint = z.object({ at: z.string(), rating: z.number().int() });
export const gameRating = z.object({
  game: z.string(),
  rating: z.number().int(),
  rd: z.number().int(),
  games: z.number().int(),
  provisional: z.boolean(),
  /** Oldest first: the rating after each rated match. */
  history: z.array(ratingPoint),
});
export type GameRating = z.infer<typeof gameRating>;

/** Wins, draws and losses in one game with one side, over the finished matches the viewer may see. */
export const sideRecord = z.object({
  game: z.string(),
  seat: z.string(),
  seatName: z.string(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  /** Results against the computer, kept apart from those against people. */
  computer: z.boolean().optional(),
});
export type SideRecord = z.infer<typeof sideRecord>;

/** A match as a profile lists it: enough for a row and a link, without loading its state. */
export const profileMatch = z.object({
  id: z.string(),
  game: z.string(),
  scenario: z.string(),
  status: matchStatus,
  visibility,
  rated: z.boolean(),
  seats: z.array(seatSummary),
  outcome: outcomeSchema.nullable(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Played against the computer. */
  computer: z.boolean().optional(),
});
export type ProfileMatch = z.infer<typeof profileMatch>;

export const profile = z.object({
  user: publicUser,
  memberSince: z.string(),
  lastSeen: z.string().nullable(),
  ratings: z.array(gameRating),
  records: z.array(sideRecord),
  current: z.array(profileMatch),
  finished: z.array(profileMatch),
});
export type Profile = z.infer<typeof profile>;

export const leaderboardRow = z.object({
  rank: z.number().int(),
  user: publicUser,
  rating: z.number().int(),
  rd: z.number().int(),
  games: z.number().int(),
  provisional: z.boolean(),
});
export const leaderboard = z.object({
  game: z.string(),
  activeDays: z.number().int(),
  rows: z.array(leaderboardRow),
});
export type Leaderboard = z.infer<typeof leaderboard>;

export const NOTE_MAX_LENGTH = 10_000;
export const matchNote = z.object({ text: z.string().max(NOTE_MAX_LENGTH) });
export type MatchNote = z.infer<typeof matchNote>;

export const declineReason = z.enum([
  'generic',
  'later',
  'timeControl',
  'rated',
  'casual',
  'scenario',
  'side',
]);
export type DeclineReason = z.infer<typeof declineReason>;
/** How a client words each reason for declining. */
export const DECLINE_REASONS: Record<DeclineReason, string> = {
  generic: 'I am not accepting challenges at the moment.',
  later: 'Not now, please ask me again later.',
  timeControl: 'Please send me a challenge with another pace.',
  rated: 'Please send me a rated challenge instead.',
  casual: 'Please send me a casual challenge instead.',
  scenario: 'Please send me a challenge with another scenario.',
  side: 'Please send me a challenge with the sides the other way round.',
};

export const challengeRequest = z.object({
  /** The challenged player's name. */
  to: z.string().max(64),
  game: z.string().max(64),
  scenario: z.string().max(64),
  options: jsonObject.default({}),
  /** The challenger's seat; the challenged player takes another. */
  seat: z.string().max(64),
  timeControl: timeControl.default({ kind: 'none' }),
  rated: z.boolean().default(false),
});
export type ChallengeRequest = z.input<typeof challengeRequest>;
export const declineRequest = z.object({ reason: declineReason.default('generic') });

export const challengeStatus = z.enum(['pending', 'accepted', 'declined', 'cancelled']);
export const challenge = z.object({
  id: z.string(),
  from: publicUser,
  to: publicUser,
  game: z.string(),
  scenario: z.string(),
  options: jsonObject,
  seat: z.string(),
  timeControl,
  rated: z.boolean(),
  status: challengeStatus,
  declineReason: declineReason.nullable(),
  matchId: z.string().nullable(),
  createdAt: z.string(),
});
export type Challenge = z.infer<typeof challenge>;
/** Pending challenges both ways, and the caller's own challenges answered in the last days. */
export const challengeList = z.object({ incoming: z.array(challenge), outgoing: z.array(challenge) });
export type ChallengeList = z.infer<typeof challengeList>;

export const tournamentRequest = z.object({
  name: z.string().min(1).max(80),
  game: z.string().max(64),
  scenario: z.string().max(64),
  options: jsonObject.default({}),
  timeControl: timeControl.default({ kind: 'correspondence', secondsPerTurn: 3 * 86_400 }),
  rated: z.boolean().default(true),
  size: z.number().int().min(3).max(8),
});
export type TournamentRequest = z.input<typeof tournamentRequest>;
export const tournamentStatus = z.enum(['registering', 'running', 'finished']);
export const standingRow = z.object({
  rank: z.number().int(),
  user: publicUser,
  played: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  points: z.number(),
  sonnebornBerger: z.number(),
});
export const tournamentGame = z.object({
  matchId: z.string(),
  round: z.number().int(),
  seats: z.array(seatSummary),
  status: matchStatus,
  outcome: outcomeSchema.nullable(),
});
export const tournamentSummary = z.object({
  id: z.string(),
  name: z.string(),
  game: z.string(),
  scenario: z.string(),
  rated: z.boolean(),
  size: z.number().int(),
  entrants: z.number().int(),
  status: tournamentStatus,
  timeControl,
  createdAt: z.string(),
  /** Whether the caller has joined. */
  joined: z.boolean(),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;
export const tournamentDetail = tournamentSummary.extend({
  entries: z.array(publicUser),
  round: z.number().int(),
  rounds: z.number().int(),
  games: z.array(tournamentGame),
  standings: z.array(standingRow),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;
export const tournamentList = z.object({ tournaments: z.array(tournamentSummary) });
export type TournamentList = z.infer<typeof tournamentList>;

// ---------------------------------------------------------------------------------------------
// Stored analyses (issue 25)
// ---------------------------------------------------------------------------------------------

/** Most moves one stored analysis may hold (every one is replayed by the server before storing). */
export const MAX_ANALYSIS_MOVES = 300;
/** Most bytes of JSON one analysis's moves may take. */
export const MAX_ANALYSIS_BYTES = 64 * 1024;

/** One move of an analysis tree: [parent (-1: the start; else an earlier move's index), seat, action]. */
export const analysisMove = z.tuple([
  z.number().int().min(-1),
  z.string().min(1).max(64),
  z.record(z.string(), z.unknown()),
]);
export type AnalysisMove = z.infer<typeof analysisMove>;

export const analysisRequest = z.object({
  matchId: z.string().min(1).max(64),
  /** The match position the tree starts from: the number of steps in force before it. */
  startStep: z.number().int().min(0),
  /**
   * Null: from the real position of a finished match. A seat: from that seat's view of its own
   * match under way, what it cannot see drawn with `draw` (the game's determinization).
   */
  seat: z.string().min(1).max(64).nullable().default(null),
  draw: z.string().min(1).max(64).nullable().default(null),
  /** At most MAX_ANALYSIS_MOVES (checked by the server, which answers ANALYSIS_TOO_LARGE). */
  moves: z.array(analysisMove),
  /** A private match's invite code, for a viewer who came through the invite link. */
  invite: z.string().max(128).optional(),
});
export type AnalysisRequest = z.input<typeof analysisRequest>;

export const storedAnalysis = z.object({
  id: z.string(),
  matchId: z.string(),
  game: z.string(),
  scenario: z.string(),
  startStep: z.number().int(),
  seat: z.string().nullable(),
  draw: z.string().nullable(),
  moves: z.array(analysisMove),
  /**
   * A seat's analysis: that seat's view at the start step (the board draws what it cannot see
   * from it, with `draw`); null for an analysis from the real position of a finished match.
   */
  startView: jsonObject.nullable(),
  by: publicUser,
  createdAt: z.string(),
});
export type StoredAnalysis = z.infer<typeof storedAnalysis>;
