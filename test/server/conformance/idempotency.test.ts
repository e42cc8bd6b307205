import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventRecordSchema } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { eventBody, eventTotal, getEvent } from './fixtures';
import { Api, expectError, expectSingle, type Caller } from './http';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  api = new Api(server);
});

afterAll(async () => {
  await server.close();
});

function post(body: unknown, key: string, as: Caller = 'organizer') {
  return api.post('/v1/events', body, { as, headers: { 'idempotency-key': key } });
}

test('the same key and body answer the first answer again and create nothing more', async () => {
  const key = randomUUID();
  const body = eventBody();
  const before = await eventTotal(api);
  const first = await post(body, key);
  const created = expectSingle(first, eventRecordSchema, 201);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const again = await post(body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe(`/v1/events/${created.id}`);
    expect(again.body).toEqual(first.body);
  }
  expect(await eventTotal(api)).toBe(before + 1);
});

test('a replay answers the first answer even after the event changed', async () => {
  const key = randomUUID();
  const body = eventBody();
  const first = await post(body, key);
  const created = expectSingle(first, eventRecordSchema, 201);
  await api.patch(`/v1/events/${created.id}`, { name: 'Changed Since' }, { as: 'organizer' });
  const again = await post(body, key);
  expect(again.status).toBe(201);
  expect(expectSingle(again, eventRecordSchema, 201).id).toBe(created.id);
  expect((await getEvent(api, created.id)).name).toBe('Changed Since');
});

test('the same key with another body → 409 idempotency_conflict, nothing created', async () => {
  const key = randomUUID();
  const first = await post(eventBody(), key);
  expect(first.status).toBe(201);
  const before = await eventTotal(api);
  expectError(await post(eventBody(), key), 409, 'idempotency_conflict');
  expect(await eventTotal(api)).toBe(before);
});

test('keys are scoped to the API key that sends them', async () => {
  const key = randomUUID();
  const body = eventBody();
  const before = await eventTotal(api);
  const byOrganizer = expectSingle(await post(body, key, 'organizer'), eventRecordSchema, 201);
  const byAdmin = expectSingle(await post(body, key, 'admin'), eventRecordSchema, 201);
  expect(byAdmin.id).not.toBe(byOrganizer.id);
  expect(await eventTotal(api)).toBe(before + 2);
  const conflict = await post(eventBody(), key, 'admin');
  expectError(conflict, 409, 'idempotency_conflict');
});

test('different keys with the same body create two events', async () => {
  const body = eventBody();
  const before = await eventTotal(api);
  const first = expectSingle(await post(body, randomUUID()), eventRecordSchema, 201);
  const second = expectSingle(await post(body, randomUUID()), eventRecordSchema, 201);
  expect(second.id).not.toBe(first.id);
  expect(await eventTotal(api)).toBe(before + 2);
});

test('a key of 128 printable characters is accepted', async () => {
  const key = `${'k'.repeat(100)}~!#$%&'*+-.^_\`|0123456789ABCD`.slice(0, 128);
  expect(key.length).toBe(128);
  const first = expectSingle(
    await post(eventBody({ name: 'Long Key' }), key),
    eventRecordSchema,
    201,
  );
  const again = expectSingle(
    await post(eventBody({ name: 'Long Key' }), key),
    eventRecordSchema,
    201,
  );
  expect(again.id).toBe(first.id);
});

describe('an invalid Idempotency-Key → 400 invalid_request, nothing created', () => {
  test.each([
    ['empty', ''],
    ['129 characters', 'k'.repeat(129)],
    ['a tab inside', 'abc\tdef'],
  ])('%s', async (_label, key) => {
    const before = await eventTotal(api);
    expectError(await post(eventBody(), key), 400, 'invalid_request');
    expect(await eventTotal(api)).toBe(before);
  });
});
