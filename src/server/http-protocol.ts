import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Node's own test for a 100-continue expectation, so that both agree on what one is. */
const CONTINUE_EXPECTATION = /(?:^|\W)100-continue(?:$|\W)/i;

/** What a refused request leaves on its connection is not to be read as the next request. */
const CLOSE = { connection: 'close' } as const;

/**
 * Node's HTTP server options, given at construction. Fastify's `requestTimeout` alone is assigned
 * afterwards, which leaves `headersTimeout` at its 60 s default; Node then swaps the two because the
 * headers' is the longer, so bodies had 60 s. Node enforces both in a sweep every
 * `connectionsCheckingInterval` (30 s by default), which adds up to that much again; a sweep every
 * tenth of the timeout, at most every second, keeps a 30 s timeout within 30–31 s.
 */
export function nodeServerOptions(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(1, Math.min(1_000, Math.round(requestTimeoutMs / 10))),
    // Node's own answer to a missing Host is a bare 400; the hook below refuses it in shape.
    requireHostHeader: false,
  };
}

/**
 * What Node's HTTP server would refuse with an empty body, refused in the service's error shape
 * instead: an HTTP/1.1 request without Host, and an expectation other than 100-continue.
 */
export function installProtocolChecks(app: FastifyInstance): void {
  // Without a listener Node answers a bare 417 itself; with one, Fastify gets the request.
  app.server.on('checkExpectation', (request, response) => {
    app.server.emit('request', request, response);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const { httpVersion, headers } = request.raw;
    if (httpVersion === '1.1' && headers.host === undefined) {
      done(new HttpError('invalid_request', 'Send a Host header.', undefined, CLOSE));
      return;
    }
    if (headers.expect !== undefined && !CONTINUE_EXPECTATION.test(headers.expect)) {
      done(
        new HttpError(
          'expectation_failed',
          'The only expectation understood is 100-continue.',
          undefined,
          CLOSE,
        ),
      );
      return;
    }
    done();
  });
}
