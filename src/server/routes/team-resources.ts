import type { FastifyInstance } from 'fastify';
import {
  teamClipParamsSchema,
  teamEventParamsSchema,
  teamMatchParamsSchema,
  teamStatsParamsSchema,
} from '../../shared/wire/queries';
import { parsePagedQuery, parseQuery } from '../params';
import { listEnvelope, singleEnvelope } from '../respond';
import type { Services } from '../services';
import { toEventListItem } from '../store/event-rows';
import { existingTeam } from './lookups';
import { registerRead } from './read-route';

/**
 * A team's events, matches and clips are lists, so hidden events stay out of them for callers who
 * do not see those in lists. Season statistics are the same for everyone.
 */
export function registerTeamResourceRoutes(app: FastifyInstance, services: Services): void {
  const { events, matches, clips, stats, respond } = services;

  registerRead(app, services, '/v1/teams/:teamNumber/events', 'open', (request, context) => {
    const { page, perPage, season } = parsePagedQuery(teamEventParamsSchema, request.query);
    const team = existingTeam(services, request.params);
    const found = events.listOfTeam(team.number, season, context.scope, { page, perPage });
    const rows = found.rows.map((row) => toEventListItem(row, context.now));
    return listEnvelope({ page, perPage }, { rows, total: found.total });
  });

  registerRead(app, services, '/v1/teams/:teamNumber/matches', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamMatchParamsSchema, request.query);
    const team = existingTeam(services, request.params);
    const found = matches.listOfTeam(team.number, filters, scope, { page, perPage });
    return listEnvelope({ page, perPage }, found);
  });

  registerRead(app, services, '/v1/teams/:teamNumber/clips', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamClipParamsSchema, request.query);
    const team = existingTeam(services, request.params);
    const found = clips.listOfTeam(team.number, filters, scope, { page, perPage });
    return listEnvelope({ page, perPage }, found);
  });

  registerRead(app, services, '/v1/teams/:teamNumber/stats', 'open', (request) => {
    // `?season=` is an extension: without the extensions it is ignored, not even validated.
    const asked = respond.extensions
      ? parseQuery(teamStatsParamsSchema, request.query).season
      : undefined;
    const team = existingTeam(services, request.params);
    return singleEnvelope(stats.forTeam(team.number, asked ?? stats.defaultSeason(team.number)));
  });
}
