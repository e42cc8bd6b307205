import type { FastifyInstance } from 'fastify';
import {
  teamClipParamsSchema,
  teamEventParamsSchema,
  teamListParamsSchema,
  teamMatchParamsSchema,
  teamStatsParamsSchema,
} from '../../shared/wire/queries';
import { notFound } from '../errors';
import { parsePagedQuery, parseQuery, teamNumberParam } from '../params';
import { listEnvelope, singleEnvelope } from '../respond';
import { existingTeam } from './lookups';
import { registerRead, type ReadServices } from './read-route';

/**
 * Teams need no key; a key that is sent must be valid and widens the events `season` looks at.
 * A team's events, matches and clips are lists, so hidden events stay out of them for callers who
 * do not see those in lists. Season statistics are the same for everyone.
 */
export function registerTeamReads(app: FastifyInstance, services: ReadServices): void {
  const { model, respond } = services;

  registerRead(app, services, '/v1/teams', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamListParamsSchema, request.query);
    return listEnvelope({ page, perPage }, model.teams(filters, scope, { page, perPage }));
  });

  registerRead(app, services, '/v1/teams/:teamNumber', 'open', (request) => {
    const team = model.team(teamNumberParam(request.params));
    if (team === undefined) throw notFound('No such team.');
    return singleEnvelope(team);
  });

  registerRead(app, services, '/v1/teams/:teamNumber/events', 'open', (request, context) => {
    const { page, perPage, season } = parsePagedQuery(teamEventParamsSchema, request.query);
    const team = existingTeam(model, request.params);
    const found = model.teamEvents(team, season, context.scope, context.now, { page, perPage });
    return listEnvelope({ page, perPage }, found);
  });

  registerRead(app, services, '/v1/teams/:teamNumber/matches', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamMatchParamsSchema, request.query);
    const team = existingTeam(model, request.params);
    return listEnvelope(
      { page, perPage },
      model.teamMatches(team, filters, scope, { page, perPage }),
    );
  });

  registerRead(app, services, '/v1/teams/:teamNumber/clips', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamClipParamsSchema, request.query);
    const team = existingTeam(model, request.params);
    return listEnvelope(
      { page, perPage },
      model.teamClips(team, filters, scope, { page, perPage }),
    );
  });

  registerRead(app, services, '/v1/teams/:teamNumber/stats', 'open', (request) => {
    // `?season=` is an extension: without the extensions it is ignored, not even validated.
    const asked = respond.extensions
      ? parseQuery(teamStatsParamsSchema, request.query).season
      : undefined;
    const stats = model.teamStats(existingTeam(model, request.params), asked);
    if (stats === undefined) throw notFound('No statistics of this team for that season.');
    return singleEnvelope(stats);
  });
}
