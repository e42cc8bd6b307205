import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadHandlers } from '../../../src/main/handlers/reads';
import { createDispatcher, type Dispatch, type Handlers } from '../../../src/main/ipc/dispatcher';
import { createHandlers } from '../../../src/main/services';
import { COMMAND_NAMES } from '../../../src/shared/ipc/contract';
import type { ResourceKey } from '../../../src/shared/ipc/resources';
import { event, openTestCache, team, type TestCache } from '../cache/fixtures';

let testCache: TestCache;
let dispatch: Dispatch;
let requested: ResourceKey[];

const identity = {
  version: '0.0.0-test',
  dataDirectory: '/tmp/pitside-test',
  versions: process.versions,
  platform: process.platform,
  arch: process.arch,
  sqliteVersion: '3',
};

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.events.upsertItems([event({ id: '2026springfield' })]);
    writer.teams.upsertItems([team(254)]);
  });
  requested = [];
  // Only the read commands are under test here; any other command fails loudly if reached.
  const others = Object.fromEntries(
    COMMAND_NAMES.map((name) => [
      name,
      () => {
        throw new Error(`${name} is not under test`);
      },
    ]),
  );
  const reads = createReadHandlers({
    reader: testCache.cache.reader,
    now: () => new Date('2026-11-21T12:00:00Z'),
    requestFetch: (key) => requested.push(key),
  });
  dispatch = createDispatcher(createHandlers(identity, { ...others, ...reads } as Handlers));
});
afterEach(() => testCache.close());

describe('the read commands over IPC', () => {
  it.each<[string, unknown, string]>([
    ['events:list', { season: '2025-2027' }, 'season'],
    ['events:list', { season: '2025' }, 'season'],
    ['events:list', { status: 'soon' }, 'status'],
    ['events:list', { perPage: 0 }, 'perPage'],
    ['events:list', { page: 0 }, 'page'],
    ['events:list', { page: 1.5 }, 'page'],
    ['events:list', { page: '2' }, 'page'],
    ['events:list', { sneaky: true }, 'sneaky'],
    ['events:get', { eventId: 'Bad!' }, 'eventId'],
    ['events:get', {}, 'eventId'],
    ['events:clips', { eventId: '2026springfield', matchType: 'practice' }, 'matchType'],
    ['events:clips', { eventId: '2026springfield', teamNumber: 0 }, 'teamNumber'],
    ['teams:get', { teamNumber: 0 }, 'teamNumber'],
    ['teams:get', { teamNumber: 100000 }, 'teamNumber'],
    ['teams:get', { teamNumber: 254.5 }, 'teamNumber'],
    ['teams:list', { region: 'CA', extra: 1 }, 'extra'],
    ['teams:clips', { teamNumber: 254, sort: 'newest' }, 'sort'],
    ['teams:matches', { teamNumber: 254, season: '2026-2026' }, 'season'],
    ['teams:stats', { teamNumber: 254, season: 'latest' }, 'season'],
    ['search:query', { text: 'ducks', limit: 0 }, 'limit'],
    ['search:query', { text: 'ducks', limit: 51 }, 'limit'],
    ['search:query', { limit: 5 }, 'text'],
  ])('refuses %s %j as invalid_input naming the field', async (name, input, field) => {
    const result = await dispatch(name, input);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const details = result.ok ? [] : (result.error.details ?? []);
    expect(details.map((detail) => detail.field)).toContain(field);
  });

  it('takes a list command with no input at all, and clamps perPage', async () => {
    const plain = await dispatch('events:list', undefined);
    expect(plain).toMatchObject({ ok: true, value: { meta: { page: 1, perPage: 25, total: 1 } } });
    const clamped = await dispatch('teams:list', { perPage: 1000 });
    expect(clamped).toMatchObject({ ok: true, value: { meta: { perPage: 100, total: 1 } } });
  });

  it('answers a record the cache holds', async () => {
    const result = await dispatch('events:get', { eventId: '2026springfield' });
    expect(result).toMatchObject({
      ok: true,
      value: { data: { id: '2026springfield', visibility: null }, freshness: { complete: false } },
    });
  });

  it.each<[string, unknown]>([
    ['events:get', { eventId: '2026nowhere' }],
    ['events:teams', { eventId: '2026nowhere' }],
    ['events:matches', { eventId: '2026nowhere' }],
    ['events:clips', { eventId: '2026nowhere' }],
    ['teams:get', { teamNumber: 7 }],
    ['teams:events', { teamNumber: 7 }],
    ['teams:matches', { teamNumber: 7 }],
    ['teams:clips', { teamNumber: 7 }],
    ['teams:stats', { teamNumber: 7 }],
  ])('answers %s %j not_found with a message, and asks for it', async (name, input) => {
    const result = await dispatch(name, input);
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(result.ok ? '' : result.error.message).toMatch(/not in the local copy/);
    expect(requested).toHaveLength(1);
  });
});
