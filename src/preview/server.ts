import { BUILT_WORKER } from '../main/analysis/worker-script';
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Dispatch } from '../main/ipc/dispatcher';
import type { PushHub } from '../main/ipc/push-hub';
import type { IpcResult } from '../shared/ipc/errors';
import { createPreviewGuard, isJson } from './guard';

/** Where `electron-vite build` puts the renderer. */
export const BUILT_RENDERER = resolve(import.meta.dirname, '../../out/renderer');
/**
 * The analysis worker of the same build: the preview runs main's sources through tsx, and a worker
 * started from them would compile the analysis again in each preview (seconds of CPU, per test).
 */
export const BUILT_ANALYSIS_WORKER = resolve(import.meta.dirname, '../../out/main', BUILT_WORKER);

// Within the launch's secret prefix; the bridge and the page name them relative to the page.
const BRIDGE_PATH = '/__preview/bridge.js';
const PUSH_PATH = '/__events';
const IPC_PATH = '/__ipc';
const MAX_IPC_BODY = 1024 * 1024;

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** What the built renderer is made of: its lazily loaded chunks, styles, fonts and images. */
const CONTENT_TYPES = new Map([
  ['.html', HTML],
  ['.js', JAVASCRIPT],
  ['.mjs', JAVASCRIPT],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json'],
  ['.map', 'application/json'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.woff', 'font/woff'],
  ['.woff2', 'font/woff2'],
  ['.ttf', 'font/ttf'],
  ['.otf', 'font/otf'],
]);

export interface PreviewServerOptions {
  /** 0 (the default) takes any free port. */
  port?: number;
  /** The built renderer to serve; `out/renderer` when absent. */
  rendererDirectory?: string;
}

export interface PreviewServer {
  /** The page, with this launch's secret in its path; `#/route` may be appended. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer on 127.0.0.1 (module scripts do not run from file:// in plain
 * Chromium) with `window.api` wired to `dispatch`: the real main-process services, reached over
 * HTTP instead of Electron IPC. The page keeps its own CSP; the bridge is a same-origin script.
 * Only the page served under this launch's secret can use the bridge (see guard.ts).
 */
export async function startPreviewServer(
  dispatch: Dispatch,
  pushes?: PushHub,
  options: PreviewServerOptions = {},
): Promise<PreviewServer> {
  const rendererDirectory = resolve(options.rendererDirectory ?? BUILT_RENDERER);
  const bridgeScript = await bundleBridge();
  const indexHtml = injectBridge(await readFile(join(rendererDirectory, 'index.html'), 'utf8'));
  const guard = createPreviewGuard();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      send(response, 500, TEXT, error instanceof Error ? error.message : 'preview server error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!guard.hostAllowed(request.headers)) {
      send(response, 403, TEXT, 'refused: the preview answers only to 127.0.0.1 and localhost');
      return;
    }
    const path = guard.pathWithin(new URL(request.url ?? '/', 'http://preview').pathname);
    if (path === null) {
      send(response, 404, TEXT, 'not found: open the address the preview printed');
      return;
    }
    if (path === IPC_PATH || path === PUSH_PATH) {
      const refusal = guard.bridgeRefusal(request.headers);
      if (refusal !== null) {
        send(response, 403, TEXT, `refused: ${refusal}`);
        return;
      }
    }
    if (path === IPC_PATH) {
      if (request.method !== 'POST') {
        send(response, 405, TEXT, 'IPC takes POST');
        return;
      }
      if (!isJson(request.headers)) {
        send(response, 415, TEXT, 'IPC takes application/json');
        return;
      }
      const body = await readBody(request);
      if (body === null) {
        refuseTooLarge(request, response);
        return;
      }
      const { name, input } = parseIpcRequest(body);
      send(response, 200, 'application/json', JSON.stringify(await dispatch(name, input)));
    } else if (path === PUSH_PATH && pushes !== undefined) {
      streamPushes(pushes, dispatch, request, response);
    } else if (path === BRIDGE_PATH) {
      send(response, 200, JAVASCRIPT, bridgeScript);
    } else if (path === '/' || path === '/index.html') {
      send(response, 200, HTML, indexHtml);
    } else {
      await sendStatic(rendererDirectory, path, response);
    }
  }

  const port = options.port ?? 0;
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      ready();
    });
  });
  const address = server.address() as AddressInfo;
  guard.listenOn(address.port);
  return {
    url: `http://127.0.0.1:${address.port}${guard.prefix}`,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        // Event streams never end by themselves; closing the server must not wait for them.
        server.closeAllConnections();
      }),
  };
}

