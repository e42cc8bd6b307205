import type { ServerOptions } from 'node:http';

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
  };
}
