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
import { testClock } from '../harness/clock';

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
    now: testClock,
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

/** This launch's secret prefix, `/<secret>/`. */
function prefix(): string {
  return new URL(base).pathname;
}

/**
 * A request exactly as written: fetch would tidy `..` away before sending, and would not let a
 * test set Host. The path is within the secret prefix unless it starts with `//`.
 */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: path.startsWith('//') ? path.slice(1) : `${prefix().slice(0, -1)}${path}`,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        // An event stream never ends: its first bytes say enough.
        if (response.headers['content-type'] === 'text/event-stream') {
          response.once('data', () => {
            resolve({ status: response.statusCode ?? 0, body });
            response.destroy();
          });
          return;
        }
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

async function rawGet(path: string): Promise<number> {
  return (await raw(path)).status;
}

describe('the preview server', () => {
  it('serves the page with the bridge loaded before the app', async () => {
    const page = await fetch(base);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    const bridge = html.indexOf('<script src="./__preview/bridge.js"></script>');
    expect(bridge).toBeGreaterThan(0);
    expect(bridge).toBeLessThan(html.indexOf('<script type="module"'));
    const script = await fetch(new URL('__preview/bridge.js', base));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('__ipc');
  });

  it.each([
    ['/assets/index-abc123.js', 'text/javascript; charset=utf-8'],
    ['/assets/TeamView-def456.js', 'text/javascript; charset=utf-8'],
    ['/assets/index-abc123.css', 'text/css; charset=utf-8'],
    ['/assets/inter-latin.woff2', 'font/woff2'],
    ['/assets/mark.svg', 'image/svg+xml'],
    ['/icon.png', 'image/png'],
  ])('serves %s as %s', async (path, type) => {
    const response = await fetch(new URL(`.${path}`, base));
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
    const answer = await fetch(new URL('__ipc', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'favorites:set', input: { teamNumber: 254, favorite: true } }),
    });
    expect(await answer.json()).toEqual({ ok: true, value: [254] });
    const garbled = await fetch(new URL('__ipc', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{ nope',
    });
    expect(await garbled.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await fetch(new URL('__ipc', base))).status).toBe(405);
  });

  it('streams pushes as server-sent events', async () => {
    const controller = new AbortController();
    const stream = await fetch(new URL('__events', base), { signal: controller.signal });
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
      expect(second.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[\\w-]{43}/$`));
      expect((await fetch(second.url)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

const MIB = 1024 * 1024;

/**
 * Sends the headers of an IPC POST and `chunks` of its body, but never ends the body: an answer
 * that comes at all came before the preview could have read the body to its end.
 */
function postUnfinished(
  headers: Record<string, string>,
  chunks: readonly Buffer[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${prefix()}__ipc`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          outgoing.destroy();
        });
      },
    );
    // The preview may close the connection while this side is still writing.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    outgoing.flushHeaders();
    for (const chunk of chunks) outgoing.write(chunk);
  });
}

/** `favorites:set` for `teamNumber`, padded with spaces to exactly `size` bytes of JSON. */
function paddedFavorite(teamNumber: number, size: number): Buffer {
  const call = JSON.stringify({ name: 'favorites:set', input: { teamNumber, favorite: true } });
  return Buffer.from(call.padEnd(size, ' '));
}

