import { LOBBY_QUERY, SOCKET_PATH } from '@salient/protocol';
import { io } from 'socket.io-client';

/**
 * Calls `reload` whenever the server says the lobby's lists may have changed (challenges and
 * tournaments ride on the same nudge), and after a reconnection, which may have missed some.
 * Returns the function that stops listening.
 */
export function onLobbyChange(reload: () => void): () => void {
  const socket = io({
    path: SOCKET_PATH,
    withCredentials: true,
    query: { [LOBBY_QUERY]: '1' },
    transports: ['websocket', 'polling'],
  });
  let connectedOnce = false;
  socket.on('connect', () => {
    if (connectedOnce) reload();
    connectedOnce = true;
  });
  socket.on('lobby:changed', () => reload());
  return () => socket.close();
}
