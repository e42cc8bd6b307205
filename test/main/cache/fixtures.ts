import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { CacheWriter } from '../../../src/main/cache/writes';
import type { ResourceKey } from '../../../src/shared/ipc/resources';
import type { ClipRecord } from '../../../src/shared/wire/clip';
import type { EventListItem, EventRecord } from '../../../src/shared/wire/event';
import {
  matchId,
  winnerOf,
  type MatchRecord,
  type MatchType,
} from '../../../src/shared/wire/match';
import type { TeamSeasonStats } from '../../../src/shared/wire/stats';
import type { TeamListItem } from '../../../src/shared/wire/team';

/** When fixtures were "synced"; far from every event date so it is never mistaken for one. */
export const SYNCED_AT = '2026-11-20T08:00:00Z';

export interface TestCache {
  cache: CacheFiles;
  /** Runs `work` with a CacheWriter in one transaction on the writer connection. */
  write(work: (writer: CacheWriter) => void): void;
  /** Marks resources as synced whole (or, with `complete: false`, as attempted only). */
  synced(resources: readonly ResourceKey[], complete?: boolean, at?: string): void;
  close(): void;
}

/** A real cache file in its own temp directory, migrated like the app's. */
export function openTestCache(): TestCache {
  const directory = mkdtempSync(join(tmpdir(), 'pitside-cache-reads-'));
  const cache = openCache(join(directory, 'cache.db'));
  const writer = new CacheWriter(cache.writer);
  const write = (work: (writer: CacheWriter) => void) =>
    cache.writer.transaction(() => work(writer))();
  return {
    cache,
    write,
    synced: (resources, complete = true, at = SYNCED_AT) =>
      write((w) => {
        for (const resource of resources) {
          w.syncState.setSyncState(resource, {
            complete,
            recordCount: 0,
            attempt: at,
            ...(complete ? { success: at } : {}),
          });
        }
      }),
    close: () => {
      cache.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

type EventFixture = Partial<Omit<EventListItem, 'location'>> & {
  id: string;
  location?: Partial<EventListItem['location']>;
};

export function event({ location, ...fields }: EventFixture): EventListItem {
  return {
    name: `Event ${fields.id}`,
    season: `${fields.id.slice(0, 4)}-${Number(fields.id.slice(0, 4)) + 1}`,
    startDate: '2026-03-14T09:00:00Z',
    endDate: '2026-03-15T18:00:00Z',
    status: 'past',
    streamStatus: 'none',
    teamCount: 0,
    clipCount: 0,
    ...fields,
    location: { venue: 'Hall', city: 'Springfield', state: 'IL', country: 'US', ...location },
  };
}

export function eventRecord(fields: EventFixture, visibility: EventRecord['visibility']) {
  return {
    ...event(fields),
    visibility,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
  };
}

export function team(number: number, fields: Partial<TeamListItem> = {}): TeamListItem {
  return {
    number,
    name: `Team ${number}`,
    school: `School ${number}`,
    city: 'Springfield',
    state: 'IL',
    country: 'US',
    rookie: 2010,
    website: `https://team${number}.example.org`,
    clipCount: 0,
    ...fields,
  };
}

export function match(
  eventId: string,
  type: MatchType,
  number: number,
  red: number[],
  blue: number[],
  scores: [number, number] | null = null,
): MatchRecord {
  const [redScore, blueScore] = scores ?? [null, null];
  return {
    id: matchId(eventId, type, number),
    eventId,
    type,
    number,
    status: scores === null ? 'scheduled' : 'played',
    scheduledAt: '2026-03-14T10:00:00Z',
    playedAt: scores === null ? null : '2026-03-14T10:05:00Z',
    red: { teams: red, score: redScore },
    blue: { teams: blue, score: blueScore },
    winner: winnerOf(redScore, blueScore),
    clipCount: 0,
  };
}

export function clip(
  id: string,
  eventId: string,
  teamNumbers: number[],
  fields: Partial<ClipRecord> = {},
): ClipRecord {
  return {
    id,
    eventId,
    matchId: null,
    matchType: null,
    teamNumbers,
    title: `Clip ${id}`,
    url: `https://clips.example.org/${id}`,
    thumbnailUrl: null,
    durationSeconds: 60,
    recordedAt: '2026-03-14T12:00:00Z',
    ...fields,
  };
}

export function seasonStats(
  season: string,
  fields: Partial<TeamSeasonStats> = {},
): TeamSeasonStats {
  return {
    season,
    events: 1,
    matches: 4,
    wins: 3,
    losses: 1,
    winRate: 0.75,
    avgScore: 51.25,
    highScore: 70,
    rankings: { regional: 2, state: 1, world: 10 },
    ...fields,
  };
}

/** A request log standing in for the sync engine's background fetches. */
export function fetchRequests(): {
  requested: ResourceKey[];
  requestFetch: (key: ResourceKey) => void;
} {
  const requested: ResourceKey[] = [];
  return { requested, requestFetch: (key) => requested.push(key) };
}
