import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventListItemSchema, type EventRecord } from '../../../src/shared/wire';
import { TEST_NOW, type TestServer } from '../../harness/server';
import { compareEvents, createEvent, LIST_EVENT_KEYS, LOCATION_KEYS } from './fixtures';
import { Api, expectError, expectList, sortedKeys } from './http';
import { startReadTarget } from './target';

interface Fixture {
  name: string;
  season: string;
  startDate: string;
  endDate: string;
  state: string;
  country: string;
  /** What the pinned clock (TEST_NOW) makes of the dates. */
  status: 'upcoming' | 'live' | 'past';
}

const FIXTURES: Fixture[] = [
  {
    name: 'Alpha Live Start',
    season: '2026-2027',
    startDate: '2026-11-21T12:00:00Z',
    endDate: '2026-11-22T18:00:00Z',
    state: 'CA',
    country: 'US',
    status: 'live',
  },
  {
    name: 'Bravo Live End',
    season: '2026-2027',
    startDate: '2026-11-19T09:00:00Z',
    endDate: '2026-11-21T12:00:00Z',
    state: 'TX',
    country: 'US',
    status: 'live',
  },
  {
    name: 'Charlie Soon',
    season: '2026-2027',
    startDate: '2026-11-21T12:00:01Z',
    endDate: '2026-11-22T12:00:00Z',
    state: 'ON',
    country: 'CA',
    status: 'upcoming',
  },
  {
    name: 'Delta Just Over',
    season: '2026-2027',
    startDate: '2026-11-20T08:00:00Z',
    endDate: '2026-11-21T11:59:59Z',
    state: '',
    country: 'DE',
    status: 'past',
  },
  {
    name: 'Echo Instant',
    season: '2026-2027',
    startDate: '2026-11-21T13:00:00+01:00',
    endDate: '2026-11-21T07:00:00-05:00',
    state: 'BY',
    country: 'DE',
    status: 'live',
  },
  {
    name: 'Foxtrot 100% Robots',
    season: '2025-2026',
    startDate: '2026-03-14T09:00:00Z',
    endDate: '2026-03-15T17:00:00Z',
    state: 'NY',
    country: 'US',
    status: 'past',
  },
  {
    name: 'Golf_Cup',
    season: '2025-2026',
    startDate: '2025-10-01T09:00:00Z',
    endDate: '2025-10-02T17:00:00Z',
    state: 'ENG',
    country: 'GB',
    status: 'past',
  },
  {
    name: 'Hotel Future',
    season: '2027-2028',
    startDate: '2027-09-01T09:00:00Z',
    endDate: '2027-09-02T17:00:00Z',
    state: 'CAL',
    country: 'US',
    status: 'upcoming',
  },
  {
    name: 'Zulu Tie',
    season: '2026-2027',
    startDate: '2027-01-10T10:00:00Z',
    endDate: '2027-01-11T10:00:00Z',
    state: 'WA',
    country: 'US',
    status: 'upcoming',
  },
  {
    name: 'Yankee Tie',
    season: '2026-2027',
    startDate: '2027-01-10T10:00:00Z',
    endDate: '2027-01-11T10:00:00Z',
    state: 'wa',
    country: 'us',
    status: 'upcoming',
  },
];

let server: TestServer;
let api: Api;
const created = new Map<string, EventRecord>();

function idsOf(names: string[]): string[] {
  return names
    .map((name) => created.get(name)!)
    .sort(compareEvents)
    .map((event) => event.id);
}

function names(predicate: (fixture: Fixture, record: EventRecord) => boolean): string[] {
  return FIXTURES.filter((fixture) => predicate(fixture, created.get(fixture.name)!)).map(
    (fixture) => fixture.name,
  );
}

async function listIds(query: string): Promise<string[]> {
  const list = expectList(
    await api.get(`/v1/events?perPage=100&${query}`, { as: 'viewer' }),
    eventListItemSchema,
  );
  expect(list.meta.total).toBe(list.data.length);
  return list.data.map((event) => event.id);
}

beforeAll(async () => {
  server = await startReadTarget({ data: 'none' }, async (service) => {
    const writer = new Api(service);
    for (const fixture of FIXTURES) {
      const event = await createEvent(writer, {
        name: fixture.name,
        season: fixture.season,
        startDate: fixture.startDate,
        endDate: fixture.endDate,
        location: { city: 'Somewhere', state: fixture.state, country: fixture.country },
      });
      created.set(fixture.name, event);
    }
  });
  api = new Api(server);
});

afterAll(async () => {
  await server.close();
});

test('the server clock is pinned to TEST_NOW', () => {
  expect(TEST_NOW).toBe('2026-11-21T12:00:00Z');
});

test('lists every event ordered by startDate, then id, with exactly the list fields', async () => {
  const list = expectList(await api.get('/v1/events', { as: 'viewer' }), eventListItemSchema);
  expect(list.meta).toEqual({ page: 1, perPage: 25, total: FIXTURES.length });
  expect(list.data.map((event) => event.id)).toEqual(idsOf(FIXTURES.map((f) => f.name)));
  for (const item of list.raw) {
    expect(sortedKeys(item)).toEqual(LIST_EVENT_KEYS);
    expect(sortedKeys((item as { location: unknown }).location)).toEqual(LOCATION_KEYS);
  }
  const yankee = created.get('Yankee Tie')!.id;
  const zulu = created.get('Zulu Tie')!.id;
  expect(yankee < zulu).toBe(true);
});

