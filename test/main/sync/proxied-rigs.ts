import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

export interface ProxiedRigs {
  /** The service and the fault proxy in front of it, once the file's tests run. */
  server(): TestServer;
  proxy(): FaultProxy;
  /** A sync rig (viewer key) reaching the service through the proxy; closed after the test. */
  rig(): SyncRig;
}

/**
 * The demo service behind a fault proxy for a whole test file, and sync rigs that reach it through
 * the proxy. Registers the file's hooks: the proxy's plan is cleared and the rigs closed after
 * each test.
 */
export function useProxiedRigs(): ProxiedRigs {
  let server: TestServer | null = null;
  let proxy: FaultProxy | null = null;
  const rigs: SyncRig[] = [];

  beforeAll(async () => {
    server = await startTestServer({ data: 'demo' });
    proxy = await startFaultProxy(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });
  afterEach(async () => {
    proxy?.clear();
    for (const rig of rigs.splice(0)) await rig.close();
    removeTempDirs();
  });

  const started = <Value>(value: Value | null): Value => {
    if (value === null) throw new Error('the service starts in beforeAll');
    return value;
  };
  return {
    server: () => started(server),
    proxy: () => started(proxy),
    rig: () => {
      const opened = openRig({ baseUrl: started(proxy).url, key: started(server).keys.viewer });
      rigs.push(opened);
      return opened;
    },
  };
}
