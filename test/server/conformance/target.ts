import { inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCacheForReading } from '../../../src/cli/data-dir';
import { startShare } from '../../../src/main/share/share-server';
import { runCli } from '../../cli/run-cli';
import {
  startTestServer,
  TEST_NOW,
  type TestServer,
  type TestServerOptions,
} from '../../harness/server';

/**
 * What the read-only conformance files run against: the reference service itself, or a venue
 * share of a Pitside that synced everything from it (PITSIDE_CONFORMANCE_TARGET=share, the
 * "share conformance" project of vitest.config.ts). Both must speak the interface's GET endpoints
 * exactly alike.
 */
export const TARGET = process.env.PITSIDE_CONFORMANCE_TARGET === 'share' ? 'share' : 'reference';
if (TARGET === 'share')
  console.log('conformance target: a venue share (PITSIDE_CONFORMANCE_TARGET)');

/** Writes a test makes before it reads; they go to the service, since a share takes none. */
export type Prepare = (service: TestServer) => Promise<void>;

/**
 * The service the reads of a test go to, after `prepare` wrote to the service. On a share every
 * role's key is the share's one key, and a request that names no caller sends it too (a share
 * answers its event endpoints only with its key): its answers are a viewer's.
 */
export async function startReadTarget(
  options: TestServerOptions = {},
  prepare?: Prepare,
): Promise<TestServer> {
  if (TARGET === 'share' && prepare === undefined && isPlainDemo(options)) return demoShare();
  const service = await startTestServer(options);
  try {
    await prepare?.(service);
    if (TARGET === 'reference') return service;
    return await shareOfService(service, options.now === undefined ? TEST_NOW : options.now);
  } catch (error) {
    await service.close();
    throw error;
  }
}

/** The demo data as `startTestServer` makes it by default, with nothing written to it. */
function isPlainDemo(options: TestServerOptions): boolean {
  const { data = 'demo', ...rest } = options;
  return data === 'demo' && Object.keys(rest).length === 0;
}

/** The project's one share of the demo data (share-global-setup.ts); closed when all are done. */
function demoShare(): TestServer {
  const { url, key } = inject('demoShare');
  return {
    url,
    keys: { viewer: key, organizer: key, admin: key },
    defaultKey: key,
    close: () => Promise.resolve(),
  };
}

/** A share of a Pitside that synced everything from `service`, as a server to test. */
export async function shareOfService(service: TestServer, now: string | null): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pitside-conformance-share-'));
  try {
    // The organizer key: the copy holds every event, and the share must still answer as a viewer.
    const sync = await runCli(
      ['sync', '--service', service.url, '--data-dir', dataDir, '--scope', 'all'],
      { PITSIDE_API_KEY: service.keys.organizer },
    );
    if (sync.code !== 0) throw new Error(`the sync for the share failed: ${sync.stderr}`);
    const cache = openCacheForReading(dataDir);
    const share = await startShare({
      db: cache.db,
      host: '127.0.0.1',
      port: 0,
      // The service's clock, pinned or not: statuses are the service's.
      now: now === null ? undefined : () => new Date(now),
      rateLimit: null,
    });
    return {
      url: share.url.replace(/\/$/, ''),
      keys: { viewer: share.key, organizer: share.key, admin: share.key },
      defaultKey: share.key,
      close: async () => {
        await share.close();
        cache.close();
        await service.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
