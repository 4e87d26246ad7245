import { applyJsonPatch, type JsonObject } from '@salient/engine';
import {
  type ChatMessage,
  type LogEntry,
  type MatchSnapshot,
  type MatchSummary,
  type MatchUpdate,
  type SpectatorCount,
  type SyncAck,
  summaryAfterUpdate,
} from '@salient/protocol';

/**
 * The state of one match as the client holds it, and the pure functions that fold the server's
 * pushes into it. Kept free of sockets and Svelte so the ordering rules can be tested directly.
 */

/** `syncing`: connected again and catching up; the board must not offer actions until online. */
export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'syncing' | 'offline';

export interface LoggedStep extends LogEntry {
  undone: boolean;
}

export interface MatchState {
  matchId: string;
  seat: string | null;
  /** The action count of the position `view` shows; every push must continue from it. */
  seq: number;
  view: JsonObject;
  log: LoggedStep[];
  summary: MatchSummary;
  spectators: number;
  chat: ChatMessage[];
  /** A push arrived that does not follow `seq`: the client must ask for what it missed. */
  gap: boolean;
}

export const CHAT_KEEP = 200;

export function fromSnapshot(s: MatchSnapshot): MatchState {
  return {
    matchId: s.matchId,
    seat: s.seat,
    seq: s.seq,
    view: s.view,
    log: s.log.map((e) => ({ ...e, undone: false })),
    summary: s.summary,
    spectators: s.spectators,
    chat: s.chat.slice(-CHAT_KEEP),
    gap: false,
  };
}

export type UpdateOutcome = 'applied' | 'duplicate' | 'gap' | 'other-match';

export function classifyUpdate(state: MatchState, u: MatchUpdate): UpdateOutcome {
  if (u.matchId !== state.matchId) return 'other-match';
  if (u.seq <= state.seq) return 'duplicate';
  if (u.seq > state.seq + 1) return 'gap';
  return 'applied';
}

/**
 * Folds one match:update in. Updates at or below the held seq were already seen (a resend, or one
 * that raced a sync) and change nothing; one that skips a seq marks a gap instead of guessing.
 */
export function applyUpdate(
  state: MatchState,
  u: MatchUpdate,
): { state: MatchState; outcome: UpdateOutcome } {
  const outcome = classifyUpdate(state, u);
  if (outcome === 'other-match' || outcome === 'duplicate') return { state, outcome };
  if (outcome === 'gap') return { state: { ...state, gap: true }, outcome };
  let view: JsonObject;
  let summary: MatchSummary;
  try {
    view = u.patch ? (applyJsonPatch(state.view, u.patch) as JsonObject) : u.view!;
    // The summary comes whole, as a patch, or not at all when the step changed only its seq and time.
    summary = summaryAfterUpdate(state.summary, u);
  } catch {
    // A patch does not fit what we hold: ask for the position rather than guess.
    return { state: { ...state, gap: true }, outcome: 'gap' };
  }
  // Only an undo marks earlier steps; an ordinary step just appends to a copy of the log.
  const undone = new Set(u.undoneSeqs);
  const log =
    undone.size > 0
      ? state.log.map((e) => (undone.has(e.seq) ? { ...e, undone: true } : e))
      : state.log.slice();
  if (u.kind === 'action' || u.events.length > 0)
    log.push({ seq: u.seq, seat: u.seat, events: u.events, undone: false });
  return {
    state: { ...state, seq: u.seq, view, log, summary, gap: false },
    outcome,
  };
}

/** Folds in a match:sync answer: a delta continues the log, a full snapshot replaces everything. */
export function applySync(state: MatchState, ack: SyncAck): MatchState {
  if (!ack.ok) return state;
  if (ack.mode === 'full') {
    const fresh = fromSnapshot(ack.snapshot);
    // The snapshot carries its own chat; keep messages that arrived live in the meantime too.
    return { ...fresh, chat: mergeChat(state.chat, fresh.chat) };
  }
  if (ack.seq < state.seq) return state;
  const known = new Set(state.log.map((e) => e.seq));
  const added = ack.entries
    .filter((e) => e.seq > state.seq && !known.has(e.seq))
    .map((e) => ({ ...e, undone: false }));
  return {
    ...state,
    seq: ack.seq,
    view: ack.view,
    summary: ack.summary,
    log: [...state.log, ...added],
    gap: false,
  };
}

export function applySummary(state: MatchState, summary: MatchSummary): MatchState {
  if (summary.id !== state.matchId) return state;
  // A summary never moves the position: an older seq than ours means it was sent before our update.
  if (summary.seq < state.summary.seq) return state;
  return { ...state, summary };
}

export function applySpectators(state: MatchState, count: SpectatorCount): MatchState {
  return count.matchId === state.matchId ? { ...state, spectators: count.count } : state;
}

export function applyChat(state: MatchState, message: ChatMessage): MatchState {
  if (message.matchId !== state.matchId) return state;
  return { ...state, chat: mergeChat(state.chat, [message]) };
}

function chatKey(m: ChatMessage): string {
  return `${m.at}|${m.channel}|${m.from}|${m.text}`;
}

function mergeChat(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const seen = new Set(a.map(chatKey));
  const out = [...a];
  for (const m of b) {
    if (!seen.has(chatKey(m))) {
      out.push(m);
      seen.add(chatKey(m));
    }
  }
  out.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  return out.slice(-CHAT_KEEP);
}

/**
 * The connection's life: a drop while joined means "reconnecting" (socket.io retries by itself);
 * once connected again the client syncs before it is "online" again.
 */
export type ConnectionEvent = 'connect' | 'disconnect' | 'synced' | 'gave-up';

export function nextConnection(
  current: ConnectionState,
  event: ConnectionEvent,
  joinedBefore: boolean,
): ConnectionState {
  switch (event) {
    case 'connect':
      return joinedBefore ? 'syncing' : 'connecting';
    case 'disconnect':
      return current === 'offline' ? 'offline' : 'reconnecting';
    case 'synced':
      return 'online';
    case 'gave-up':
      return 'offline';
  }
}
