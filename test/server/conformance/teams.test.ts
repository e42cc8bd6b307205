import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamListItemSchema, teamRecordSchema, type TeamListItem } from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import { LIST_TEAM_KEYS, startDemoService, SINGLE_TEAM_KEYS, type DemoIndex } from './fixtures';
import type { Api } from './http';
import { expectError, expectList, expectSingle, listAll, sortedKeys } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => ({ server, api, demo } = await startDemoService()));
afterAll(() => server.close());

async function numbers(query: string): Promise<number[]> {
  return (await listAll(api, `/v1/teams?${query}`, teamListItemSchema)).map((team) => team.number);
}

function expected(predicate: (team: TeamListItem) => boolean): number[] {
  return demo.teams.filter(predicate).map((team) => team.number);
}

describe('GET /v1/teams', () => {
  test('lists every team by number with exactly the list fields', async () => {
    expect(demo.teams.length).toBeGreaterThan(100);
    const teamNumbers = demo.teams.map((team) => team.number);
    expect(teamNumbers).toEqual([...teamNumbers].sort((a, b) => a - b));
    expect(new Set(teamNumbers).size).toBe(teamNumbers.length);
    const first = expectList(await api.get('/v1/teams'), teamListItemSchema);
    expect(first.meta).toEqual({ page: 1, perPage: 25, total: demo.teams.length });
    for (const item of first.raw) expect(sortedKeys(item)).toEqual(LIST_TEAM_KEYS);
  });

  test('website is a URL and rookie a plausible year', () => {
    for (const team of demo.teams) {
      expect(() => new URL(team.website), `${team.number} ${team.website}`).not.toThrow();
      expect(team.rookie, String(team.number)).toBeGreaterThanOrEqual(1980);
      expect(team.rookie, String(team.number)).toBeLessThanOrEqual(2027);
    }
  });

  test('the same answer with and without a key', async () => {
    const anonymous = await api.get('/v1/teams?page=2');
    for (const as of ['viewer', 'organizer', 'admin'] as const) {
      expect((await api.get('/v1/teams?page=2', { as })).body).toEqual(anonymous.body);
    }
  });
});

describe('?search=', () => {
  function sampleQueries(): string[] {
    const names = demo.teams.map((team) => team.name);
    const longName = names.find((name) => name.length >= 8) ?? names[0]!;
    const numberText = String(demo.teams[Math.floor(demo.teams.length / 2)]!.number);
    return [
      longName.slice(2, 6).toUpperCase(),
      longName.slice(1, 5).toLowerCase(),
      longName,
      numberText,
      numberText.slice(0, 2),
      numberText.slice(0, 1),
      `${numberText.slice(0, 1)}x`,
      'zzzzqqqq',
    ];
  }

  test('a case-insensitive substring of the name; digits only also match numbers starting with them', async () => {
    for (const search of sampleQueries()) {
      const wanted = search.toLowerCase();
      const digitsOnly = /^\d+$/.test(search);
      const want = expected(
        (team) =>
          team.name.toLowerCase().includes(wanted) ||
          (digitsOnly && String(team.number).startsWith(search)),
      );
      expect(await numbers(`search=${encodeURIComponent(search)}`), search).toEqual(want);
    }
  });

  test('a digit search does not match numbers that merely contain the digits', async () => {
    const team = demo.teams.find((item) => item.number >= 100 && !/\d/.test(item.name))!;
    const tail = String(team.number).slice(1);
    const found = await numbers(`search=${tail}`);
    for (const number of found) {
      const match = demo.teams.find((item) => item.number === number)!;
      expect(String(number).startsWith(tail) || match.name.includes(tail), String(number)).toBe(
        true,
      );
    }
  });
});

