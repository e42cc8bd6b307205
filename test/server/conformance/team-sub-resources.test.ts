import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  clipRecordSchema,
  eventListItemSchema,
  matchRecordSchema,
  type ClipRecord,
  type EventListItem,
} from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import {
  compareEvents,
  isSortedBy,
  isTeamInMatch,
  LIST_EVENT_KEYS,
  loadDemoIndex,
  matchComparator,
  type DemoIndex,
} from './fixtures';
import { Api, expectError, expectList, listAll, sortedKeys } from './http';
import { startReadTarget } from './target';

let server: TestServer;
let api: Api;
let demo: DemoIndex;
let sample: number[];

const as = 'organizer';

beforeAll(async () => {
  server = await startReadTarget({ data: 'demo' });
  api = new Api(server);
  demo = await loadDemoIndex(api);
  const matchCount = (team: number) =>
    demo.matches.filter((match) => isTeamInMatch(match, team)).length;
  const ranked = demo.teams
    .map((team) => team.number)
    .sort((a, b) => matchCount(b) - matchCount(a));
  sample = [
    ranked[0]!,
    ranked[1]!,
    ranked[Math.floor(ranked.length / 3)]!,
    ranked[ranked.length - 1]!,
  ];
});

afterAll(async () => {
  await server.close();
});

function listItem(event: DemoIndex['events'][number]): EventListItem {
  return eventListItemSchema.parse(event);
}

function eventsOf(team: number): DemoIndex['events'] {
  return demo.events
    .filter((event) => demo.registrations.get(event.id)?.includes(team))
    .sort(compareEvents);
}

function seasonOf(eventId: string): string {
  return demo.events.find((event) => event.id === eventId)!.season;
}

function seasons(): string[] {
  return [...new Set(demo.events.map((event) => event.season))].sort();
}

describe('GET /v1/teams/:teamNumber/events', () => {
  test('lists the events the team is registered at, by startDate then id, as event list items', async () => {
    for (const team of sample) {
      const reply = await api.get(`/v1/teams/${team}/events?perPage=100`, { as });
      for (const item of expectList(reply, eventListItemSchema).raw)
        expect(sortedKeys(item)).toEqual(LIST_EVENT_KEYS);
      const events = await listAll(api, `/v1/teams/${team}/events`, eventListItemSchema, { as });
      expect(events, String(team)).toEqual(eventsOf(team).map(listItem));
    }
  });

  test('?season=', async () => {
    for (const team of sample) {
      for (const season of seasons()) {
        const events = await listAll(
          api,
          `/v1/teams/${team}/events?season=${season}`,
          eventListItemSchema,
          { as },
        );
        expect(events).toEqual(
          eventsOf(team)
            .filter((event) => event.season === season)
            .map(listItem),
        );
      }
    }
  });
});

describe('GET /v1/teams/:teamNumber/matches', () => {
  const order = () => matchComparator(new Map(demo.events.map((event) => [event.id, event])));

  test('lists the matches the team plays in, by event startDate, event id, type, number', async () => {
    for (const team of sample) {
      const matches = await listAll(api, `/v1/teams/${team}/matches`, matchRecordSchema, { as });
      const want = demo.matches.filter((match) => isTeamInMatch(match, team)).sort(order());
      expect(matches, String(team)).toEqual(want);
    }
  });

  test('?season= and ?eventId=, alone and together', async () => {
    const team = sample[0]!;
    const all = demo.matches.filter((match) => isTeamInMatch(match, team)).sort(order());
    const base = `/v1/teams/${team}/matches`;
    for (const season of seasons()) {
      const want = all.filter((match) => seasonOf(match.eventId) === season);
      expect(await listAll(api, `${base}?season=${season}`, matchRecordSchema, { as })).toEqual(
        want,
      );
    }
    const eventId = all[all.length - 1]!.eventId;
    expect(await listAll(api, `${base}?eventId=${eventId}`, matchRecordSchema, { as })).toEqual(
      all.filter((match) => match.eventId === eventId),
    );
    const otherSeason = seasons().find((season) => season !== seasonOf(eventId))!;
    expect(
      await listAll(
        api,
        `${base}?eventId=${eventId}&season=${seasonOf(eventId)}`,
        matchRecordSchema,
        { as },
      ),
    ).toEqual(all.filter((match) => match.eventId === eventId));
    expect(
      await listAll(api, `${base}?eventId=${eventId}&season=${otherSeason}`, matchRecordSchema, {
        as,
      }),
    ).toEqual([]);
    expect(
      await listAll(api, `${base}?eventId=2026nosuchevent`, matchRecordSchema, { as }),
    ).toEqual([]);
  });
});

