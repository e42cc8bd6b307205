import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../access';
import type { Access, Caller } from '../auth';
import type { Clock } from '../clock';
import { secondsText } from '../clock';
import type { ReadCache } from '../read-cache';
import type { Responder } from '../respond';
import type { EventScope } from '../store/event-rows';
import { listScope } from './lookups';
import type { ReadModel } from './read-model';

/** What the read routes need, whichever side answers them. */
export interface ReadServices {
  clock: Clock;
  /** Changes whenever anything a read may show changes; the read cache is kept against it. */
  version: { readonly current: number };
  readCache: ReadCache;
  respond: Responder;
  model: ReadModel;
}

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
  services: ReadServices,
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
