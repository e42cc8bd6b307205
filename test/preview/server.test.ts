import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../src/main/data-layer';
import { startPreviewServer, type PreviewServer } from '../../src/preview/server';
import { dispatcherOf } from '../harness/layer-dispatch';

/*
 * The preview's server on a renderer build of its own making: what a built renderer holds (lazy
 * chunks, styles, fonts, images) with the right types, nothing outside it, and IPC and pushes
 * to and from a real data layer.
 */

let layer: DataLayer;
let server: PreviewServer;
let base: string;
let rendererDirectory: string;

const INDEX = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const outside = mkdtempSync(join(tmpdir(), 'pitside-preview-files-'));
  const renderer = join(outside, 'renderer');
  rendererDirectory = renderer;
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), INDEX);
  writeFileSync(join(renderer, 'assets', 'index-abc123.js'), 'import("./TeamView-def456.js");');
  writeFileSync(join(renderer, 'assets', 'TeamView-def456.js'), 'export const view = 1;');
  writeFileSync(join(renderer, 'assets', 'index-abc123.css'), 'body { margin: 0 }');
  writeFileSync(
    join(renderer, 'assets', 'inter-latin.woff2'),
    Buffer.from([0x77, 0x4f, 0x46, 0x32]),
  );
  writeFileSync(join(renderer, 'assets', 'mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(renderer, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(renderer, 'notes.txt'), 'not part of the app');
  // Beside the renderer, sharing the start of its name: never served.
  mkdirSync(join(outside, 'renderer-private'));
  writeFileSync(join(outside, 'renderer-private', 'secret.js'), 'secret');
  writeFileSync(join(outside, 'secret.js'), 'secret');

  layer = openDataLayer({
    dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-preview-data-')),
    fetch,
    credentials: createCredentials(),
  });
  server = await startPreviewServer(dispatcherOf(layer), layer.pushes, {
    rendererDirectory: renderer,
  });
  base = server.url;
});

afterAll(async () => {
  await server.close();
  await layer.close();
});

/** A request with the path exactly as written: fetch would tidy `..` away before sending. */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const outgoing = request(
      { host: url.hostname, port: url.port, path, method: 'GET' },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the preview server', () => {
  it('serves the page with the bridge loaded before the app', async () => {
    const page = await fetch(base);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    const bridge = html.indexOf('<script src="/__preview/bridge.js"></script>');
    expect(bridge).toBeGreaterThan(0);
    expect(bridge).toBeLessThan(html.indexOf('<script type="module"'));
    const script = await fetch(new URL('/__preview/bridge.js', base));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('/__ipc');
  });

  it.each([
    ['/assets/index-abc123.js', 'text/javascript; charset=utf-8'],
    ['/assets/TeamView-def456.js', 'text/javascript; charset=utf-8'],
    ['/assets/index-abc123.css', 'text/css; charset=utf-8'],
    ['/assets/inter-latin.woff2', 'font/woff2'],
    ['/assets/mark.svg', 'image/svg+xml'],
    ['/icon.png', 'image/png'],
  ])('serves %s as %s', async (path, type) => {
    const response = await fetch(new URL(path, base));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it.each([
    '/notes.txt',
    '/assets/missing.js',
    '/%2e%2e/secret.js',
    '/..%2fsecret.js',
    '/..%2frenderer-private/secret.js',
    '/assets/%2e%2e/%2e%2e/secret.js',
  ])('serves nothing for %s', async (path) => {
    expect(await rawGet(path)).toBe(404);
  });

  it('answers IPC over POST through the dispatcher, and only over POST', async () => {
    const answer = await fetch(new URL('/__ipc', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'favorites:set', input: { teamNumber: 254, favorite: true } }),
    });
    expect(await answer.json()).toEqual({ ok: true, value: [254] });
    const garbled = await fetch(new URL('/__ipc', base), { method: 'POST', body: '{ nope' });
    expect(await garbled.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await fetch(new URL('/__ipc', base))).status).toBe(405);
  });

  it('streams pushes as server-sent events', async () => {
    const controller = new AbortController();
    const stream = await fetch(new URL('/__events', base), { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    layer.pushes.send('cache:changed', { resources: ['events'] });
    while (!text.includes('\n\nevent: cache:changed')) {
      text += decoder.decode((await reader.read()).value);
    }
    expect(text).toContain('event: cache:changed\ndata: {"resources":["events"]}\n\n');
    controller.abort();
  });

  it('listens on the port it is given, and says when that one is taken', async () => {
    const probe = createServer();
    const port = await new Promise<number>((ready) =>
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        ready(typeof address === 'object' && address !== null ? address.port : 0);
      }),
    );
    const options = { port, rendererDirectory };
    await expect(startPreviewServer(dispatcherOf(layer), undefined, options)).rejects.toThrow(
      /EADDRINUSE/,
    );
    await new Promise((done) => probe.close(done));
    const second = await startPreviewServer(dispatcherOf(layer), undefined, options);
    try {
      expect(second.url).toBe(`http://127.0.0.1:${port}/`);
      expect((await fetch(second.url)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
