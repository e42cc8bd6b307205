import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdBase } from '../../src/shared/wire/event-rules';
import { EVENT_ID_PATTERN, isSeason } from '../../src/shared/wire/formats';
import { startTestServer, type TestServer } from '../harness/server';
import { Api } from './conformance/http';

/*
 * Every code the service issues on create must be one its own routes take back: a code outside
 * the event-code pattern is listed, yet GET, PATCH and DELETE answer 404 to it, so it can never be
 * removed and every client sync of it fails. Checked over the whole season range create accepts.
 */

/** Every first year of a season create accepts: `0000-0001` to `9998-9999`. */
const FIRST_YEARS = Array.from({ length: 9999 }, (_, year) => year);

function seasonOf(firstYear: number): string {
  const year = (value: number) => String(value).padStart(4, '0');
  return `${year(firstYear)}-${year(firstYear + 1)}`;
}

/** The shortest slug, the default slug, a slug cut at 12, and one with letters outside ASCII. */
const NAMES = ['A', '', 'Springfield Regional Championship', 'Old', '東京 大会'];

describe('the event code of every season create accepts', () => {
  it('fits the event-code pattern and begins with the season’s first year as written', () => {
    const misfits: string[] = [];
    for (const firstYear of FIRST_YEARS) {
      const season = seasonOf(firstYear);
      if (!isSeason(season)) misfits.push(`${season} is not a season`);
      for (const name of NAMES) {
        const base = eventIdBase(name, season);
        for (const code of [base, `${base}2`, `${base}1000000`]) {
          if (!EVENT_ID_PATTERN.test(code) || !code.startsWith(season.slice(0, 4))) {
            misfits.push(`${season} ${JSON.stringify(name)}: ${code}`);
          }
        }
      }
    }
    expect(misfits).toEqual([]);
  });
});

describe('a created event, over the season range', () => {
  let server: TestServer;
  let api: Api;

  beforeAll(async () => {
    server = await startTestServer({ data: 'none' });
    api = new Api(server);
  });

  afterAll(async () => {
    await server.close();
  });

  /** The years where a number's digits change, and a stride through the rest. */
  const SAMPLED = [
    ...new Set([
      0,
      1,
      9,
      10,
      99,
      100,
      998,
      999,
      1000,
      2025,
      9998,
      ...FIRST_YEARS.filter((year) => year % 307 === 7),
    ]),
  ];

  async function create(name: string, firstYear: number): Promise<string> {
    // Year 0000 is no calendar year: a season's start falls in its first year or the next one.
    const start = `${String(firstYear + 1).padStart(4, '0')}-03-01T09:00:00Z`;
    const reply = await api.post(
      '/v1/events',
      {
        name,
        season: seasonOf(firstYear),
        startDate: start,
        endDate: start,
        location: { city: 'Springfield', country: 'US' },
      },
      { as: 'organizer' },
    );
    expect(reply.status, reply.text).toBe(201);
    const { id } = (reply.body as { data: { id: string } }).data;
    expect(reply.headers.get('location')).toBe(`/v1/events/${id}`);
    return id;
  }

  /** What a client does with a code it was given: read it and its lists, change it, delete it. */
  async function expectReachable(id: string): Promise<void> {
    for (const path of ['', '/teams', '/matches', '/clips']) {
      const reply = await api.get(`/v1/events/${id}${path}`, { as: 'viewer' });
      expect(reply.status, `GET /v1/events/${id}${path}`).toBe(200);
    }
    const patched = await api.patch(`/v1/events/${id}`, {}, { as: 'organizer' });
    expect(patched.status, `PATCH /v1/events/${id}`).toBe(200);
    const deleted = await api.delete(`/v1/events/${id}`, { as: 'admin' });
    expect(deleted.status, `DELETE /v1/events/${id}`).toBe(204);
    expect((await api.get(`/v1/events/${id}`, { as: 'viewer' })).status).toBe(404);
  }

  it.each([
    ['0000-0001', 0, 'Old', '0000old'],
    ['0998-0999', 998, 'A', '0998a'],
  ])('of season %s is reachable by the code it was given', async (_season, year, name, code) => {
    const id = await create(name, year);
    expect(id).toBe(code);
    await expectReachable(id);
  });

  it('is reachable by its code for every sampled season, a clash’s code too', async () => {
    for (const firstYear of SAMPLED) {
      // `B`: the shortest slug, and one the cases above did not issue.
      const first = await create('B', firstYear);
      const second = await create('B', firstYear);
      expect(second).toBe(`${first}2`);
      await expectReachable(first);
      await expectReachable(second);
    }
  });
});
