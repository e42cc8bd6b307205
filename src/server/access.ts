import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS, authorize, type Access, type Caller, type KeyTable } from './auth';
import { HttpError } from './errors';
import type { RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route demands of its caller; unset only on the not-found handler. */
    access?: Access;
  }
}

/**
 * Whose requests share a rate bucket. The service gives each key its own; a venue share hands one
 * key to every laptop at the venue, so there each address has its own.
 */
export type BucketBy = 'key' | 'address';

const callers = new WeakMap<FastifyRequest, Caller>();

/** Who sent the request, as established by access control before any handler runs. */
export function callerOf(request: FastifyRequest): Caller {
  return callers.get(request) ?? ANONYMOUS;
}

/**
 * Runs first on every request, before the body is read: rate limit, then authentication, then the
 * route's role. So a caller without the right key learns nothing about the body it sent, and an
 * oversized body from such a caller is never read.
 */
export function installAccessControl(
  app: FastifyInstance,
  keys: KeyTable,
  limiter: RateLimiter | null,
  bucketBy: BucketBy = 'key',
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      const credentials = keys.read(request.headers.authorization);
      if (limiter !== null) {
        const bucket =
          credentials.kind === 'valid' && bucketBy === 'key'
            ? `key:${credentials.caller.keyHash}`
            : `ip:${request.ip}`;
        const retryAfter = limiter.take(bucket);
        if (retryAfter > 0) {
          throw new HttpError('rate_limited', 'Too many requests; slow down.', undefined, {
            'retry-after': String(retryAfter),
          });
        }
      }
      const access = request.routeOptions.config.access;
      // Unknown paths (no access set) answer 404 whatever key came with them.
      if (access !== undefined) callers.set(request, authorize(credentials, access));
      else if (credentials.kind === 'valid') callers.set(request, credentials.caller);
      done();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
