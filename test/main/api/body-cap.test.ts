import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/api/client';
import { ApiError } from '../../../src/main/api/errors';

/*
 * A service (or something pretending to be it) that answers with far more than the client will
 * ever read. The cap has to hold while the body streams in: the client stops reading at the cap,
 * closes the connection, and does not ask again.
 */

const MiB = 1024 * 1024;
const CAP = 32 * MiB;
/** What the endless server would send if nobody stopped it. */
const OFFERED = 600 * MiB;
const CHUNK = Buffer.from(`{"number":254,"name":"${'x'.repeat(64 * 1024 - 32)}"},`);

interface Endless {
  url: string;
  requests: number;
  /** Bytes handed to the socket before the client went away. */
  written: number;
  /** Settles when the client's connection closed, with the bytes written by then. */
  closed: Promise<number>;
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/**
 * Streams JSON-ish bytes, generated as the socket drains, up to `OFFERED`: chunked without a
 * Content-Length, or with `declared` as one.
 */
async function startEndless(declared?: number): Promise<Endless> {
  let markClosed: (written: number) => void = () => undefined;
  const endless: Endless = {
    url: '',
    requests: 0,
    written: 0,
    closed: new Promise((resolve) => (markClosed = resolve)),
    server: createServer((_request, response) => {
      endless.requests += 1;
      response.on('close', () => markClosed(endless.written));
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(declared === undefined ? {} : { 'content-length': declared }),
      });
      void pour(response);
    }),
  };

  async function pour(response: ServerResponse) {
    response.write('{"data":[');
    while (endless.written < OFFERED && !response.destroyed) {
      endless.written += CHUNK.length;
      if (!response.write(CHUNK)) {
        await new Promise<void>((drained) => {
          response.once('drain', drained);
          response.once('close', drained);
        });
      }
    }
    if (!response.destroyed) response.end(']}');
  }

  servers.push(endless.server);
  await new Promise<void>((ready) => endless.server.listen(0, '127.0.0.1', ready));
  endless.url = `http://127.0.0.1:${(endless.server.address() as AddressInfo).port}`;
  return endless;
}

function client(baseUrl: string) {
  return createApiClient({
    baseUrl,
    fetch: (url, init) => fetch(url, init),
    apiKey: () => Promise.resolve(null),
    sleep: () => Promise.resolve(),
  });
}

async function failure(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('an answer larger than the client reads', () => {
  it('streamed without a Content-Length: stopped at the cap, connection closed, not retried', async () => {
    const endless = await startEndless();
    const error = await failure(client(endless.url).listTeams());
    const written = await endless.closed;
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/larger than 32 MiB/);
    expect(endless.requests).toBe(1);
    expect(written).toBeGreaterThan(CAP);
    expect(written).toBeLessThan(64 * MiB);
  });

  it('announced by a Content-Length above the cap: refused before the body is read', async () => {
    const endless = await startEndless(OFFERED);
    const error = await failure(client(endless.url).listTeams());
    const written = await endless.closed;
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/larger than 32 MiB/);
    expect(endless.requests).toBe(1);
    // Only what the sockets' buffers took before the client hung up, nowhere near the cap.
    expect(written).toBeLessThan(CAP / 2);
  });
});
