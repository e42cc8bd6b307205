import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clipRecordSchema, matchRecordSchema, teamListItemSchema } from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import {
  CLIP_KEYS,
  isSortedBy,
  LIST_TEAM_KEYS,
  startDemoService,
  MATCH_KEYS,
  type DemoIndex,
} from './fixtures';
import type { Api } from './http';
import { expectError, expectList, listAll, sortedKeys } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => ({ server, api, demo } = await startDemoService()));
afterAll(() => server.close());

const INFIX = { qualification: 'q', semifinal: 'sf', final: 'f' } as const;
const TYPE_RANK = { qualification: 0, semifinal: 1, final: 2 } as const;

function richestEvent(): string {
  const byClips = [...demo.events].sort((a, b) => b.clipCount - a.clipCount);
  expect(byClips[0]?.clipCount ?? 0).toBeGreaterThan(0);
  return byClips[0]!.id;
}

describe('GET /v1/events/:eventId/teams', () => {
  test('lists the registered teams by number, as team list items, as many as teamCount', async () => {
    const teamsByNumber = new Map(demo.teams.map((team) => [team.number, team]));
    let checked = 0;
    for (const event of demo.events) {
      const reply = await api.get(`/v1/events/${event.id}/teams?perPage=100`, { as: 'organizer' });
      const list = expectList(reply, teamListItemSchema);
      expect(list.meta.total).toBe(event.teamCount);
      for (const item of list.raw) expect(sortedKeys(item)).toEqual(LIST_TEAM_KEYS);
      const numbers = list.data.map((team) => team.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const team of list.data) expect(team).toEqual(teamsByNumber.get(team.number));
      checked += list.data.length;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('GET /v1/events/:eventId/matches', () => {
  test('every match record is well formed', async () => {
    expect(demo.matches.length).toBeGreaterThan(0);
    const reply = await api.get(`/v1/events/${demo.matches[0]!.eventId}/matches`, {
      as: 'organizer',
    });
    for (const item of expectList(reply, matchRecordSchema).raw) {
      expect(sortedKeys(item)).toEqual(MATCH_KEYS);
    }
    for (const match of demo.matches) {
      expect(match.id).toBe(`${match.eventId}-${INFIX[match.type]}${match.number}`);
      const all = [...match.red.teams, ...match.blue.teams];
      expect(new Set(all).size, match.id).toBe(all.length);
      if (match.status === 'played') {
        expect(match.playedAt, match.id).not.toBeNull();
        expect(match.red.score, match.id).not.toBeNull();
        expect(match.blue.score, match.id).not.toBeNull();
        const red = match.red.score!;
        const blue = match.blue.score!;
        expect(match.winner, match.id).toBe(red === blue ? 'tie' : red > blue ? 'red' : 'blue');
      } else {
        expect(match.red.score, match.id).toBeNull();
        expect(match.blue.score, match.id).toBeNull();
        expect(match.winner, match.id).toBeNull();
        expect(match.playedAt, match.id).toBeNull();
      }
    }
    expect(demo.matches.some((match) => match.status === 'played')).toBe(true);
  });

  test('lists the matches of the event only, by type then number', () => {
    for (const event of demo.events) {
      const matches = demo.matches.filter((match) => match.eventId === event.id);
      expect(
        isSortedBy(matches, (a, b) => TYPE_RANK[a.type] - TYPE_RANK[b.type] || a.number - b.number),
        event.id,
      ).toBe(true);
      expect(new Set(matches.map((match) => match.id)).size).toBe(matches.length);
    }
  });

  test('clipCount of a match counts the clips tied to it', () => {
    const clipsPerMatch = new Map<string, number>();
    for (const clip of demo.clips) {
      if (clip.matchId !== null)
        clipsPerMatch.set(clip.matchId, (clipsPerMatch.get(clip.matchId) ?? 0) + 1);
    }
    for (const match of demo.matches)
      expect(match.clipCount, match.id).toBe(clipsPerMatch.get(match.id) ?? 0);
    expect([...clipsPerMatch.values()].some((count) => count > 0)).toBe(true);
  });
});

describe('GET /v1/events/:eventId/clips', () => {
  test('every clip record is well formed and belongs to its event and match', async () => {
    const reply = await api.get(`/v1/events/${richestEvent()}/clips`, { as: 'organizer' });
    for (const item of expectList(reply, clipRecordSchema).raw)
      expect(sortedKeys(item)).toEqual(CLIP_KEYS);
    const matchesById = new Map(demo.matches.map((match) => [match.id, match]));
    for (const clip of demo.clips) {
      expect(clip.matchId === null, clip.id).toBe(clip.matchType === null);
      if (clip.matchId !== null) {
        const match = matchesById.get(clip.matchId);
        expect(match, clip.id).toBeDefined();
        expect(match!.eventId).toBe(clip.eventId);
        expect(match!.type).toBe(clip.matchType);
      }
      expect(clip.url).toMatch(/^https:\/\//);
      if (clip.thumbnailUrl !== null) expect(clip.thumbnailUrl).toMatch(/^https:\/\//);
    }
    expect(new Set(demo.clips.map((clip) => clip.id)).size).toBe(demo.clips.length);
  });

  test('lists the clips of the event by -date, as many as clipCount', () => {
    for (const event of demo.events) {
      const clips = demo.clips.filter((clip) => clip.eventId === event.id);
      expect(clips.length, event.id).toBe(event.clipCount);
      expect(
        isSortedBy(clips, (a, b) => b.recordedAt.localeCompare(a.recordedAt)),
        event.id,
      ).toBe(true);
    }
  });

  test.each(['qualification', 'semifinal', 'final'] as const)(
    '?matchType=%s',
    async (matchType) => {
      const eventId = richestEvent();
      const clips = await listAll(
        api,
        `/v1/events/${eventId}/clips?matchType=${matchType}`,
        clipRecordSchema,
        { as: 'organizer' },
      );
      const all = demo.clips.filter((clip) => clip.eventId === eventId);
      expect(clips).toEqual(all.filter((clip) => clip.matchType === matchType));
    },
  );

  test('?teamNumber= keeps the clips featuring the team; with matchType both apply', async () => {
    const eventId = richestEvent();
    const all = demo.clips.filter((clip) => clip.eventId === eventId);
    const featured = all.flatMap((clip) => clip.teamNumbers);
    const teamNumber = featured.sort(
      (a, b) => featured.filter((n) => n === b).length - featured.filter((n) => n === a).length,
    )[0]!;
    const path = `/v1/events/${eventId}/clips`;
    expect(
      await listAll(api, `${path}?teamNumber=${teamNumber}`, clipRecordSchema, { as: 'organizer' }),
    ).toEqual(all.filter((clip) => clip.teamNumbers.includes(teamNumber)));
    expect(
      await listAll(
        api,
        `${path}?teamNumber=${teamNumber}&matchType=qualification`,
        clipRecordSchema,
        { as: 'organizer' },
      ),
    ).toEqual(
      all.filter(
        (clip) => clip.teamNumbers.includes(teamNumber) && clip.matchType === 'qualification',
      ),
    );
    const absent = demo.teams.find((team) => !featured.includes(team.number))!.number;
    const none = expectList(
      await api.get(`${path}?teamNumber=${absent}`, { as: 'organizer' }),
      clipRecordSchema,
    );
    expect(none.meta.total).toBe(0);
  });

  test.each([
    'matchType=quali',
    'matchType=Final',
    'teamNumber=abc',
    'teamNumber=0',
    'teamNumber=100000',
    'teamNumber=-1',
    'teamNumber=1.5',
    'teamNumber=254&teamNumber=1114',
    'matchType=final&matchType=semifinal',
  ])('?%s → 400 invalid_request', async (query) => {
    expectError(
      await api.get(`/v1/events/${richestEvent()}/clips?${query}`, { as: 'viewer' }),
      400,
      'invalid_request',
    );
  });
});
