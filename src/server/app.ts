import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { BODY_LIMIT_BYTES, createHttpShell, REQUEST_TIMEOUT_MS } from './http-shell';
import { registerEventReads } from './reads/event-reads';
import { registerTeamReads } from './reads/team-reads';
import { registerEventWrites } from './routes/event-writes';
import type { Services } from './services';

export { BODY_LIMIT_BYTES, REQUEST_TIMEOUT_MS };

/** The HTTP face of the service: access control, error shape and the routes of the interface. */
export function buildApp(
  config: Pick<ServerConfig, 'keys' | 'rateLimit' | 'requestTimeoutMs'>,
  services: Services,
): FastifyInstance {
  const app = createHttpShell({ ...config, clock: services.clock });
  registerEventReads(app, services);
  registerEventWrites(app, services);
  registerTeamReads(app, services);
  return app;
}
