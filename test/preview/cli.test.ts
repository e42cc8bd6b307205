import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { DEMO_MADE_FILE } from '../../src/main/profiles/demo-renewal';
import { DEMO_KEY_FILE } from '../../src/main/profiles/demo-service';
import type { ServiceSettings } from '../../src/shared/ipc/settings';
import type { SyncStatus } from '../../src/shared/ipc/sync';
import { startFaultProxy } from '../harness/fault-proxy';
import { startTestServer } from '../harness/server';
import { builtRenderer, firstLine, ipc, launch, root, synced } from './preview-process';

const FIRST_LINE = /^preview on http:\/\/127\.0\.0\.1:(\d+)\/[\w-]{43}\/$/;

beforeAll(builtRenderer);

describe('npm run preview', () => {
  it('serves the demo, answers IPC over HTTP, and closes cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pitside-preview-cli-'));
    const preview = launch(['--demo', '--data-dir', dataDir]);
    try {
      const line = await firstLine(preview);
      expect(line).toMatch(FIRST_LINE);
      const base = line.slice('preview on '.length);

      const page = await fetch(base);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<script src="./__preview/bridge.js"></script>');
      const entry = /src="\.?(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();
      // The entry and every chunk the app loads later, by name from the build.
      const chunks = readdirSync(join(root, 'out/renderer/assets'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => `/assets/${name}`);
      expect(chunks).toContain(entry);
      for (const script of chunks) {
        const chunk = await fetch(new URL(`.${script}`, base));
        expect(chunk.status).toBe(200);
        expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        await chunk.arrayBuffer();
      }

      await expect(ipc(base, 'setup:get')).resolves.toMatchObject({
        ok: true,
        value: { mode: 'demo', serviceUrl: null },
      });
      await expect(ipc(base, 'app:info')).resolves.toMatchObject({
        ok: true,
        value: { dataDirectory: dataDir, versions: { electron: null } },
      });
      const url = 'https://events.invalid/2026';
      await expect(ipc(base, 'links:open', { url })).resolves.toEqual({ ok: true, value: {} });
      await expect(
        ipc(base, 'links:open', { url: 'http://events.invalid/' }),
      ).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      await expect.poll(() => preview.stderr()).toContain(`open ${url}\n`);
      expect(preview.stderr()).not.toContain('open http://');
    } finally {
      preview.child.kill('SIGTERM');
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
    // Both databases were closed, not left behind: SQLite folds and removes a WAL at the close.
    // The lock stays, empty; what named its holder goes with it.
    expect(readdirSync(join(dataDir, 'demo')).sort()).toEqual([
      DEMO_KEY_FILE,
      'pitside.db',
      'pitside.lock',
      'service.db',
      DEMO_MADE_FILE,
    ]);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('-wal'))).toEqual([]);
    expect(preview.stdout().split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('starts as a first run in a directory of its own, removed when it stops', async () => {
    const preview = launch([]);
    let dataDirectory = '';
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      await expect(ipc(base, 'setup:get')).resolves.toMatchObject({
        ok: true,
        value: { mode: 'first-run', serviceUrl: null },
      });
      const info = (await ipc(base, 'app:info')) as { value: { dataDirectory: string } };
      dataDirectory = info.value.dataDirectory;
      expect(existsSync(join(dataDirectory, 'pitside.db'))).toBe(true);
    } finally {
      preview.child.kill('SIGINT');
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
    expect(dataDirectory).not.toBe('');
    expect(existsSync(dataDirectory)).toBe(false);
  });

  it('shows a service given on the command line, synced with the key from the environment', async () => {
    const service = await startTestServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'pitside-preview-cli-'));
    const preview = launch(['--service', service.url, '--data-dir', dataDir], service.keys.viewer);
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      await expect(ipc(base, 'setup:get')).resolves.toMatchObject({
        ok: true,
        value: { mode: 'service', serviceUrl: service.url },
      });
      await expect
        .poll(async () => ((await ipc(base, 'sync:status')) as { value: SyncStatus }).value, {
          timeout: 15_000,
        })
        .toMatchObject({
          state: 'idle',
          problem: null,
          lastSuccessAt: expect.any(String) as string,
        });
      const listed = (await (
        await fetch(`${service.url}/v1/events?perPage=1`, {
          headers: { authorization: `Bearer ${service.keys.viewer}` },
        })
      ).json()) as { meta: { total: number } };
      await expect(ipc(base, 'events:list', { perPage: 1 })).resolves.toMatchObject({
        ok: true,
        value: { meta: { total: listed.meta.total } },
      });
    } finally {
      preview.child.kill('SIGTERM');
      await service.close();
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'demo'))).toBe(false);
  });

  it('runs the demo where there is no keychain at all, its key in a file of its own', async () => {
    // No session bus and an empty runtime directory: no Secret Service can be found, as on a
    // fresh Linux box or a CI runner.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), 'pitside-no-bus-')),
    };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const dataDir = mkdtempSync(join(tmpdir(), 'pitside-preview-cli-'));
    const service = await startTestServer();
    const preview = launch(['--demo', '--data-dir', dataDir], '', env);
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      const status = await synced(base);
      expect(status).toMatchObject({ state: 'idle', problem: null });
      await expect(ipc(base, 'events:list', { perPage: 1 })).resolves.toMatchObject({
        ok: true,
        value: { meta: { total: 60 } },
      });
      expect(statSync(join(dataDir, 'demo', DEMO_KEY_FILE)).mode & 0o777).toBe(0o600);
      // A real service's key is never put in a file instead: without a keychain it is not kept.
      await expect(
        ipc(base, 'setup:connect', { baseUrl: service.url, key: service.keys.viewer }),
      ).resolves.toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    } finally {
      preview.child.kill('SIGTERM');
      await service.close();
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
  });

  it('keeps a real service’s key in the keychain, as before', async () => {
    const service = await startTestServer();
    const preview = launch(['--demo']);
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      await expect(
        ipc(base, 'setup:connect', { baseUrl: service.url, key: service.keys.viewer }),
      ).resolves.toMatchObject({ ok: true, value: { mode: 'service' } });
      await expect(createCredentials().getKey(service.url)).resolves.toBe(service.keys.viewer);
      await expect(ipc(base, 'settings:get')).resolves.toMatchObject({
        ok: true,
        value: { key: 'set', keySource: 'keychain' },
      });
    } finally {
      preview.child.kill('SIGTERM');
      await createCredentials().clearKey(service.url);
      await service.close();
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
  });

  it('sends PITSIDE_API_KEY to the --service address alone, never to one switched to', async () => {
    const first = await startTestServer();
    // The second address: a recording proxy in front of a service that would take the same key.
    const other = await startTestServer({ keys: first.keys });
    const recorder = await startFaultProxy(other.url);
    const key = first.keys.viewer;
    const preview = launch(['--service', first.url], key);
    try {
      const base = (await firstLine(preview)).slice('preview on '.length);
      expect(await synced(base)).toMatchObject({ state: 'idle', problem: null });
      await expect(ipc(base, 'settings:get')).resolves.toMatchObject({
        ok: true,
        value: { baseUrl: first.url, key: 'set', keySource: 'environment' },
      });

      await expect(
        ipc(base, 'settings:setService', { baseUrl: recorder.url }),
      ).resolves.toMatchObject({ ok: true, value: { baseUrl: recorder.url, key: 'none' } });
      await expect.poll(() => recorder.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await synced(base);
      const settings = ((await ipc(base, 'settings:get')) as { value: ServiceSettings }).value;
      expect(settings).toMatchObject({ key: 'none', keySource: 'none' });
      expect(recorder.requests.map((request) => request.headers.authorization)).not.toContain(
        `Bearer ${key}`,
      );
      expect(JSON.stringify(recorder.requests)).not.toContain(key);
    } finally {
      preview.child.kill('SIGTERM');
      await recorder.close();
      await other.close();
      await first.close();
    }
    await expect(preview.exited).resolves.toEqual({ code: 0, signal: null });
  });

  it.each([
    [['--port', 'eighty']],
    [['--port', '70000']],
    [['--demo', '--service', 'http://127.0.0.1:9']],
    [['--service', 'ftp://files.invalid/']],
    [['--colour']],
    [['stray']],
  ])('refuses %j with the usage on stderr and status 2', async (args) => {
    const preview = launch(args);
    await expect(preview.exited).resolves.toEqual({ code: 2, signal: null });
    expect(preview.stderr()).toContain('usage: npm run preview --');
    expect(preview.stdout()).toBe('');
  });
});
