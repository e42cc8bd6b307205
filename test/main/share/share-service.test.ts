import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { IpcFailure } from '../../../src/main/ipc/failure';
import { PushHub } from '../../../src/main/ipc/push-hub';
import { PREFERRED_SHARE_PORT, ShareService } from '../../../src/main/share/share-service';
import { commands } from '../../../src/shared/ipc/contract';
import type { ShareState } from '../../../src/shared/ipc/share';

/* Settings → Share at the venue, as main runs it: a real (empty) cache file, real sockets. */

let dir: string;
let cache: CacheFiles;
let service: ShareService;
let pushed: ShareState[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pitside-share-service-'));
  cache = openCache(join(dir, 'pitside.db'));
  pushed = [];
  const pushes = new PushHub();
  pushes.attach((name, payload) => {
    if (name === 'share:status') pushed.push(payload as ShareState);
  });
  service = new ShareService({
    cacheFile: () => join(dir, 'pitside.db'),
    pushes,
    discovery: false,
  });
});

afterEach(async () => {
  await service.close();
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the share service', () => {
  it('offers this machine’s addresses, loopback first, and starts off', () => {
    const state = service.state();
    expect(state.status).toEqual({ state: 'off', error: null });
    expect(state.interfaces[0]).toMatchObject({ address: '127.0.0.1', loopback: true });
  });

  it('refuses an address that is not this machine’s, at the contract and in main', async () => {
    const input = commands['share:start'].input;
    expect(input.safeParse({ host: 'evil.example' }).success).toBe(false);
    expect(input.safeParse({ host: '127.0.0.1', port: 80 }).success).toBe(false);
    const refused = await service.start('203.0.113.9').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IpcFailure);
    expect((refused as IpcFailure).code).toBe('invalid_input');
    expect(service.state().status.state).toBe('off');
  });

  it('serves on another port when its own is taken', async () => {
    // Taken here, or already by another program: either way the share cannot have it.
    const holder: Server = createServer();
    await new Promise<void>((resolve) => {
      holder.once('error', () => resolve());
      holder.listen(PREFERRED_SHARE_PORT, '127.0.0.1', () => resolve());
    });
    try {
      const started = await service.start('127.0.0.1');
      if (started.status.state !== 'on') throw new Error(`not on: ${started.status.error}`);
      expect(new URL(started.status.url).port).not.toBe(String(PREFERRED_SHARE_PORT));
      const answer = await fetch(new URL('v1/teams?perPage=1', started.status.url));
      expect(answer.status).toBe(200);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('serves on the address picked until stopped, and says so each time', async () => {
    const started = await service.start('127.0.0.1');
    if (started.status.state !== 'on') throw new Error('the share did not start');
    const { url, key } = started.status;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const reply = await fetch(`${url}v1/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0 } });
    expect(pushed.at(-1)?.status.state).toBe('on');

    // A second start is a new session: a new key, the old one refused.
    const again = await service.start('127.0.0.1');
    if (again.status.state !== 'on') throw new Error('the share did not start again');
    expect(again.status.key).not.toBe(key);
    const old = await fetch(`${again.status.url}v1/events`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(old.status).toBe(401);

    const stopped = await service.stop();
    expect(stopped.status).toEqual({ state: 'off', error: null });
    expect(pushed.at(-1)?.status.state).toBe('off');
    await expect(fetch(`${again.status.url}v1/events`)).rejects.toThrow();
  });
});
