import { describe, expect, it } from 'vitest';
import { useProxiedRigs } from './proxied-rigs';

/*
 * A run that starts offline (the schedule tries again every 30 s) says offline until the service
 * answers it: the bar showed "Syncing edits 0 of 1" through every retry while nothing could be sent.
 * The proxy drops every connection, as a venue's dead wifi does, then lets them through.
 */

const fixture = useProxiedRigs();

describe('a run started offline', () => {
  it('stays offline in its status until the service answers, then syncs', async () => {
    const sync = fixture.rig();
    fixture.proxy().plan({ fault: { kind: 'drop' } });
    expect((await sync.run({ scope: 'default' })).problem?.code).toBe('offline');
    expect(sync.engine.status().state).toBe('offline');

    const before = sync.statuses.length;
    const retry = await sync.run({ scope: 'default' });
    expect(retry.outcome).toBe('failed');
    const during = sync.statuses.slice(before);
    expect(during.length).toBeGreaterThan(0);
    expect(during.map((status) => status.state)).toEqual(during.map(() => 'offline'));

    fixture.proxy().clear();
    const back = sync.statuses.length;
    expect((await sync.run({ scope: 'default' })).outcome).toBe('completed');
    const states = sync.statuses.slice(back).map((status) => status.state);
    expect(states).toContain('syncing');
    expect(states.at(-1)).toBe('idle');
  });
});