describe('?region= matches state or country, case-insensitively and exactly', () => {
  test('states, countries, and partial codes', async () => {
    const states = [
      ...new Set(demo.teams.map((team) => team.state).filter((state) => state !== '')),
    ];
    const countries = [...new Set(demo.teams.map((team) => team.country))];
    expect(countries.length).toBeGreaterThan(0);
    const queries = [
      states[0]!,
      states[0]!.toLowerCase(),
      states[states.length - 1]!,
      countries[0]!.toLowerCase(),
      countries[countries.length - 1]!,
      states[0]!.slice(0, 1),
      'XX',
    ];
    for (const region of queries) {
      const wanted = region.toLowerCase();
      const want = expected(
        (team) => team.state.toLowerCase() === wanted || team.country.toLowerCase() === wanted,
      );
      expect(await numbers(`region=${encodeURIComponent(region)}`), region).toEqual(want);
    }
  });
});

describe('?season= keeps teams registered for an event of that season', () => {
  test('for every demo season', async () => {
    const seasons = [...new Set(demo.events.map((event) => event.season))];
    expect(seasons.length).toBeGreaterThanOrEqual(3);
    for (const season of seasons) {
      const inSeason = demo.events.filter((event) => event.season === season);
      const anyEvent = new Set(inSeason.flatMap((event) => demo.registrations.get(event.id) ?? []));
      const publicEvent = new Set(
        inSeason
          .filter((event) => event.visibility === 'public')
          .flatMap((event) => demo.registrations.get(event.id) ?? []),
      );
      const found = await numbers(`season=${season}`);
      for (const number of found) expect(anyEvent.has(number), `${season} ${number}`).toBe(true);
      for (const number of publicEvent) expect(found, `${season} ${number}`).toContain(number);
    }
    expect(await numbers('season=2040-2041')).toEqual([]);
  });

  test.each(['2025', '2025-2027', 'last'])('invalid %s → 400', async (season) => {
    expectError(await api.get(`/v1/teams?season=${season}`), 400, 'invalid_request');
  });

  test('filters combine', async () => {
    const team = demo.teams.find((item) => item.state !== '')!;
    const inRegion = await numbers(`region=${team.state}`);
    const both = await numbers(`region=${team.state}&search=${encodeURIComponent(team.name)}`);
    expect(both).toContain(team.number);
    for (const number of both) expect(inRegion).toContain(number);
  });
});

describe('GET /v1/teams/:teamNumber', () => {
  test('the single record nests the location and carries stats; it agrees with the list item', async () => {
    const sample = demo.teams.filter((_, index) => index % 37 === 0);
    for (const item of sample) {
      const reply = await api.get(`/v1/teams/${item.number}`);
      const team = expectSingle(reply, teamRecordSchema);
      const raw = (reply.body as { data: { location: unknown; stats: unknown } }).data;
      expect(sortedKeys(raw)).toEqual(SINGLE_TEAM_KEYS);
      expect(sortedKeys(raw.location)).toEqual(['city', 'country', 'state']);
      expect(sortedKeys(raw.stats)).toEqual(['clipCount', 'eventCount', 'matchCount']);
      expect(team).toEqual({
        number: item.number,
        name: item.name,
        school: item.school,
        location: { city: item.city, state: item.state, country: item.country },
        rookie: item.rookie,
        website: item.website,
        stats: { ...team.stats, clipCount: item.clipCount },
      });
    }
  });
});

describe('free-text filters take at most 200 characters', () => {
  const longest = { search: 'q'.repeat(200), region: 'q'.repeat(200), digits: '1'.repeat(200) };

  test.each(Object.entries(longest))(
    '%s: 200 is read, 201 is a 400 naming it',
    async (kind, text) => {
      const name = kind === 'region' ? 'region' : 'search';
      expect(await numbers(`${name}=${text}`)).toEqual([]);
      const error = expectError(
        await api.get(`/v1/teams?${name}=${text}${text[0]!}`),
        400,
        'invalid_request',
      );
      expect(error.details).toEqual([{ field: name, issue: 'must be at most 200 characters' }]);
    },
  );
});
