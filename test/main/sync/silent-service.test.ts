import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newEvent } from '../outbox/outbox-rig';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/** A service that accepts every connection and never answers: requests counted as they arrive. */
async function startSilentService() {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n')) {
        if (/^(GET|POST|PATCH|DELETE) \//.test(line)) requests.push(line);
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

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
