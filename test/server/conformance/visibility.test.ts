import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  clipRecordSchema,
  eventListItemSchema,
  eventRecordSchema,
  matchRecordSchema,
  teamListItemSchema,
  teamRecordSchema,
  teamSeasonStatsSchema,
  type EventRecord,
} from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import {
  compareEvents,
  createEvent,
  isTeamInMatch,
  loadDemoIndex,
  type DemoIndex,
} from './fixtures';
import { Api, expectError, expectList, expectSingle, listAll, type Caller } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;
let team: number;
let unlisted: EventRecord;
let hidden: EventRecord;
let teamBefore: unknown;
const created: Record<'public' | 'unlisted' | 'private', string> = {
  public: '',
  unlisted: '',
  private: '',
};

const SEES_ALL: Caller[] = ['organizer', 'admin'];
const SEES_PUBLIC: Caller[] = ['anonymous', 'viewer'];

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  api = new Api(server);
  demo = await loadDemoIndex(api);
  const playedAt = (number: number, eventId: string) =>
    demo.matches.some((match) => match.eventId === eventId && isTeamInMatch(match, number)) &&
    demo.clips.some((clip) => clip.eventId === eventId && clip.teamNumbers.includes(number));
  const candidates = demo.teams
    .map((item) => item.number)
    .map((number) => ({
      number,
      events: demo.events.filter(
        (event) => event.visibility === 'public' && playedAt(number, event.id),
      ),
    }))
    .filter((entry) => entry.events.length >= 3);
  expect(
    candidates.length,
    'a team that played and was filmed at three public events',
  ).toBeGreaterThan(0);
  team = candidates[0]!.number;
  teamBefore = (await api.get(`/v1/teams/${team}`)).body;
  const [first, second] = candidates[0]!.events;
  for (const [event, visibility] of [
    [first!, 'unlisted'],
    [second!, 'private'],
  ] as const) {
    const reply = await api.patch(`/v1/events/${event.id}`, { visibility }, { as: 'organizer' });
    const record = expectSingle(reply, eventRecordSchema);
    expect(record.visibility).toBe(visibility);
    const index = demo.events.findIndex((entry) => entry.id === event.id);
    demo.events[index] = record;
  }
  unlisted = demo.events.find((event) => event.id === first!.id)!;
  hidden = demo.events.find((event) => event.id === second!.id)!;
  for (const visibility of ['public', 'unlisted', 'private'] as const) {
    const event = await createEvent(api, { visibility, name: `Visibility ${visibility}` });
    created[visibility] = event.id;
    demo.events.push(event);
  }
  demo.events.sort(compareEvents);
});

afterAll(async () => {
  await server.close();
});

function visibleIds(caller: Caller, eventIds: string[]): string[] {
  const seesAll = SEES_ALL.includes(caller);
  return demo.events
    .filter((event) => eventIds.includes(event.id))
    .filter((event) => seesAll || event.visibility === 'public')
    .map((event) => event.id);
}

describe('GET /v1/events', () => {
  test.each(['viewer', ...SEES_ALL] as Caller[])('as %s', async (caller) => {
    const listed = await listAll(api, '/v1/events', eventListItemSchema, { as: caller });
    const all = demo.events.map((event) => event.id);
    expect(listed.map((event) => event.id)).toEqual(visibleIds(caller, all));
    if (caller === 'viewer') {
      expect(listed.map((event) => event.id)).not.toContain(created.unlisted);
      expect(listed.map((event) => event.id)).toContain(created.public);
    }
  });

  test('a viewer cannot find hidden events by search', async () => {
    for (const id of [unlisted.id, hidden.id, created.unlisted, created.private]) {
      const list = expectList(
        await api.get(`/v1/events?search=${id}`, { as: 'viewer' }),
        eventListItemSchema,
      );
      expect(list.meta.total, id).toBe(0);
      const organizer = expectList(
        await api.get(`/v1/events?search=${id}`, { as: 'organizer' }),
        eventListItemSchema,
      );
      expect(organizer.data.map((event) => event.id)).toContain(id);
    }
  });
});

describe('an event by id and its sub-resources', () => {
  const suffixes = ['', '/teams', '/matches', '/clips'];

  test.each(suffixes)('unlisted%s: readable by a viewer', async (suffix) => {
    for (const id of [unlisted.id, created.unlisted]) {
      for (const caller of ['viewer', ...SEES_ALL] as Caller[]) {
        expect(
          (await api.get(`/v1/events/${id}${suffix}`, { as: caller })).status,
          `${caller} ${id}`,
        ).toBe(200);
      }
    }
    const record = expectSingle(
      await api.get(`/v1/events/${unlisted.id}`, { as: 'viewer' }),
      eventRecordSchema,
    );
    expect(record.visibility).toBe('unlisted');
  });

  test.each(suffixes)(
    'private%s: 404 for a viewer, 200 for organizers and admins',
    async (suffix) => {
      for (const id of [hidden.id, created.private]) {
        expectError(await api.get(`/v1/events/${id}${suffix}`, { as: 'viewer' }), 404, 'not_found');
        for (const caller of SEES_ALL) {
          expect(
            (await api.get(`/v1/events/${id}${suffix}`, { as: caller })).status,
            `${caller} ${id}`,
          ).toBe(200);
        }
      }
    },
  );

  test('a private event keeps its data for organizers', async () => {
    const matches = await listAll(api, `/v1/events/${hidden.id}/matches`, matchRecordSchema, {
      as: 'organizer',
    });
    expect(matches).toEqual(demo.matches.filter((match) => match.eventId === hidden.id));
  });
});

