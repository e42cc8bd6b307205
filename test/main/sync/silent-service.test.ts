import { afterEach, describe, expect, it } from 'vitest';
import { startSilentService } from '../../harness/silent-service';
import { newEvent } from '../outbox/outbox-rig';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

const rigs: SyncRig[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  for (const close of closers.splice(0)) await close();
  removeTempDirs();
});

describe('a service that accepts connections and never answers', () => {
  it('is taken as unreachable after a few timeouts with no answer, not waited on request by request', async () => {
    const service = await startSilentService();
    closers.push(service.close);
    // The client's timeout, and the least silence it takes for unreachable, are shortened: the
    // count of requests is what the test is about.
    const rig = openRig({
      baseUrl: service.url,
      key: 'organizer-key',
      transport: { timeoutMs: 200, minSilenceMs: 0 },
      outboxSleep: () => Promise.resolve(),
    });
    rigs.push(rig);
    await rig.engine.outbox.create(newEvent('Silent Open A'));
    await rig.engine.outbox.create(newEvent('Silent Open B'));

    const run = await rig.run({ scope: 'default' });
    expect(run.outcome).toBe('failed');
    expect(run.problem?.code).toBe('timeout');
    expect(run.problem?.message).toMatch(/answered none of the last \d+ requests/);
    // Two rounds of the two edits' requests, each timing out side by side, end it.
    expect(service.requests.length).toBeLessThanOrEqual(4);
    expect(run.outbox.pending).toBe(2);
    expect(rig.statuses.at(-1)?.state).toBe('offline');
  });
});
