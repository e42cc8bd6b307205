import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server';
import { expectError } from './http';
import { rawExchange, type RawExchange } from './raw-http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
});

afterAll(() => server.close());

function describeExchange(exchange: RawExchange): string {
  return exchange.raw.slice(0, 1_000);
}

/** The exchange holds exactly one answer: this documented error. */
function expectOnlyError(exchange: RawExchange, status: number, code: string): void {
  expect(exchange.answers, describeExchange(exchange)).toHaveLength(1);
  expectError(exchange.answers[0]!, status, code);
}

describe('requests the HTTP layer refuses still get the documented error body', () => {
  test('headers larger than the HTTP server takes → 431 headers_too_large', async () => {
    const exchange = await rawExchange(
      server.url,
      `GET /v1/teams HTTP/1.1\r\nHost: pitside.test\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`,
    );
    expectOnlyError(exchange, 431, 'headers_too_large');
  });

  test('a request line that is not HTTP → 400 invalid_request', async () => {
    const exchange = await rawExchange(server.url, 'GARBAGE\r\n\r\n');
    expectOnlyError(exchange, 400, 'invalid_request');
  });
});
