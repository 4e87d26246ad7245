import type { GameModule, JsonObject, Outcome } from '@salient/engine';
import type { MatchStatus, PublicUser, SeatRating, TimeControl, Visibility } from '@salient/protocol';
import type { RecentActionIds } from './recentActionIds.ts';

/** Game states and views are plain JSON objects (the engine's contract), typed loosely here. */
export type AnyGame = GameModule;
export type GameRegistry = (id: string) => AnyGame | undefined;

export interface SeatHolder {
  seat: string;
  name: string;
  user: PublicUser | null;
  /** The player's rating when the match started (and after it, if rated); null before the start. */
  rating?: SeatRating | null;
  /** The computer plays this seat at this level (its user stays null). */
  bot?: 'easy' | 'normal' | 'hard' | null;
}

/** A step of the match's log as far as undo needs it (read from the database when undoing). */
export interface EffectiveStep {
  seq: number;
  seat: string;
  undoable: boolean;
}

/**
 * A match as one server process holds it in memory: the database row plus the current full state.
 * The database is the truth; this is rebuilt from it whenever another process may have moved on.
 * Nothing here grows with the match's length (the log stays in the database: undo reads its last
 * steps from there, and only the latest client action ids are kept), so a loaded match costs about
 * its state, however long it has been played.
 */
export interface LiveMatch {
  id: string;
  gameId: string;
  game: AnyGame;
  scenario: string;
  options: JsonObject;
  status: MatchStatus;
  visibility: Visibility;
  inviteCode: string | null;
  timeControl: TimeControl;
  seed: string;
  seedHash: string;
  seq: number;
  state: object;
  turn: string;
  phase: string;
  toAct: string[];
  outcome: Outcome | null;
  /** Live clocks: ms left per seat at `clockSince`. */
  clock: Record<string, number> | null;
  clockSince: Date | null;
  deadline: Date | null;
  createdBy: PublicUser;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  rematchOf: string | null;
  /** Imported from a record: a read-only archive nobody plays (see records.ts). */
  imported: boolean;
  /** Rated or casual, chosen at creation. */
  rated: boolean;
  /** An open seek's rating range. */
  ratingRange: { min: number; max: number } | null;
  tournamentId: string | null;
  /** A seat is the computer's: never rated, tagged in lists. */
  computer?: boolean;
  /** Players may ask the computer for a hint. */
  hints?: boolean;
  seats: SeatHolder[];
  /** The latest clientActionIds with their seqs, so a resent action is recognised. */
  recentActionIds: RecentActionIds;
}

export function seatOf(match: LiveMatch, userId: string | undefined): string | null {
  if (!userId) return null;
  return match.seats.find((s) => s.user?.id === userId)?.seat ?? null;
}
