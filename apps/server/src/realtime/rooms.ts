/** socket.io room names: the match (everyone), one per seat, and the spectators. */
export const matchRoom = (matchId: string) => `m:${matchId}`;
export const seatRoom = (matchId: string, seat: string) => `m:${matchId}:seat:${seat}`;
export const spectatorRoom = (matchId: string) => `m:${matchId}:spectators`;
