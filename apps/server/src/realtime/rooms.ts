/** socket.io room names: the match (everyone), one per seat, the spectators, and one per session. */
export const matchRoom = (matchId: string) => `m:${matchId}`;
export const seatRoom = (matchId: string, seat: string) => `m:${matchId}:seat:${seat}`;
export const spectatorRoom = (matchId: string) => `m:${matchId}:spectators`;
/** Every socket of one signed-in session, by the session's stored key (never the token itself). */
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;
export const sessionKeyOfRoom = (room: string): string | null =>
  room.startsWith('session:') ? room.slice('session:'.length) : null;
/** The match a room name is the main room of, or null for seat, spectator and session rooms. */
export const matchIdOfRoom = (room: string): string | null => /^m:([^:]+)$/.exec(room)?.[1] ?? null;
/** Every socket of one account, on every process: what is pushed to a person rather than a match (a rematch offer). */
export const userRoom = (userId: string) => `user:${userId}`;
