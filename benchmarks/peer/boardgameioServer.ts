/**
 * boardgame.io 0.50.2's own server in a process of its own (so its CPU time is its own): the
 * socket.io transport on PORT, the lobby API on API_PORT, its default in-memory storage (nothing is
 * persisted), hosting the trivial game. Prints `listening` once both accept connections.
 */
import { createRequire } from 'node:module';
import { advanceGame } from './advanceGame.ts';

// The package has CommonJS entry points per subpath and no `exports` map, which only require resolves.
const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');

// The lobby API runs as its own Koa app on a port of its own. On one port it would answer 404:
// koa-socket-2 builds the HTTP handler when the transport attaches, before the API's routes are
// added, and koa-compose 4.2 (what koa ^2 resolves to today) copies the middleware list at that
// moment instead of reading it per request. The socket.io transport is unaffected.
const server = Server({ games: [advanceGame], origins: ['http://127.0.0.1'] });
await server.run({
  port: Number(process.env.PORT),
  lobbyConfig: { apiPort: Number(process.env.API_PORT) },
  callback: () => console.log('listening'),
});
