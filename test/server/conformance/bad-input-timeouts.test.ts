import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, REQUEST_TIMEOUT_MS } from '../../../src/server/app';
import { createClock } from '../../../src/server/clock';
import { createServices } from '../../../src/server/services';
import { startServer, type RunningServer } from '../../../src/server/start';
import { openServerDatabase } from '../../../src/server/store/schema';
import { TEST_NOW } from '../../harness/server';
import { expectError } from './http';
import { rawExchange, type RawExchange } from './raw-http';

/** Short enough to keep the tests quick; the service's default is 30 s. */
const TIMEOUT_MS = 1_000;
/** Well past the timeout and the server's sweep, well short of the defaults that held before. */
const WAIT_MS = 4_000;

const ORGANIZER_KEY = 'organizer-timeout-test-key';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: ':memory:',
    data: 'none',
    seed: 1,
    keys: [{ key: ORGANIZER_KEY, role: 'organizer' }],
    now: TEST_NOW,
    rateLimit: null,
    extensions: true,
    requestTimeoutMs: TIMEOUT_MS,
  });
});

afterAll(() => server.close());

function expectTimedOut(exchange: RawExchange): void {
  expect(exchange.answers, exchange.raw.slice(0, 500)).toHaveLength(1);
  expectError(exchange.answers[0]!, 408, 'request_timeout');
  expect(exchange.closedByService).toBe(true);
}

describe('a request that does not arrive within the request timeout → 408 request_timeout', () => {
  test('stalled headers', async () => {
    expectTimedOut(
      await rawExchange(server.url, 'GET /v1/teams HTTP/1.1\r\nHost: pitside.test\r\n', {
        waitMs: WAIT_MS,
      }),
    );
  });

  test('headers trickled a byte at a time', async () => {
    expectTimedOut(
      await rawExchange(server.url, 'GET /v1/teams HTTP/1.1\r\n', {
        waitMs: WAIT_MS,
        trickle: `X-Slow: ${'s'.repeat(200)}\r\n\r\n`,
      }),
    );
  });

  test('a stalled body', async () => {
    expectTimedOut(
      await rawExchange(
        server.url,
        `POST /v1/events HTTP/1.1\r\nHost: pitside.test\r\nAuthorization: Bearer ${ORGANIZER_KEY}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
        { waitMs: WAIT_MS },
      ),
    );
  });

  test('an anonymous body to an unknown route, trickled a byte at a time', async () => {
    expectTimedOut(
      await rawExchange(
        server.url,
        'POST /nowhere HTTP/1.1\r\nHost: pitside.test\r\nContent-Type: application/json\r\n' +
          'Content-Length: 200\r\n\r\n',
        { waitMs: WAIT_MS, trickle: ' '.repeat(200) },
      ),
    );
  });

  test('a request that arrives in time is answered', async () => {
    const exchange = await rawExchange(
      server.url,
      'GET /v1/teams HTTP/1.1\r\nHost: pitside.test\r\n',
      { waitMs: WAIT_MS, trickle: 'Connection: close\r\n\r\n', trickleEveryMs: 10 },
    );
    expect(exchange.answers.map((answer) => answer.status)).toEqual([200]);
  });
});

test('by default both headers and whole requests time out after 30 s', async () => {
  const db = openServerDatabase(':memory:');
  const app = buildApp(
    { keys: [], rateLimit: null },
    createServices(db, createClock(TEST_NOW), true),
  );
  try {
    await app.ready();
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(app.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
  } finally {
    await app.close();
    db.close();
  }
});
