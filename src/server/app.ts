import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../shared/wire/body-limit';
import { installAccessControl } from './access';
import { KeyTable } from './auth';
import type { ServerConfig } from './config';
import { ConnectionAnswers } from './connection-answers';
import { installErrorHandling, sendError, toHttpError } from './errors';
import { installProtocolChecks, nodeServerOptions } from './http-protocol';
import { acceptJsonBodies } from './json-body';
import { RateLimiter } from './rate-limit';
import { registerEventReads } from './reads/event-reads';
import { registerTeamReads } from './reads/team-reads';
import { registerEventWrites } from './routes/event-writes';
import type { Services } from './services';

export { BODY_LIMIT_BYTES };
export const REQUEST_TIMEOUT_MS = 30_000;

/** The HTTP face of the service: access control, error shape and the routes of the interface. */
export function buildApp(
  config: Pick<ServerConfig, 'keys' | 'rateLimit' | 'requestTimeoutMs'>,
  services: Services,
): FastifyInstance {
  const requestTimeoutMs = config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const connectionAnswers = new ConnectionAnswers(requestTimeoutMs);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    http: nodeServerOptions(requestTimeoutMs),
    forceCloseConnections: true,
    clientErrorHandler: connectionAnswers.onClientError,
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, toHttpError(error));
    },
  });
  connectionAnswers.install(app.server);
  // The service's clock, pinned or not, is the one its answers and its records tell: a client
  // that reads `Date` beside `createdAt` sees one clock.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('date', services.clock.now().toUTCString());
    done();
  });
  installProtocolChecks(app);
  acceptJsonBodies(app);
  installErrorHandling(app);
  installAccessControl(
    app,
    new KeyTable(config.keys),
    config.rateLimit === null ? null : new RateLimiter(config.rateLimit),
  );
  registerEventReads(app, services);
  registerEventWrites(app, services);
  registerTeamReads(app, services);
  return app;
}
