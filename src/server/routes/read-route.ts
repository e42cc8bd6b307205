import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../access';
import type { Access, Caller } from '../auth';
import { secondsText } from '../clock';
import type { Services } from '../services';
import type { EventScope } from '../store/event-rows';
import { listScope } from './lookups';

/** What a read may depend on besides its URL; the read cache is keyed by exactly these. */
export interface ReadContext {
  caller: Caller;
  scope: EventScope;
  /** The service clock, formatted like stored timestamps. */
  now: string;
}

/** Builds a read's envelope; throws HttpError for a 4xx. */
export type ReadHandler = (request: FastifyRequest, context: ReadContext) => object;

/**
 * Registers a GET whose answer is a function of the URL, the caller's scope, the data version and
 * the clock's second, and serves repeats of it from the read cache.
 */
export function registerRead(
  app: FastifyInstance,
  services: Services,
  path: string,
  access: Access,
  handler: ReadHandler,
): void {
  const { clock, readCache, respond, version } = services;
  const nowText = secondsText(clock);
  app.get(path, { config: { access } }, (request, reply) => {
    const caller = callerOf(request);
    const context = { caller, scope: listScope(caller), now: nowText() };
    const key = `${context.scope} ${context.now} ${request.url}`;
    const current = version.current;
    const cached =
      readCache.get(key, current) ??
      readCache.put(key, current, JSON.stringify(handler(request, context)));
    respond.read(request, reply, cached);
  });
}
