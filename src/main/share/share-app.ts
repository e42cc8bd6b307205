import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../server/config';
import { createHttpShell } from '../../server/http-shell';
import { ReadCache } from '../../server/read-cache';
import { registerEventReads } from '../../server/reads/event-reads';
import { registerTeamReads } from '../../server/reads/team-reads';
import { Responder } from '../../server/respond';
import type { AppDatabase } from '../storage/database';
import { cacheReads } from './cache-read-model';
import { SYNCED_AT_HEADER } from '../../shared/wire/synced-at';
import { installShareGuard } from './share-guard';
import { limitToShareable } from './share-views';

export type ShareRateLimit = RateLimit;

/**
 * Per laptop, so that one laptop cannot take the whole share: a share answers a read in about
 * 0.66 ms of CPU (`npm run bench -- share`), some 1,500 a second on its thread, and 500 a second
 * each leaves room for three laptops syncing at once. Over venue wifi a sync rarely asks that
 * fast; on loopback the engine asked up to 637 a second, and the limit made a whole copy of
 * `large` take 1.59 times as long.
 */
export const SHARE_RATE_LIMIT: RateLimit = { perSecond: 500, burst: 1000 };

export interface ShareAppOptions {
  /** A read-only connection of the share's own; the share limits what it sees. */
  db: AppDatabase;
  key: string;
  now: () => Date;
  /** `null` turns the rate limit off (the benchmark). */
  rateLimit: RateLimit | null;
  /** The Host values that name this share (known once it listens). */
  hosts: () => ReadonlySet<string>;
  /** Called for every read the share answers (200 or 304), with the asking address. */
  onRead?: (address: string, status: 200 | 304) => void;
}

/**
 * The interface's GET endpoints over a Pitside cache, through the service's own HTTP face: the same
 * routes, parameters, envelopes, errors and validators, and the service's viewer answers (public
 * events in lists, unlisted by code, private never). Every answer says when the source synced it.
 */
export function buildShareApp(options: ShareAppOptions): FastifyInstance {
  limitToShareable(options.db);
  const clock = { now: options.now };
  const { model, freshness } = cacheReads(options.db, options.now);
  const dataVersion = options.db.prepare<[], number>('PRAGMA data_version').pluck();
  const app = createHttpShell({
    keys: [{ key: options.key, role: 'viewer' }],
    rateLimit: options.rateLimit,
    bucketBy: 'address',
    clock,
    guard: (shell) => installShareGuard(shell, options.hosts),
  });
  const services = {
    clock,
    // Another connection's commit (the app's sync) changes it: answers kept before are dropped.
    version: {
      get current() {
        return dataVersion.get() ?? 0;
      },
    },
    readCache: new ReadCache(),
    respond: new Responder(true),
    model,
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status === 200 || status === 304) {
      const query = request.query as { season?: unknown } | undefined;
      const season = typeof query?.season === 'string' ? query.season : undefined;
      const syncedAt = freshness.syncedAt(request.url.split('?')[0] ?? '', season);
      if (syncedAt !== null) reply.header(SYNCED_AT_HEADER, syncedAt);
      options.onRead?.(request.ip, status);
    }
    done(null, payload);
  });
  registerEventReads(app, services);
  registerTeamReads(app, services);
  return app;
}