describe('the preview server, to an IPC body over 1 MiB', () => {
  const favorites = async () => (await layer.handlers['favorites:list'](undefined)).data;

  it('answers 413 to a declared length over the limit before a byte of the body', async () => {
    const answer = await postUnfinished({ 'content-length': String(MIB + 1) }, []);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('answers 413 as soon as a body of no declared length passes the limit', async () => {
    const body = paddedFavorite(1101, 2 * MIB);
    const answer = await postUnfinished({ 'transfer-encoding': 'chunked' }, [
      body.subarray(0, MIB / 2),
      body.subarray(MIB / 2, MIB + 1),
    ]);
    expect(answer.status).toBe(413);
    expect(await favorites()).not.toContain(1101);
  });

  it('answers 413 to a whole body over the limit, and runs nothing of it', async () => {
    const answer = await raw('/__ipc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: paddedFavorite(1102, MIB + 1).toString(),
    });
    expect(answer.status).toBe(413);
    expect(await favorites()).not.toContain(1102);
  });

  it('still takes a body of exactly 1 MiB, and answers on after refusing one', async () => {
    const answer = await raw('/__ipc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: paddedFavorite(1103, MIB).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await favorites()).toContain(1103);
  });
});

describe('the preview server, to anything but its own page', () => {
  const favorite = (teamNumber: number) =>
    JSON.stringify({ name: 'favorites:set', input: { teamNumber, favorite: true } });
  const favorites = async () => (await layer.handlers['favorites:list'](undefined)).data;
  const port = () => new URL(base).port;

  it('serves nothing, and runs nothing, without this launch’s secret', async () => {
    const wrong = `/${'A'.repeat(prefix().length - 2)}/`;
    const json = { 'content-type': 'application/json' };
    for (const path of ['//', '//index.html', '//__preview/bridge.js', `/${wrong}index.html`]) {
      expect(await rawGet(path), path).toBe(404);
    }
    for (const path of ['//__ipc', `/${wrong}__ipc`]) {
      const post = await raw(path, { method: 'POST', headers: json, body: favorite(1001) });
      expect(post.status, path).toBe(404);
    }
    expect((await raw('//__events')).status).toBe(404);
    expect(await favorites()).not.toContain(1001);
  });

  it.each(['evil.example:PORT', 'evil.example', '127.0.0.1:1', 'localhost'])(
    'refuses a Host of %s (a rebound name), even with the secret',
    async (host) => {
      const headers = { host: host.replace('PORT', port()) };
      expect((await raw('/', { headers })).status).toBe(403);
      const post = await raw('/__ipc', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: favorite(1002),
      });
      expect(post.status).toBe(403);
      const stream = await raw('/__events', { headers });
      expect(stream.status).toBe(403);
      expect(stream.body).not.toContain('event:');
      expect(await favorites()).not.toContain(1002);
    },
  );

  it.each<Record<string, string>>([
    { origin: 'http://127.0.0.1:1' },
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'cross-site' },
  ])('refuses IPC and the event stream from %j, even with the secret', async (from) => {
    const post = await raw('/__ipc', {
      method: 'POST',
      headers: { ...from, 'content-type': 'application/json' },
      body: favorite(1003),
    });
    expect(post.status).toBe(403);
    expect((await raw('/__events', { headers: from })).status).toBe(403);
    expect(await favorites()).not.toContain(1003);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''])(
    'refuses IPC sent as %j: only application/json, which needs a preflight from elsewhere',
    async (type) => {
      const post = await raw('/__ipc', {
        method: 'POST',
        headers: type === '' ? {} : { 'content-type': type },
        body: favorite(1004),
      });
      expect(post.status).toBe(415);
      expect(await favorites()).not.toContain(1004);
    },
  );

  it('answers its own page, by either name of the loopback', async () => {
    for (const [host, teamNumber] of [
      [`127.0.0.1:${port()}`, 1005],
      [`localhost:${port()}`, 1006],
    ] as const) {
      const post = await raw('/__ipc', {
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json; charset=utf-8',
        },
        body: favorite(teamNumber),
      });
      expect(post.status).toBe(200);
    }
    expect(await favorites()).toEqual(expect.arrayContaining([1005, 1006]));
  });

  it('makes a new secret at every launch, and keeps it from referrers and frames', async () => {
    const second = await startPreviewServer(dispatcherOf(layer), undefined, { rendererDirectory });
    try {
      expect(new URL(second.url).pathname).not.toBe(prefix());
      const page = await fetch(second.url);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      // The other launch's secret opens nothing here.
      expect((await fetch(new URL(prefix(), second.url))).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