/** Main's pushes as server-sent events, one event name per push name. */
function streamPushes(
  pushes: PushHub,
  dispatch: Dispatch,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  response.writeHead(200, {
    ...GUARDED,
    'content-type': 'text/event-stream',
    connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  const detach = pushes.attach((name, payload) => {
    response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  request.on('close', detach);
  // Pushes sent before this stream connected are gone; the sync's state is the one a page
  // cannot do without (a bar stuck on "Syncing" otherwise), so a new stream starts with it.
  void dispatch('sync:status', undefined).then((result) => {
    if (result.ok && !response.writableEnded) {
      response.write(`event: sync:status\ndata: ${JSON.stringify(result.value)}\n\n`);
    }
  });
}

async function bundleBridge(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'browser', 'bridge.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild produced no bridge bundle');
  return output.text;
}

/** A classic script runs before the deferred module script, so `window.api` exists at startup. */
function injectBridge(html: string): string {
  const marker = '<script type="module"';
  if (!html.includes(marker)) throw new Error('built index.html has no module script');
  return html.replace(marker, `<script src=".${BRIDGE_PATH}"></script>\n    ${marker}`);
}

function parseIpcRequest(body: string): { name: unknown; input: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { name: undefined, input: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null) return { name: undefined, input: undefined };
  const record = parsed as Record<string, unknown>;
  return { name: record.name, input: record.input };
}

/**
 * The body of an IPC request, or `null` as soon as it is known to be over MAX_IPC_BODY: from its
 * declared length before a byte is read, else at the first chunk past the limit. Nothing past the
 * limit is kept.
 */
function readBody(request: IncomingMessage): Promise<string | null> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_IPC_BODY) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', take);
      request.off('end', finish);
      request.off('close', cutOff);
      request.off('error', fail);
    };
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_IPC_BODY) {
        chunks.push(chunk);
        return;
      }
      stop();
      resolve(null);
    };
    const finish = () => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const cutOff = () => {
      stop();
      reject(new Error('the IPC request was cut off'));
    };
    const fail = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', take);
    request.on('end', finish);
    request.on('close', cutOff);
    request.on('error', fail);
  });
}

/**
 * 413, with an IPC error as its body (what the bridge parses), and the connection closed after
 * it. What the client still sends is read and dropped, up to one more limit's worth: closing a
 * socket with unread bytes resets it, and a reset can lose the answer before the client reads it.
 */
function refuseTooLarge(request: IncomingMessage, response: ServerResponse): void {
  const refusal: IpcResult<never> = {
    ok: false,
    error: { code: 'invalid_input', message: 'The IPC request is over 1 MiB.' },
  };
  response.writeHead(413, {
    ...GUARDED,
    'content-type': 'application/json',
    connection: 'close',
  });
  response.end(JSON.stringify(refusal));
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_IPC_BODY) request.socket.destroy();
  });
  request.resume();
}

/** A file of the built renderer, and nothing outside it, whatever the path says. */
async function sendStatic(root: string, path: string, response: ServerResponse): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    send(response, 400, TEXT, 'bad path');
    return;
  }
  const file = normalize(join(root, decoded));
  const type = CONTENT_TYPES.get(extname(file).toLowerCase());
  if (!file.startsWith(root + sep) || type === undefined) {
    send(response, 404, TEXT, 'not found');
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    send(response, 404, TEXT, 'not found');
    return;
  }
  send(response, 200, type, body);
}

/**
 * On every answer: nothing kept by a cache, the secret never sent on as a referrer, and the page
 * never shown in another site's frame.
 */
const GUARDED = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

function send(response: ServerResponse, status: number, type: string, body: string | Buffer) {
  response.writeHead(status, { ...GUARDED, 'content-type': type });
  response.end(body);
}
