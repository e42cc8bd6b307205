import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDataLayer } from '../../../src/main/data-layer';
import { createLinkHandlers } from '../../../src/main/handlers/links';
import { IpcFailure } from '../../../src/main/ipc/failure';
import { createHeadlessPlatform } from '../../../src/main/platform/headless-platform';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import {
  credentials,
  freshDataDirectory,
  openTestWorkspace,
  settled,
  type OpenWorkspace,
} from './workspace-rig';
import { testClock } from '../../harness/clock';

let service: TestServer;
let opened: OpenWorkspace[] = [];

beforeAll(async () => {
  service = await startTestServer();
});

afterAll(async () => {
  await service.close();
});

afterEach(async () => {
  for (const { workspace } of opened) await workspace.close();
  opened = [];
});

async function open(dataDirectory?: string): Promise<OpenWorkspace> {
  const workspace = await openTestWorkspace(dataDirectory);
  opened.push(workspace);
  return workspace;
}

describe('links:open', () => {
  it('hands an https link to the platform', async () => {
    const { dispatch, platform } = await open();
    const url = 'https://events.invalid/2026/teams?number=254#stats';
    await expect(dispatch('links:open', { url })).resolves.toEqual({ ok: true, value: {} });
    expect(platform.openedUrls).toEqual([url]);
  });

  it.each(['http://events.invalid/', 'javascript:alert(1)', 'file:///etc/passwd', 'https://'])(
    'refuses %s and opens nothing',
    async (url) => {
      const { dispatch, platform } = await open();
      await expect(dispatch('links:open', { url })).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(platform.openedUrls).toEqual([]);
    },
  );

  // The contract's schema takes these (it asks only for `https://` and no whitespace character).
  it.each([
    ['a NUL', 'https://events.invalid/clip.mp4\u0000.exe'],
    ['a control character', 'https://events.invalid/\u001b[2J'],
    ['a right-to-left override', 'https://events.invalid/\u202e4pm.exe'],
    ['credentials', 'https://events.invalid@evil.invalid/'],
    ['2082 characters', `https://events.invalid/${'a'.repeat(2082 - 23)}`],
  ])('refuses a link with %s as invalid input and opens nothing', async (_what, url) => {
    const { dispatch, platform } = await open();
    const result = await dispatch('links:open', { url });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'url' }] },
    });
    expect(platform.openedUrls).toEqual([]);
  });

  it('opens the link as it was checked: parsed and written out again', async () => {
    const { dispatch, platform } = await open();
    await valueOf(dispatch('links:open', { url: 'https://Events.Invalid/équipes/./254' }));
    expect(platform.openedUrls).toEqual(['https://events.invalid/%C3%A9quipes/254']);
  });

  it('checks again in main, behind the schema', async () => {
    const platform = createHeadlessPlatform({ dataDirectory: freshDataDirectory() });
    const open = createLinkHandlers(platform)['links:open'];
    for (const url of ['http://events.invalid/', 'javascript:alert(1)']) {
      await expect(open({ url })).rejects.toBeInstanceOf(IpcFailure);
      await expect(open({ url })).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect(platform.openedUrls).toEqual([]);
  });
});

describe('cache:clear', () => {
  it('forgets what was synced, keeps favorites and pins, and syncs again', async () => {
    const { workspace, dispatch, pushes } = await open();
    try {
      await valueOf(dispatch('setup:connect', { baseUrl: service.url, key: service.keys.viewer }));
      await settled(workspace);
      await valueOf(dispatch('favorites:set', { teamNumber: 254, favorite: true }));
      await valueOf(dispatch('pins:set', { eventId: '2026pinned', pinned: true }));
      await settled(workspace);
      const count = workspace.current.cache.reader
        .prepare<[], number>('SELECT count(*) FROM events')
        .pluck();
      const before = count.get() ?? 0;
      expect(before).toBeGreaterThan(0);
      const heard = pushes.length;

      await expect(valueOf(dispatch('cache:clear', undefined))).resolves.toEqual({
        cleared: true,
      });
      expect(count.get()).toBe(0);
      await expect(valueOf(dispatch('favorites:list', undefined))).resolves.toMatchObject({
        data: [254],
      });
      await expect(valueOf(dispatch('pins:list', undefined))).resolves.toMatchObject({
        data: ['2026pinned'],
      });
      await expect(valueOf(dispatch('setup:get', undefined))).resolves.toMatchObject({
        mode: 'service',
        serviceUrl: service.url,
      });

      await settled(workspace);
      expect(count.get()).toBe(before);
      const notices = pushes
        .slice(heard)
        .filter((push) => push.name === 'cache:changed')
        .map((push) => (push.payload as { resources: string[] }).resources);
      expect(notices[0]).toContain('all');
    } finally {
      await credentials.clearKey(service.url);
    }
  });
});

