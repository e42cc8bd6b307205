import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server';
import { eventBody, eventTotal } from './fixtures';
import { Api, expectError } from './http';
import { rawExchange, type RawExchange } from './raw-http';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  api = new Api(server);
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

const GET_TEAMS = 'GET /v1/teams HTTP/1.1\r\nHost: pitside.test\r\n\r\n';

describe('requests the HTTP layer refuses still get the documented error body', () => {
  test('an HTTP/1.1 request without Host → 400 invalid_request', async () => {
    const exchange = await rawExchange(server.url, 'GET /v1/teams HTTP/1.1\r\n\r\n');
    expectOnlyError(exchange, 400, 'invalid_request');
  });

  test('an HTTP/1.0 request needs no Host', async () => {
    const exchange = await rawExchange(server.url, 'GET /v1/teams HTTP/1.0\r\n\r\n');
    expect(exchange.answers.map((answer) => answer.status)).toEqual([200]);
  });

  test('an expectation other than 100-continue → 417 expectation_failed, nothing created', async () => {
    const before = await eventTotal(api);
    const body = JSON.stringify(eventBody());
    const exchange = await rawExchange(
      server.url,
      `POST /v1/events HTTP/1.1\r\nHost: pitside.test\r\nAuthorization: Bearer ${server.keys.organizer}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Expect: garbage\r\nConnection: close\r\n\r\n${body}`,
    );
    expectOnlyError(exchange, 417, 'expectation_failed');
    expect(await eventTotal(api)).toBe(before);
  });

  test('Expect: 100-continue is honoured', async () => {
    const body = JSON.stringify(eventBody());
    const exchange = await rawExchange(
      server.url,
      `POST /v1/events HTTP/1.1\r\nHost: pitside.test\r\nAuthorization: Bearer ${server.keys.organizer}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Expect: 100-continue\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(exchange.answers.map((answer) => answer.status)).toEqual([100, 201]);
  });

  test('CONNECT → 404 not_found: the service is no proxy', async () => {
    const exchange = await rawExchange(
      server.url,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expectOnlyError(exchange, 404, 'not_found');
    expect(exchange.closedByService).toBe(true);
  });

  test.each([
    [
      'a header',
      `GET /v1/teams HTTP/1.1\r\nHost: pitside.test\r\nX-Padding: ${'p'.repeat(20_000)}`,
    ],
    ['the URL', `GET /v1/teams?search=${'s'.repeat(20_000)} HTTP/1.1\r\nHost: pitside.test`],
  ])('%s larger than the HTTP server takes → 431 headers_too_large', async (_label, head) => {
    const exchange = await rawExchange(server.url, `${head}\r\n\r\n`);
    expectOnlyError(exchange, 431, 'headers_too_large');
  });

  test('a request line that is not HTTP → 400 invalid_request', async () => {
    const exchange = await rawExchange(server.url, 'GARBAGE\r\n\r\n');
    expectOnlyError(exchange, 400, 'invalid_request');
  });
});

describe('a malformed request pipelined after good ones', () => {
  test.each([1, 2, 3])(
    'every good request is answered first, then the error (try %d)',
    async () => {
      const exchange = await rawExchange(
        server.url,
        `${GET_TEAMS}GET /v1/teams/1 HTTP/1.1\r\nHost: pitside.test\r\n\r\nGARBAGE\r\n\r\n`,
      );
      expect(
        exchange.answers.map((answer) => answer.status),
        describeExchange(exchange),
      ).toEqual([200, 404, 400]);
      expectError(exchange.answers[1]!, 404, 'not_found');
      expectError(exchange.answers[2]!, 400, 'invalid_request');
      expect(exchange.closedByService).toBe(true);
    },
  );

  test('a malformed chunked body after a good request: the good answer, then the error', async () => {
    const exchange = await rawExchange(
      server.url,
      `${GET_TEAMS}POST /v1/events HTTP/1.1\r\nHost: pitside.test\r\n` +
        `Authorization: Bearer ${server.keys.organizer}\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(
      exchange.answers.map((answer) => answer.status),
      describeExchange(exchange),
    ).toEqual([200, 400]);
    expectError(exchange.answers[1]!, 400, 'invalid_request');
  });

  test('a request without Host after a good one: the good answer, then the error', async () => {
    const exchange = await rawExchange(
      server.url,
      `${GET_TEAMS}GET /v1/teams HTTP/1.1\r\n\r\n${GET_TEAMS}`,
    );
    expect(
      exchange.answers.map((answer) => answer.status),
      describeExchange(exchange),
    ).toEqual([200, 400]);
    expectError(exchange.answers[1]!, 400, 'invalid_request');
  });

  test('CONNECT after a good request: the good answer, then the error', async () => {
    const exchange = await rawExchange(
      server.url,
      `${GET_TEAMS}CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
    );
    expect(
      exchange.answers.map((answer) => answer.status),
      describeExchange(exchange),
    ).toEqual([200, 404]);
    expectError(exchange.answers[1]!, 404, 'not_found');
  });
});
