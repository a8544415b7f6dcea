/** GET /api/live: the signed-in user's stream of live events (server-sent events, modules/live/hub.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes, route } from '../../lib/routes';

const eventText = () =>
  z.string().meta({
    description:
      'Server-sent events: `ready` once listening, `tickets` with `{ ids }` (tickets the user sees changed; null: any may have), `notifications` (the user’s changed); comments as heartbeats',
  });
const eventStream = Object.assign(eventText(), { content: { 'text/event-stream': { schema: eventText() } } });

export function liveRoutes(app: FastifyInstance): void {
  const hub = app.live;
  defineRoutes(app, 'Live updates', [
    route({
      method: 'GET',
      url: '/live',
      summary: 'A stream of events telling the user’s open screens what changed, to fetch it again',
      answers: { 200: eventStream },
      handler: async (request, reply, { user }) => {
        const session = request.session;
        if (!session) throw new Error('a signed-in request without its session');
        reply.hijack();
        await hub.open(reply.raw, user, session.id, reply.getHeaders());
        return reply;
      },
    }),
  ]);
}
