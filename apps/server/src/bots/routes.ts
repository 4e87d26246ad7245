import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/app.ts';
import type { ComputerMatches } from './computerMatches.ts';

/** POST /api/computer-matches (a match against the computer) and POST /api/matches/:id/hint. */
export function registerBotRoutes(app: FastifyInstance, computer: ComputerMatches): void {
  app.post('/api/computer-matches', async (req, reply) => {
    const user = requireUser(req);
    return reply.status(201).send(await computer.create(user, req.body as never, req.ip));
  });
  app.post<{ Params: { id: string } }>('/api/matches/:id/hint', async (req) =>
    computer.hint(req.params.id, requireUser(req)),
  );
}
