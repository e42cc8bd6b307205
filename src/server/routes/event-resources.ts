import type { FastifyInstance } from 'fastify';
import { eventClipParamsSchema, pageParamsSchema } from '../../shared/wire/queries';
import { parsePagedQuery } from '../params';
import { listEnvelope } from '../respond';
import type { Services } from '../services';
import { readableEvent } from './lookups';
import { registerRead } from './read-route';

/** The teams, matches and clips of one event: readable wherever the event itself is. */
export function registerEventResourceRoutes(app: FastifyInstance, services: Services): void {
  const { teams, matches, clips } = services;

  registerRead(app, services, '/v1/events/:eventId/teams', 'any-key', (request, { scope }) => {
    const page = parsePagedQuery(pageParamsSchema, request.query);
    const event = readableEvent(services, scope, request.params);
    const found = teams.listOfEvent(event.id, page);
    const rows = found.rows.map((row) => teams.toListItem(row));
    return listEnvelope(page, { rows, total: found.total });
  });

  registerRead(app, services, '/v1/events/:eventId/matches', 'any-key', (request, { scope }) => {
    const page = parsePagedQuery(pageParamsSchema, request.query);
    const event = readableEvent(services, scope, request.params);
    return listEnvelope(page, matches.listOfEvent(event.id, page));
  });

  registerRead(app, services, '/v1/events/:eventId/clips', 'any-key', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(eventClipParamsSchema, request.query);
    const event = readableEvent(services, scope, request.params);
    return listEnvelope({ page, perPage }, clips.listOfEvent(event.id, filters, { page, perPage }));
  });
}
