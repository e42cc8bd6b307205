import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleContents, exportBundle } from '../../../src/main/bundle/bundle-export';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { inspectBundle, summaryLine } from '../../../src/main/bundle/bundle-summary';
import { SettingsStore } from '../../../src/main/settings/settings-store';
import type { Visibility } from '../../../src/shared/wire/event';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { openRig } from '../sync/sync-rig';
import { craftBundle, eventParts, eventRecord } from './crafted-bundle';
import { takeApart } from './bundle-files';

/*
 * A venue share never serves private events, and a bundle follows the same rule: by default it
 * holds what a viewer may see, whatever key the copy was synced with. Private and unlisted events
 * go in only when asked for by name; the laptop that takes them keeps them, but lists only what
 * a viewer's list would show.
 */

const NOW = new Date(TEST_NOW);
let server: TestServer;
let root: string;
let organizerCopy: string;
const codes = new Map<Visibility, string>();

async function createEvent(name: string, visibility: Visibility): Promise<string> {
  const response = await fetch(`${server.url}/v1/events`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.keys.organizer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name,
      season: '2026-2027',
      startDate: '2026-12-05T09:00:00Z',
      endDate: '2026-12-06T18:00:00Z',
      location: { city: 'Leeds', country: 'GB' },
      visibility,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

function listedOf(file: string): { id: string; visibility: string; listed: number }[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { id: string; visibility: string; listed: number }>(
        'SELECT id, visibility, listed FROM events ORDER BY id',
      )
      .all();
  } finally {
    db.close();
  }
}

function withCache<Result>(use: (db: Database.Database) => Result): Result {
  const db = new Database(join(organizerCopy, 'pitside.db'), { readonly: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const eventPartsOf = (file: string) =>
  takeApart(file)
    .manifest.parts.filter((part) => /^event:[^:]+$/.test(part.resource))
    .map((part) => ({ resource: part.resource, listed: part.listed }));

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-visibility-'));
  for (const visibility of ['public', 'unlisted', 'private'] as const) {
    codes.set(visibility, await createEvent(`Leeds ${visibility} Open`, visibility));
  }
  // An organizer's copy: its list shows every event, private ones too.
  organizerCopy = join(root, 'organizer');
  const rig = openRig({
    baseUrl: server.url,
    key: server.keys.organizer,
    dir: organizerCopy,
    fileName: 'pitside.db',
  });
  try {
    await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).setBaseUrl(server.url);
    expect((await rig.run({ scope: 'all' })).outcome).toBe('completed');
  } finally {
    await rig.close();
  }
  expect(listedOf(join(organizerCopy, 'pitside.db')).map((row) => row.listed)).toEqual([1, 1, 1]);
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a bundle of an organizer’s copy', () => {
  it('holds only what a viewer may see, unless private and unlisted events are asked for', () => {
    const plain = join(root, 'plain.pitside');
    const exported = withCache((db) =>
      exportBundle(db, { events: null, season: null }, plain, NOW),
    );
    expect(exported).toMatchObject({ privateEvents: 0, unlistedEvents: 0, hiddenLeftOut: 2 });
    expect(eventPartsOf(plain)).toEqual([
      { resource: `event:${codes.get('public')}`, listed: true },
    ]);
    expect(
      takeApart(plain)
        .manifest.parts.map((part) => part.resource)
        .join(' '),
    ).not.toMatch(new RegExp(`${codes.get('private')}|${codes.get('unlisted')}`));

    const everything = join(root, 'everything.pitside');
    const asked = withCache((db) =>
      exportBundle(db, { events: null, season: null, includePrivate: true }, everything, NOW),
    );
    expect(asked).toMatchObject({ privateEvents: 1, unlistedEvents: 1, hiddenLeftOut: 0 });
    // `listed` says what a viewer's list shows, not what the organizer's did.
    expect(new Set(eventPartsOf(everything).map((part) => JSON.stringify(part)))).toEqual(
      new Set(
        (['public', 'unlisted', 'private'] as const).map((visibility) =>
          JSON.stringify({
            resource: `event:${codes.get(visibility)}`,
            listed: visibility === 'public',
          }),
        ),
      ),
    );
  });

  it('names a private event asked for without the choice, and writes nothing', () => {
    const file = join(root, 'named.pitside');
    expect(() =>
      withCache((db) =>
        exportBundle(db, { events: [codes.get('private') ?? ''], season: null }, file, NOW),
      ),
    ).toThrow(/it is private, and private and unlisted events go in only when asked for/);
  });

  it('counts, per season, the events a viewer may see and the others', () => {
    const contents = withCache((db) => bundleContents(db));
    expect(contents.seasons).toEqual([{ season: '2026-2027', events: 1, hidden: 2 }]);
  });
});

describe('the laptop that takes private and unlisted events', () => {
  it('keeps them but lists only what a viewer’s list shows, and says so before', async () => {
    // As an older Pitside wrote an organizer's copy: every event listed, as its list showed.
    const file = join(root, 'listed-by-organizer.pitside');
    craftBundle(file, {
      parts: (['public', 'unlisted', 'private'] as const).flatMap((visibility) =>
        eventParts(eventRecord({ id: `2026${visibility}event`, visibility }), []).map((part) => ({
          ...part,
          ...(part.listed === undefined ? {} : { listed: true }),
        })),
      ),
    });
    const summary = await inspectBundle(file, NOW);
    expect(summaryLine(summary, NOW)).toMatch(
      /^3 events \(1 private, 1 unlisted: kept, not listed\), 0 teams, /,
    );
    const target = join(root, 'taker');
    await importBundle(file, target, { now: NOW });
    expect(listedOf(join(target, 'pitside.db'))).toEqual([
      { id: '2026privateevent', visibility: 'private', listed: 0 },
      { id: '2026publicevent', visibility: 'public', listed: 1 },
      { id: '2026unlistedevent', visibility: 'unlisted', listed: 0 },
    ]);
  });
});
