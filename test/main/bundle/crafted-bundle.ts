import { writeFileSync } from 'node:fs';
import { encodeHead, encodePart } from '../../../src/main/bundle/container-write';
import type { BundleManifest } from '../../../src/main/bundle/format';
import { CACHE_MIGRATIONS } from '../../../src/main/cache/migrations';
import type { EventRecord } from '../../../src/shared/wire/event';
import type { MatchRecord } from '../../../src/shared/wire/match';
import { TEST_NOW } from '../../harness/server';

/*
 * Bundles written from records a test chooses, through the writer's own encoding: what a bundle
 * made elsewhere (by another Pitside, or by hand) may hold, without a service or a sync.
 */

/** A service no test reaches: nothing here asks it anything. */
export const CRAFTED_SERVICE = 'http://127.0.0.1:9';

/** An hour before the tests' instant: a copy synced a while ago on another laptop. */
export const SYNCED_AT = '2026-11-21T11:00:00Z';

export const CRAFTED_EVENT = '2026craftedopen';

export function eventRecord(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: CRAFTED_EVENT,
    name: 'Crafted Open',
    season: '2026-2027',
    startDate: '2026-12-05T09:00:00Z',
    endDate: '2026-12-06T18:00:00Z',
    location: { venue: 'Hall 1', city: 'Leeds', state: '', country: 'GB' },
    status: 'upcoming',
    streamStatus: 'none',
    teamCount: 0,
    clipCount: 0,
    visibility: 'public',
    createdAt: '2026-10-01T10:00:00Z',
    updatedAt: '2026-10-02T10:00:00Z',
    ...overrides,
  };
}

/** A played qualification match of the crafted event, red winning 120 to 80. */
export function matchRecord(number: number, overrides: Partial<MatchRecord> = {}): MatchRecord {
  return {
    id: `${CRAFTED_EVENT}-q${number}`,
    eventId: CRAFTED_EVENT,
    type: 'qualification',
    number,
    status: 'played',
    scheduledAt: '2026-12-05T10:00:00Z',
    playedAt: '2026-12-05T10:04:00Z',
    red: { teams: [254, 1114], score: 120 },
    blue: { teams: [971, 118], score: 80 },
    winner: 'red',
    clipCount: 0,
    ...overrides,
  };
}

export interface CraftedPart {
  resource: string;
  records: readonly unknown[];
  syncedAt?: string;
  listed?: boolean;
}

export interface CraftedBundle {
  parts: readonly CraftedPart[];
  service?: string;
  createdAt?: string;
}

/** The parts of one event: its record (listed as the service's list shows it) and its matches. */
export function eventParts(
  record: EventRecord = eventRecord(),
  matches: readonly MatchRecord[] = [matchRecord(1)],
): CraftedPart[] {
  return [
    { resource: `event:${record.id}`, records: [record], listed: record.visibility === 'public' },
    { resource: `event:${record.id}:matches`, records: matches },
  ];
}

/** Writes a bundle of `parts` to `file`, as the exporter would have, and returns its manifest. */
export function craftBundle(file: string, bundle: CraftedBundle): BundleManifest {
  const encoded = bundle.parts.map((part) =>
    encodePart({
      resource: part.resource,
      syncedAt: part.syncedAt ?? SYNCED_AT,
      ...(part.listed === undefined ? {} : { listed: part.listed }),
      records: part.records,
    }),
  );
  const manifest: BundleManifest = {
    format: 'pitside-bundle',
    schemaVersion: CACHE_MIGRATIONS.length,
    createdAt: bundle.createdAt ?? TEST_NOW,
    service: bundle.service ?? CRAFTED_SERVICE,
    selection: { events: null, season: null },
    parts: encoded.map(({ entry }) => entry),
  };
  writeFileSync(
    file,
    Buffer.concat([encodeHead(manifest), ...encoded.map(({ stored }) => stored)]),
  );
  return manifest;
}
