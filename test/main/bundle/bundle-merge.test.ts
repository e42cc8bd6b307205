import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../../../src/main/bundle/bundle-export';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { runCli } from '../../cli/run-cli';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { cacheRows, copyDataDir, takeApart } from './bundle-files';

/*
 * Two copies of one service, synced a moment apart, each handed to the other as a bundle: the
 * later synced copy of each resource wins, and nothing that is the person's own is written.
 */

let server: TestServer;
let root: string;
let newer: string;
let older: string;
let edited: string;
let renamed: string;
let localCode: string;
let originalName: string;

const OWN_TABLES = [
  'outbox',
  'favorite_teams',
  'pinned_events',
  'pick_lists',
  'pick_entries',
  'team_notes',
];

async function sync(dataDir: string, force = false): Promise<void> {
  const run = await runCli(
    [
      'sync',
      '--service',
      server.url,
      '--data-dir',
      dataDir,
      '--scope',
      'all',
      ...(force ? ['--force'] : []),
    ],
    { PITSIDE_API_KEY: server.keys.viewer },
  );
  expect(run.code, run.stderr).toBe(0);
}

function cacheOf(dataDir: string): string {
  return join(dataDir, 'pitside.db');
}

function read<Row>(dataDir: string, sql: string, ...params: unknown[]): Row[] {
  const db = new Database(cacheOf(dataDir), { readonly: true });
  try {
    return db.prepare<unknown[], Row>(sql).all(...params);
  } finally {
    db.close();
  }
}

function ownRows(dataDir: string): unknown {
  return OWN_TABLES.map((table) => read(dataDir, `SELECT * FROM ${table} ORDER BY 1, 2`));
}

function bundleOf(dataDir: string, name: string): string {
  const file = join(root, name);
  const db = new Database(cacheOf(dataDir), { readonly: true });
  try {
    exportBundle(db, { events: null, season: null }, file);
  } finally {
    db.close();
  }
  return file;
}

function nameOf(dataDir: string, eventId: string): string | undefined {
  return read<{ name: string }>(dataDir, 'SELECT name FROM events WHERE id = ?', eventId)[0]?.name;
}

function syncedAt(dataDir: string, resource: string): string | undefined {
  return read<{ last_success: string }>(
    dataDir,
    'SELECT last_success FROM sync_state WHERE resource = ?',
    resource,
  )[0]?.last_success;
}

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-merge-'));
  newer = join(root, 'newer');
  older = join(root, 'older');
  await sync(newer);
  copyDataDir(newer, older);
  const events = read<{ id: string }>(newer, 'SELECT id FROM events WHERE listed = 1 ORDER BY id');
  edited = events[0]?.id ?? '';
  renamed = events[1]?.id ?? '';
  originalName = nameOf(newer, edited) ?? '';

  // The older copy's person: an edit not sent, a new event, favorites, a pin, a pick list, a note.
  const edit = await runCli([
    'events',
    'update',
    '--data-dir',
    older,
    '--event',
    edited,
    '--json',
    '{"name":"Our own name"}',
  ]);
  expect(edit.code, edit.stderr).toBe(0);
  const created = await runCli([
    'events',
    'create',
    '--data-dir',
    older,
    '--json',
    JSON.stringify({
      name: 'Made offline',
      season: '2026-2027',
      startDate: '2026-12-05T09:00:00Z',
      endDate: '2026-12-06T18:00:00Z',
      location: { city: 'Leeds', country: 'GB' },
    }),
  ]);
  expect(created.code, created.stderr).toBe(0);
  localCode = (JSON.parse(created.stdout) as { eventId: string }).eventId;
  const db = new Database(cacheOf(older));
  db.exec(`INSERT INTO favorite_teams VALUES (254, '2026-11-20T10:00:00Z');
    INSERT INTO pinned_events VALUES ('${renamed}', '2026-11-20T10:00:00Z');
    INSERT INTO pick_lists (event_id, name, used_at) VALUES ('${renamed}', 'First pick', '2026-11-20T10:00:00Z');
    INSERT INTO pick_entries (list_id, team_number, position, note) VALUES (1, 254, 0, 'fast');
    INSERT INTO team_notes VALUES (254, 'Strong climber', '2026-11-20T10:00:00Z');`);
  db.close();

  // Someone changes both events on the service; the newer copy syncs them a moment later.
  expect(await patchEvent(server, edited, { name: 'The service name' })).toBe(200);
  expect(await patchEvent(server, renamed, { name: 'Renamed on the service' })).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await sync(newer, true);
}, 180_000);

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a bundle merge', () => {
  it("hands over the service's copy only: no edits, no event made here", () => {
    const opened = takeApart(bundleOf(older, 'older-copy.pitside'));
    const resources = opened.manifest.parts.map((part) => part.resource);
    const stored = opened.parts[resources.indexOf(`event:${edited}`)];
    const record = JSON.parse(gunzipSync(stored ?? Buffer.alloc(0)).toString('utf8')) as {
      name: string;
    };
    expect(record.name).toBe(originalName);
    expect(resources.filter((resource) => resource.includes(localCode))).toEqual([]);
  });

  it('keeps the copy synced later: an older bundle changes nothing', async () => {
    const file = bundleOf(older, 'older.pitside');
    const target = join(root, 'newer-then-older');
    copyDataDir(newer, target);
    const before = cacheRows(cacheOf(target));
    const outcome = await importBundle(file, target);
    expect(outcome.keptNewer).toBeGreaterThan(0);
    expect(nameOf(target, renamed)).toBe('Renamed on the service');
    expect(cacheRows(cacheOf(target))).toBe(before);
  });

  it("takes the copy synced later, under the person's edits, and never touches their own", async () => {
    const file = bundleOf(newer, 'newer.pitside');
    const target = join(root, 'older-then-newer');
    copyDataDir(older, target);
    const own = ownRows(target);
    const outcome = await importBundle(file, target);
    expect(outcome.merged).toBeGreaterThan(0);

    expect(nameOf(target, renamed)).toBe('Renamed on the service');
    expect(syncedAt(target, `event:${renamed}`)).toBe(syncedAt(newer, `event:${renamed}`));
    // The edit still stands on top; the service's copy under it is the newer one.
    expect(nameOf(target, edited)).toBe('Our own name');
    const [shadow] = read<{ record: string }>(
      target,
      'SELECT record FROM event_shadows WHERE event_id = ?',
      edited,
    );
    expect((JSON.parse(shadow?.record ?? '{}') as { name: string }).name).toBe('The service name');
    expect(nameOf(target, localCode)).toBe('Made offline');
    expect(ownRows(target)).toEqual(own);
  });
});
