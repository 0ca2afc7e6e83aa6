import type { FastifyReply } from 'fastify';

/**
 * Sends a body already serialized as JSON, as it is: an answer serialized once and shared by
 * many readers (a response cache's entry) is not parsed and serialized again per request.
 */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
