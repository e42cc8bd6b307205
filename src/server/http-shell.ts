import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../shared/wire/body-limit';
import { installAccessControl, type BucketBy } from './access';
import { KeyTable } from './auth';
import type { Clock } from './clock';
import type { ApiKeyEntry, RateLimit } from './config';
import { ConnectionAnswers } from './connection-answers';
import { installErrorHandling, sendError, toHttpError } from './errors';
import { installProtocolChecks, nodeServerOptions } from './http-protocol';
import { acceptJsonBodies } from './json-body';
import { RateLimiter } from './rate-limit';

export { BODY_LIMIT_BYTES };
export const REQUEST_TIMEOUT_MS = 30_000;

export interface ShellOptions {
  keys: readonly ApiKeyEntry[];
  /** `null` turns rate limiting off. */
  rateLimit: RateLimit | null;
  /** Whose requests share a rate bucket: each key's (the service) or each address's (a share). */
  bucketBy?: BucketBy;
  requestTimeoutMs?: number;
  clock: Clock;
  /** Checks run on every request before access control (a share's Host and Origin checks). */
  guard?: (app: FastifyInstance) => void;
}

/**
 * Everything of the interface's HTTP face but its routes: framing and protocol refusals, the error
 * shape, the `Date` of the answering side's clock, then the guard, rate limit and keys, in that
 * order. The reference service and a venue share both answer through it.
 */
export function createHttpShell(options: ShellOptions): FastifyInstance {
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
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
  // The answering side's clock, pinned or not, is the one its answers and its records tell: a
  // client that reads `Date` beside `createdAt` sees one clock.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('date', options.clock.now().toUTCString());
    done();
  });
  installProtocolChecks(app);
  acceptJsonBodies(app);
  installErrorHandling(app);
  options.guard?.(app);
  installAccessControl(
    app,
    new KeyTable(options.keys),
    options.rateLimit === null ? null : new RateLimiter(options.rateLimit),
    options.bucketBy ?? 'key',
  );
  return app;
}