describe('status is derived from the pinned clock', () => {
  test.each(FIXTURES)('$name is $status', async (fixture) => {
    const event = created.get(fixture.name)!;
    expect(event.status).toBe(fixture.status);
    const list = expectList(
      await api.get('/v1/events?perPage=100', { as: 'viewer' }),
      eventListItemSchema,
    );
    expect(list.data.find((item) => item.id === event.id)?.status).toBe(fixture.status);
  });

  test.each(['upcoming', 'live', 'past'] as const)('?status=%s', async (status) => {
    expect(await listIds(`status=${status}`)).toEqual(idsOf(names((f) => f.status === status)));
  });

  test('the same dates under a later clock are past', async () => {
    let event: EventRecord | undefined;
    const later = await startReadTarget(
      { data: 'none', now: '2028-01-01T00:00:00Z' },
      async (service) => {
        event = await createEvent(new Api(service), {
          startDate: '2027-03-14T09:00:00Z',
          endDate: '2027-03-16T18:00:00Z',
        });
      },
    );
    try {
      const laterApi = new Api(later);
      expect(event?.status).toBe('past');
      const list = expectList(
        await laterApi.get('/v1/events?status=past', { as: 'viewer' }),
        eventListItemSchema,
      );
      expect(list.data.map((item) => item.id)).toEqual([event?.id]);
    } finally {
      await later.close();
    }
  });
});

describe('?season=', () => {
  test.each(['2025-2026', '2026-2027', '2027-2028', '2030-2031'])('%s', async (season) => {
    expect(await listIds(`season=${season}`)).toEqual(idsOf(names((f) => f.season === season)));
  });

  test.each(['2025', '2025-2027', '2026-2025', 'abcd-efgh', '25-26', '2025/2026', '2025-2026x'])(
    'invalid %s → 400',
    async (season) => {
      expectError(
        await api.get(`/v1/events?season=${encodeURIComponent(season)}`, { as: 'viewer' }),
        400,
        'invalid_request',
      );
    },
  );
});

test.each(['soon', 'finished', 'LIVEE'])('?status=%s → 400 invalid_request', async (status) => {
  expectError(
    await api.get(`/v1/events?status=${status}`, { as: 'viewer' }),
    400,
    'invalid_request',
  );
});

describe('?region= matches state or country, case-insensitively and exactly', () => {
  const cases = ['CA', 'ca', 'US', 'us', 'DE', 'wa', 'ENG', 'cal', 'C', 'U', 'XX'];
  test.each(cases)('%s', async (region) => {
    const wanted = region.toLowerCase();
    const expected = names(
      (f) => f.state.toLowerCase() === wanted || f.country.toLowerCase() === wanted,
    );
    expect(await listIds(`region=${region}`)).toEqual(idsOf(expected));
  });

  test('CA finds the Californian and the Canadian event, not the CAL one', async () => {
    expect(await listIds('region=CA')).toEqual(idsOf(['Alpha Live Start', 'Charlie Soon']));
  });
});

describe('?search= is a case-insensitive substring of the name or the id', () => {
  const cases = [
    'live',
    'LIVE',
    'tie',
    'bravoliveend',
    '2025golf',
    '100%',
    '%',
    '_',
    'Cup',
    'al_ha',
    'al%start',
    'zz',
    ' ',
    '2027',
  ];
  test.each(cases)('%j', async (search) => {
    const wanted = search.toLowerCase();
    const expected = names(
      (f, record) =>
        f.name.toLowerCase().includes(wanted) || record.id.toLowerCase().includes(wanted),
    );
    expect(await listIds(`search=${encodeURIComponent(search)}`)).toEqual(idsOf(expected));
  });

  test('% and _ are literal, not wildcards', async () => {
    expect(await listIds('search=%25')).toEqual(idsOf(['Foxtrot 100% Robots']));
    expect(await listIds('search=_')).toEqual(idsOf(['Golf_Cup']));
    expect(await listIds('search=f_c')).toEqual(idsOf(['Golf_Cup']));
    expect(await listIds('search=al_ha')).toEqual([]);
    expect(await listIds(`search=${encodeURIComponent('al%start')}`)).toEqual([]);
  });

  test('an id is found although the name does not contain it', async () => {
    const bravo = created.get('Bravo Live End')!.id;
    expect(bravo).toBe('2026bravoliveend');
    expect(await listIds(`search=${bravo}`)).toEqual([bravo]);
  });
});

test('filters combine', async () => {
  const expected = names(
    (f) =>
      f.season === '2026-2027' && f.status === 'live' && (f.country === 'US' || f.state === 'US'),
  );
  expect(expected.length).toBeGreaterThan(0);
  expect(await listIds('season=2026-2027&status=live&region=us')).toEqual(idsOf(expected));
  expect(await listIds('status=upcoming&search=tie&region=WA')).toEqual(
    idsOf(['Zulu Tie', 'Yankee Tie']),
  );
});

describe('free-text filters take at most 200 characters', () => {
  // 200 UTF-16 code units, as the app's filter boxes count them; no event is named like this.
  const longest = 'q'.repeat(200);

  test.each(['search', 'region'])('%s of 200 is read, 201 is a 400 naming it', async (name) => {
    expect(await listIds(`${name}=${longest}`)).toEqual([]);
    const error = expectError(
      await api.get(`/v1/events?${name}=${longest}q`, { as: 'viewer' }),
      400,
      'invalid_request',
    );
    expect(error.details).toEqual([{ field: name, issue: 'must be at most 200 characters' }]);
  });
});
