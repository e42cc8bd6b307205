import type { Page } from '@playwright/test';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCredentials } from '../../src/main/credentials/credentials';
import { startPreview } from '../../src/preview/preview';
import type { PitsideApi } from '../../src/shared/ipc/bridge';
import { APP_VERSION, expect, test } from './fixtures';
import { testClock } from '../harness/clock';

/*
 * The preview as a local tool: a page of another loopback origin, in the same real Chromium,
 * tries what any web page could (a text/plain POST that needs no preflight, a JSON POST, the
 * event stream), with and without the launch's secret; a request with a rebound Host header
 * tries to read the page. None gets an answer, and nothing changes in the app.
 */

test.use({ start: 'first-run', syncIntervalMs: null });

/** A page on another port of 127.0.0.1: the same site to Chromium, another origin. */
async function startOtherOrigin(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Another page</title><p>another page</p>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** What another origin's page gets from each attempt: `answered`, `opaque` or `refused`. */
async function attack(page: Page, target: string) {
  return page.evaluate(async (address) => {
    const switchService = JSON.stringify({
      name: 'settings:setService',
      input: { baseUrl: 'http://127.0.0.1:9/' },
    });
    const favorite = JSON.stringify({
      name: 'favorites:set',
      input: { teamNumber: 4242, favorite: true },
    });
    const outcome = async (attempt: Promise<Response>) => {
      try {
        const response = await attempt;
        return response.type === 'opaque' ? 'opaque' : `answered ${response.status}`;
      } catch {
        return 'refused';
      }
    };
    const events = () =>
      new Promise<string>((done) => {
        const stream = new EventSource(`${address}__events`);
        stream.onopen = () => {
          stream.close();
          done('answered');
        };
        stream.onerror = () => {
          stream.close();
          done('refused');
        };
      });
    return {
      plainFavorite: await outcome(
        fetch(`${address}__ipc`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: favorite,
        }),
      ),
      plainSwitch: await outcome(
        fetch(`${address}__ipc`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: switchService,
        }),
      ),
      jsonFavorite: await outcome(
        fetch(`${address}__ipc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: favorite,
        }),
      ),
      events: await events(),
    };
  }, target);
}

test('a page of another origin can neither drive the bridge nor read its stream', async ({
  page,
  preview,
}) => {
  const other = await startOtherOrigin();
  const favorites = async () =>
    (await preview.workspace.dataHandlers['favorites:list'](undefined)).data;
  try {
    await page.goto(other.url);
    const withSecret = await attack(page, preview.url);
    const withoutSecret = await attack(page, new URL('/', preview.url).href);
    for (const tried of [withSecret, withoutSecret]) {
      // A no-cors POST always looks "opaque" to its page; what matters is what the preview did.
      expect(tried.jsonFavorite).toBe('refused');
      expect(tried.events).toBe('refused');
      expect(tried.plainFavorite).not.toMatch(/^answered/);
      expect(tried.plainSwitch).not.toMatch(/^answered/);
    }
    await expect(favorites()).resolves.not.toContain(4242);
    expect(preview.workspace.setupState()).toEqual({ mode: 'first-run', serviceUrl: null });
    expect(preview.workspace.current.settings.baseUrl()).toBeNull();

    // The preview's own page still drives it, through the same bridge.
    await page.goto(`${preview.url}#/settings`);
    await expect(page.getByRole('heading', { name: 'Service' })).toBeVisible();
    const own = await page.evaluate(() =>
      (window as unknown as { api: PitsideApi }).api.favorites.set({
        teamNumber: 4243,
        favorite: true,
      }),
    );
    expect(own).toMatchObject({ ok: true, value: expect.arrayContaining([4243]) });
  } finally {
    await new Promise((done) => other.server.close(done));
  }
});

test('a request under a rebound name is refused, even with the secret', async ({ preview }) => {
  const url = new URL(preview.url);
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { host: `attacker.example:${url.port}` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
  expect(status).toBe(403);
});

test('Settings says the key in use is PITSIDE_API_KEY’s, for this launch only', async ({
  page,
  service,
  dataDirectory,
}) => {
  const preview = await startPreview({
    now: testClock,
    dataDirectory: `${dataDirectory}-environment`,
    credentials: createCredentials(),
    version: APP_VERSION,
    show: { profile: 'service', url: service.url },
    serviceKeyOverride: { baseUrl: service.url, key: service.keys.viewer, from: 'environment' },
  });
  try {
    await preview.workspace.current.engine.idle();
    await page.goto(`${preview.url}#/settings`);
    const status = page.getByTestId('key-status');
    await expect(status).toHaveText('From PITSIDE_API_KEY (this launch only)');
    await expect(status).toHaveAttribute('data-key-source', 'environment');
  } finally {
    await preview.close();
  }
});