describe('the theme and the app state file', () => {
  it('keeps the theme across a restart and hands it to the platform', async () => {
    const first = await open();
    expect(first.platform.themes).toEqual(['system']);
    await expect(valueOf(first.dispatch('theme:get', undefined))).resolves.toEqual({
      theme: 'system',
    });
    await expect(valueOf(first.dispatch('theme:set', { theme: 'dark' }))).resolves.toEqual({
      theme: 'dark',
    });
    expect(first.platform.themes).toEqual(['system', 'dark']);
    await expect(first.dispatch('theme:set', { theme: 'purple' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    // Written whole and renamed into place: no temporary file is left beside it.
    expect(readdirSync(first.dataDirectory).filter((name) => name.includes('app-state'))).toEqual([
      'app-state.json',
    ]);
    await first.workspace.close();
    opened = [];

    const again = await open(first.dataDirectory);
    expect(again.platform.themes).toEqual(['dark']);
    await expect(valueOf(again.dispatch('theme:get', undefined))).resolves.toEqual({
      theme: 'dark',
    });
    // The theme is the app's, not a first-run choice.
    await expect(valueOf(again.dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'first-run',
    });
  });

  it.each([
    ['not JSON at all', '{ "profile": '],
    ['JSON of another shape', '[1, 2, 3]'],
    ['a theme it does not know', '{ "profile": "service", "theme": "purple" }'],
  ])('opens on the defaults when the file holds %s', async (_what, text) => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-state-'));
    writeFileSync(join(dataDirectory, 'app-state.json'), text);
    const { dispatch, platform } = await open(dataDirectory);
    await expect(valueOf(dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'first-run',
      serviceUrl: null,
    });
    await expect(valueOf(dispatch('theme:get', undefined))).resolves.toEqual({ theme: 'system' });
    expect(platform.themes).toEqual(['system']);
    await valueOf(dispatch('theme:set', { theme: 'light' }));
    expect(JSON.parse(readFileSync(join(dataDirectory, 'app-state.json'), 'utf8'))).toMatchObject({
      theme: 'light',
    });
  });

  it('keeps what is readable of a file with one bad field', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-state-'));
    writeFileSync(
      join(dataDirectory, 'app-state.json'),
      JSON.stringify({ profile: 'elsewhere', demoChosen: true, theme: 'light' }),
    );
    const { dispatch } = await open(dataDirectory);
    await expect(valueOf(dispatch('theme:get', undefined))).resolves.toEqual({ theme: 'light' });
    await expect(valueOf(dispatch('setup:get', undefined))).resolves.toMatchObject({
      mode: 'service',
      serviceUrl: null,
    });
  });
});

describe('a data layer used on its own', () => {
  it('still answers every command of the contract, the app’s with a clear refusal', async () => {
    const layer = openDataLayer({
      now: testClock,
      dataDirectory: freshDataDirectory(),
      fetch,
      credentials,
    });
    try {
      const dispatch = dispatcherOf(layer);
      await expect(dispatch('setup:get', undefined)).resolves.toEqual({
        ok: false,
        error: {
          code: 'internal',
          message: "setup:get needs the app's workspace, which is not running.",
        },
      });
      await expect(valueOf(dispatch('cache:clear', undefined))).resolves.toEqual({
        cleared: true,
      });
    } finally {
      await layer.close();
    }
  });
});