describe('GET /v1/teams/:teamNumber/clips', () => {
  const featuring = (team: number) => demo.clips.filter((clip) => clip.teamNumbers.includes(team));
  const byId = (clips: ClipRecord[]) => [...clips].sort((a, b) => a.id.localeCompare(b.id));
  const SORTS: Record<string, (a: ClipRecord, b: ClipRecord) => number> = {
    date: (a, b) => a.recordedAt.localeCompare(b.recordedAt),
    '-date': (a, b) => b.recordedAt.localeCompare(a.recordedAt),
    duration: (a, b) => a.durationSeconds - b.durationSeconds,
    '-duration': (a, b) => b.durationSeconds - a.durationSeconds,
  };

  test('lists the clips featuring the team, by -date by default', async () => {
    for (const team of sample) {
      const clips = await listAll(api, `/v1/teams/${team}/clips`, clipRecordSchema, { as });
      expect(byId(clips), String(team)).toEqual(byId(featuring(team)));
      expect(isSortedBy(clips, SORTS['-date']!)).toBe(true);
    }
    expect(featuring(sample[0]!).length).toBeGreaterThan(1);
  });

  test.each(['date', '-date', 'duration', '-duration'])('?sort=%s', async (sort) => {
    const team = sample[0]!;
    const clips = await listAll(api, `/v1/teams/${team}/clips?sort=${sort}`, clipRecordSchema, {
      as,
    });
    expect(byId(clips)).toEqual(byId(featuring(team)));
    expect(isSortedBy(clips, SORTS[sort]!), sort).toBe(true);
    const values = clips.map((clip) =>
      sort.endsWith('date') ? clip.recordedAt : clip.durationSeconds,
    );
    expect(new Set(values).size, 'the sample has distinct values to order').toBeGreaterThan(1);
  });

  test('?eventId= and ?season=', async () => {
    const team = sample[0]!;
    const all = featuring(team);
    const base = `/v1/teams/${team}/clips`;
    const eventId = all[0]!.eventId;
    expect(
      byId(await listAll(api, `${base}?eventId=${eventId}`, clipRecordSchema, { as })),
    ).toEqual(byId(all.filter((clip) => clip.eventId === eventId)));
    for (const season of seasons()) {
      const clips = await listAll(api, `${base}?season=${season}&sort=duration`, clipRecordSchema, {
        as,
      });
      expect(byId(clips)).toEqual(byId(all.filter((clip) => seasonOf(clip.eventId) === season)));
      expect(isSortedBy(clips, SORTS.duration!)).toBe(true);
    }
  });

  test.each(['name', 'DATE', '+date', 'date,-duration', 'recordedAt'])(
    '?sort=%j → 400',
    async (sort) => {
      expectError(
        await api.get(`/v1/teams/${sample[0]}/clips?sort=${encodeURIComponent(sort)}`),
        400,
        'invalid_request',
      );
    },
  );

  test('?sort= repeated → 400', async () => {
    expectError(
      await api.get(`/v1/teams/${sample[0]}/clips?sort=date&sort=-date`),
      400,
      'invalid_request',
    );
  });
});

describe('season in team sub-resource queries is checked', () => {
  test.each(['events', 'matches', 'clips'])(
    '/v1/teams/:n/%s?season=2025 → 400',
    async (resource) => {
      expectError(
        await api.get(`/v1/teams/${sample[0]}/${resource}?season=2025`),
        400,
        'invalid_request',
      );
    },
  );
});
