/** socket.io room names: the match (everyone), one per seat, the spectators, and one per session. */
export const matchRoom = (matchId: string) => `m:${matchId}`;
export const seatRoom = (matchId: string, seat: string) => `m:${matchId}:seat:${seat}`;
export const spectatorRoom = (matchId: string) => `m:${matchId}:spectators`;
/** Every socket of one signed-in session, by the session's stored key (never the token itself). */
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;
