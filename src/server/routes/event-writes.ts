import type { FastifyInstance } from 'fastify';
import { callerOf } from '../access';
import { EventCommands } from '../event-commands';
import { eventIdParam } from '../params';
import type { Services } from '../services';

/** Organizers create and change events; admins delete them. */
export function registerEventWrites(app: FastifyInstance, services: Services): void {
  const { respond } = services;
  const commands = new EventCommands(services);

  app.post('/v1/events', { config: { access: 'organizer' } }, (request, reply) => {
    const answer = commands.create(
      callerOf(request),
      request.body,
      request.headers['idempotency-key'],
    );
    if (answer.location !== null) reply.header('location', answer.location);
    respond.write(reply, answer.status, answer.body);
  });

  app.patch('/v1/events/:eventId', { config: { access: 'organizer' } }, (request, reply) => {
    const eventId = eventIdParam(request.params);
    const body = commands.update(eventId, request.body, request.headers['if-match']);
    respond.write(reply, 200, body);
  });

  // Its own context: a DELETE carries no body, so whatever a client sends along is not parsed.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, parsed) => {
      parsed(null, undefined);
    });
    scope.delete('/v1/events/:eventId', { config: { access: 'admin' } }, (request, reply) => {
      commands.delete(eventIdParam(request.params), request.headers['if-match']);
      reply.code(204).send();
    });
    done();
  });
}
