import type { FastifyInstance } from 'fastify';
import { eventListParamsSchema } from '../../shared/wire/queries';
import { callerOf } from '../access';
import { EventCommands } from '../event-commands';
import { eventIdParam, parsePagedQuery } from '../params';
import { listEnvelope, singleEnvelope } from '../respond';
import type { Services } from '../services';
import { toEventListItem, toEventRecord } from '../store/event-rows';
import { readableEvent } from './lookups';
import { registerRead } from './read-route';

export function registerEventRoutes(app: FastifyInstance, services: Services): void {
  const { events, respond } = services;
  const commands = new EventCommands(services);

  registerRead(app, services, '/v1/events', 'any-key', (request, { scope, now }) => {
    const { page, perPage, ...filters } = parsePagedQuery(eventListParamsSchema, request.query);
    const found = events.list(filters, scope, now, { page, perPage });
    const rows = found.rows.map((row) => toEventListItem(row, now));
    return listEnvelope({ page, perPage }, { rows, total: found.total });
  });

  registerRead(app, services, '/v1/events/:eventId', 'any-key', (request, { scope, now }) =>
    singleEnvelope(toEventRecord(readableEvent(services, scope, request.params), now)),
  );

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
