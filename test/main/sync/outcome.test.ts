import { describe, expect, it } from 'vitest';

import { useProxiedRigs } from './proxied-rigs';
import type { SyncRig } from './sync-rig';

/*
 * How a run's outcome follows from its resources: `partial` when some got through and some did
 * not, `failed` when none did, whatever each one's reason; and a captive portal that outlasts
 * the retries, which ends the run at once.
 */

const fixture = useProxiedRigs();
const rig = (): SyncRig => fixture.rig();

describe('the outcome of a run', () => {
  it('is failed, not partial, when every resource failed', async () => {
    fixture.proxy().plan({ fault: { kind: 'truncate' } });
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
    fixture.proxy().plan({
      fault: { kind: 'truncate' },
      match: (request) => request.path.startsWith('/v1/teams?'),
    });
    const summary = await rig().run({ scope: 'default' });
    expect(summary.outcome).toBe('partial');
    expect(summary.resources.pulled).toBeGreaterThan(0);
    expect(summary.resources.failed).toBeGreaterThan(0);
  });

  it('stops at a captive portal that outlasts the retries, and says to sign in', async () => {
    fixture.proxy().plan({ fault: { kind: 'captive-portal' } });
    const sync = rig();
    const summary = await sync.run({ scope: 'all' });
    expect(summary).toMatchObject({ outcome: 'failed', problem: { code: 'captive_portal' } });
    expect(summary.problem?.message).toMatch(/sign in to the venue's network/);
    // The first resource that met it ended the run: nothing else was tried.
    expect(summary.resources.failed).toBe(1);
    expect(sync.engine.status()).toMatchObject({ state: 'offline' });
  });
});
