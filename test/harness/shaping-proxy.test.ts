import { randomBytes } from 'node:crypto';
import {
  Agent,
  createServer as createHttpServer,
  get as httpGet,
  type Server as HttpServer,
} from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startShapingProxy, type ShapingProxy, type ShapingProxyOptions } from './shaping-proxy';

const started: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const resource of started.splice(0).reverse()) await resource.close();
});

async function listen(server: Server | HttpServer): Promise<string> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  started.push({
    close: () =>
      new Promise((closed) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => closed());
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw TCP service: `serve` gets each connection. */
function tcpTarget(serve: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket);
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  return listen(server);
}

async function proxyTo(target: string, profile: Omit<ShapingProxyOptions, 'target'>) {
  const proxy = await startShapingProxy({ target, ...profile });
  started.push(proxy);
  return proxy;
}

/** Connects through the proxy, sends `upload` and ends, and collects everything until the end. */
function exchange(
  proxy: ShapingProxy,
  upload: Buffer = Buffer.alloc(0),
): Promise<{ received: Buffer; ms: number }> {
  const { port } = new URL(proxy.url);
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port: Number(port), allowHalfOpen: true });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      resolve({ received: Buffer.concat(chunks), ms: performance.now() - startedAt });
    });
    socket.on('error', reject);
    socket.end(upload);
  });
}

/** A GET over `agent`, resolving with the body once it has all arrived. */
function getText(url: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('the shaping proxy', () => {
  it('adds the round trip to every request, and one more to open a connection', async () => {
    const server = createHttpServer((_request, response) => response.end('pong'));
    const target = await listen(server);
    const rttMs = 150;
    const proxy = await proxyTo(target, { rttMs, jitterMs: 5, bitsPerSecond: 1e9 });

    // One socket, kept alive: the second request goes over the connection the first opened.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    started.push({ close: () => Promise.resolve(agent.destroy()) });

    let startedAt = performance.now();
    expect(await getText(`${proxy.url}/ping`, agent)).toBe('pong');
    // The handshake, then the request out and the answer back.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(2 * rttMs);

    startedAt = performance.now();
    expect(await getText(`${proxy.url}/ping`, agent)).toBe('pong');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(rttMs);
    expect(proxy.stats().connectionsOpened).toBe(1);
  });

  it('delivers a body no faster than the bandwidth allows, byte for byte', async () => {
    const body = randomBytes(250_000);
    const target = await tcpTarget((socket) => socket.end(body));
    const bitsPerSecond = 2e6;
    // Jitter far above a slice's transmission time: without ordering, slices would overtake.
    const proxy = await proxyTo(target, { rttMs: 20, jitterMs: 40, bitsPerSecond, seed: 7 });

    const { received, ms } = await exchange(proxy);
    expect(ms).toBeGreaterThanOrEqual(((body.length * 8) / bitsPerSecond) * 1000);
    expect(received.equals(body)).toBe(true);
  });

  it('relays both directions intact and in order, and counts what it relayed', async () => {
    const upload = randomBytes(2 * 1024 * 1024);
    const target = await tcpTarget((socket) => socket.pipe(socket));
    const proxy = await proxyTo(target, { rttMs: 10, jitterMs: 20, bitsPerSecond: 400e6 });

    const { received } = await exchange(proxy, upload);
    expect(received.length).toBe(upload.length);
    expect(received.equals(upload)).toBe(true);
    expect(proxy.stats()).toEqual({
      bytesUp: upload.length,
      bytesDown: upload.length,
      connectionsOpened: 1,
    });

    proxy.reset();
    expect(proxy.stats()).toEqual({ bytesUp: 0, bytesDown: 0, connectionsOpened: 0 });
    await exchange(proxy, Buffer.from('hello'));
    expect(proxy.stats()).toEqual({ bytesUp: 5, bytesDown: 5, connectionsOpened: 1 });
  });

  it('shares one bandwidth cap between all connections', async () => {
    const body = randomBytes(125_000);
    const target = await tcpTarget((socket) => socket.end(body));
    const bitsPerSecond = 2e6;
    const proxy = await proxyTo(target, { rttMs: 10, jitterMs: 0, bitsPerSecond });

    const startedAt = performance.now();
    const answers = await Promise.all([exchange(proxy), exchange(proxy)]);
    const ms = performance.now() - startedAt;
    expect(ms).toBeGreaterThanOrEqual(((2 * body.length * 8) / bitsPerSecond) * 1000);
    for (const { received } of answers) expect(received.equals(body)).toBe(true);
    expect(proxy.stats()).toMatchObject({ bytesDown: 2 * body.length, connectionsOpened: 2 });
  });

  it('destroys every connection when it closes', async () => {
    const target = await tcpTarget(() => undefined);
    const proxy = await startShapingProxy({ target, rttMs: 10, jitterMs: 0, bitsPerSecond: 1e9 });
    const { port } = new URL(proxy.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    socket.on('error', () => undefined);
    await new Promise((connected) => socket.once('connect', connected));
    const closed = new Promise((done) => socket.once('close', done));

    await proxy.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