describe('events inside team sub-resources', () => {
  test.each([...SEES_PUBLIC, ...SEES_ALL])('as %s', async (caller) => {
    const base = `/v1/teams/${team}`;
    const registeredAt = demo.events
      .filter((event) => demo.registrations.get(event.id)?.includes(team))
      .map((event) => event.id);
    const events = await listAll(api, `${base}/events`, eventListItemSchema, { as: caller });
    expect(events.map((event) => event.id)).toEqual(visibleIds(caller, registeredAt));

    const visible = new Set(
      visibleIds(
        caller,
        demo.events.map((event) => event.id),
      ),
    );
    const matches = await listAll(api, `${base}/matches`, matchRecordSchema, { as: caller });
    const wantMatches = demo.matches.filter(
      (match) => isTeamInMatch(match, team) && visible.has(match.eventId),
    );
    expect(matches.map((match) => match.id).sort()).toEqual(
      wantMatches.map((match) => match.id).sort(),
    );

    const clips = await listAll(api, `${base}/clips`, clipRecordSchema, { as: caller });
    const wantClips = demo.clips.filter(
      (clip) => clip.teamNumbers.includes(team) && visible.has(clip.eventId),
    );
    expect(clips.map((clip) => clip.id).sort()).toEqual(wantClips.map((clip) => clip.id).sort());

    const seesAll = SEES_ALL.includes(caller);
    for (const event of [unlisted, hidden]) {
      expect(
        matches.some((match) => match.eventId === event.id),
        `${caller} ${event.visibility}`,
      ).toBe(seesAll);
      expect(
        clips.some((clip) => clip.eventId === event.id),
        `${caller} ${event.visibility}`,
      ).toBe(seesAll);
    }
  });

  test('filtering a viewer’s list by a hidden event finds nothing', async () => {
    for (const event of [unlisted, hidden]) {
      for (const resource of ['matches', 'clips']) {
        const reply = await api.get(`/v1/teams/${team}/${resource}?eventId=${event.id}`, {
          as: 'viewer',
        });
        expect(
          expectList(reply, resource === 'matches' ? matchRecordSchema : clipRecordSchema).meta
            .total,
        ).toBe(0);
      }
    }
  });
});

describe('team counts and statistics are the same for every caller and leave out private events', () => {
  test('the team record', async () => {
    const answers = await Promise.all(
      (['anonymous', 'viewer', 'organizer', 'admin'] as Caller[]).map(async (caller) =>
        expectSingle(await api.get(`/v1/teams/${team}`, { as: caller }), teamRecordSchema),
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const before = teamRecordSchema.parse((teamBefore as { data: unknown }).data);
    const inHidden = {
      matchCount: demo.matches.filter(
        (match) => match.eventId === hidden.id && isTeamInMatch(match, team),
      ).length,
      clipCount: demo.clips.filter(
        (clip) => clip.eventId === hidden.id && clip.teamNumbers.includes(team),
      ).length,
    };
    expect(answers[0]!.stats).toEqual({
      eventCount: before.stats.eventCount - 1,
      matchCount: before.stats.matchCount - inHidden.matchCount,
      clipCount: before.stats.clipCount - inHidden.clipCount,
    });
  });

  test('the team list clipCount', async () => {
    const record = expectSingle(await api.get(`/v1/teams/${team}`), teamRecordSchema);
    for (const caller of ['anonymous', 'viewer', 'organizer'] as Caller[]) {
      const teams = await listAll(api, `/v1/teams?search=${team}`, teamListItemSchema, {
        as: caller,
      });
      expect(teams.find((item) => item.number === team)?.clipCount, caller).toBe(
        record.stats.clipCount,
      );
    }
  });

  test('the season statistics', async () => {
    for (const season of [hidden.season, unlisted.season]) {
      const answers = await Promise.all(
        (['anonymous', 'viewer', 'organizer', 'admin'] as Caller[]).map(async (caller) =>
          expectSingle(
            await api.get(`/v1/teams/${team}/stats?season=${season}`, { as: caller }),
            teamSeasonStatsSchema,
          ),
        ),
      );
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });
});
