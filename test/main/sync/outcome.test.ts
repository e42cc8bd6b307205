import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/*
 * How a run's outcome follows from its resources: `partial` when some got through and some did
 * not, `failed` when none did, whatever each one's reason (here a venue's login page on every
 * answer, which is not a reason to stop the run early).
 */

let server: TestServer;
let proxy: FaultProxy;
const rigs: SyncRig[] = [];

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(server.url);
});

afterAll(async () => {
  await proxy.close();
  await server.close();
});

afterEach(async () => {
  proxy.clear();
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

function rig(): SyncRig {
  const opened = openRig({ baseUrl: proxy.url, key: server.keys.viewer });
  rigs.push(opened);
  return opened;
}

describe('the outcome of a run', () => {
  it('is failed, not partial, when every resource failed', async () => {
    proxy.plan({ fault: { kind: 'truncate' } });
    const sync = rig();
    const summary = await sync.run({ scope: 'default' });
    expect(summary).toMatchObject({
      outcome: 'failed',
      resources: { pulled: 0 },
      problem: { code: 'invalid_response' },
    });
    expect(summary.resources.failed).toBeGreaterThan(0);
    expect(sync.engine.status()).toMatchObject({ state: 'error', lastSuccessAt: null });
  });

  it('is partial when some resources got through', async () => {
    proxy.plan({
      fault: { kind: 'truncate' },
      match: (request) => request.path.startsWith('/v1/teams?'),
    });
    const summary = await rig().run({ scope: 'default' });
    expect(summary.outcome).toBe('partial');
    expect(summary.resources.pulled).toBeGreaterThan(0);
    expect(summary.resources.failed).toBeGreaterThan(0);
  });

  it('stops at a captive portal that outlasts the retries, and says to sign in', async () => {
    proxy.plan({ fault: { kind: 'captive-portal' } });
    const sync = rig();
    const summary = await sync.run({ scope: 'all' });
    expect(summary).toMatchObject({ outcome: 'failed', problem: { code: 'captive_portal' } });
    expect(summary.problem?.message).toMatch(/sign in to the venue's network/);
    // The first resource that met it ended the run: nothing else was tried.
    expect(summary.resources.failed).toBe(1);
    expect(sync.engine.status()).toMatchObject({ state: 'offline' });
  });
});
