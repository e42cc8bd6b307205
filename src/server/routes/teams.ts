import type { FastifyInstance } from 'fastify';
import { teamListParamsSchema } from '../../shared/wire/queries';
import { parsePagedQuery } from '../params';
import { listEnvelope, singleEnvelope } from '../respond';
import type { Services } from '../services';
import { existingTeam } from './lookups';
import { registerRead } from './read-route';

/** Teams need no key; a key that is sent must be valid and widens the events `season` looks at. */
export function registerTeamRoutes(app: FastifyInstance, services: Services): void {
  const { teams } = services;

  registerRead(app, services, '/v1/teams', 'open', (request, { scope }) => {
    const { page, perPage, ...filters } = parsePagedQuery(teamListParamsSchema, request.query);
    const found = teams.list(filters, scope, { page, perPage });
    const rows = found.rows.map((row) => teams.toListItem(row));
    return listEnvelope({ page, perPage }, { rows, total: found.total });
  });

  registerRead(app, services, '/v1/teams/:teamNumber', 'open', (request) =>
    singleEnvelope(teams.toRecord(existingTeam(services, request.params))),
  );
}
