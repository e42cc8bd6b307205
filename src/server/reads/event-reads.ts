import type { FastifyInstance } from 'fastify';
import {
  eventClipParamsSchema,
  eventListParamsSchema,
  pageParamsSchema,
} from '../../shared/wire/queries';
import { parsePagedQuery } from '../params';
import { listEnvelope, singleEnvelope } from '../respond';
import { readableEvent } from './lookups';
import { registerRead, type ReadServices } from './read-route';

/** The event list, single events, and the teams, matches and clips of an event it may read. */
export function registerEventReads(app: FastifyInstance, services: ReadServices): void {
  const { model } = services;

  registerRead(app, services, '/v1/events', 'any-key', (request, { scope, now }) => {
    const { page, perPage, ...filters } = parsePagedQuery(eventListParamsSchema, request.query);
    return listEnvelope({ page, perPage }, model.events(filters, scope, now, { page, perPage }));
  });

  registerRead(app, services, '/v1/events/:eventId', 'any-key', (request, { scope, now }) =>
    singleEnvelope(readableEvent(model, scope, now, request.params)),
  );

  registerRead(app, services, '/v1/events/:eventId/teams', 'any-key', (request, context) => {
    const page = parsePagedQuery(pageParamsSchema, request.query);
    const event = readableEvent(model, context.scope, context.now, request.params);
    return listEnvelope(page, model.eventTeams(event.id, page));
  });

  registerRead(app, services, '/v1/events/:eventId/matches', 'any-key', (request, context) => {
    const page = parsePagedQuery(pageParamsSchema, request.query);
    const event = readableEvent(model, context.scope, context.now, request.params);
    return listEnvelope(page, model.eventMatches(event.id, page));
  });

  registerRead(app, services, '/v1/events/:eventId/clips', 'any-key', (request, context) => {
    const { page, perPage, ...filters } = parsePagedQuery(eventClipParamsSchema, request.query);
    const event = readableEvent(model, context.scope, context.now, request.params);
    return listEnvelope({ page, perPage }, model.eventClips(event.id, filters, { page, perPage }));
  });
}
