import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../../../src/main/bundle/bundle-export';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { ExportPlaceError } from '../../../src/main/bundle/export-place';
import { TEST_NOW } from '../../harness/server';
import { cacheRows } from './bundle-files';
import { CRAFTED_SERVICE, craftBundle, eventParts } from './crafted-bundle';

/*
 * An export writes where it is told, but never over a data directory's own files (its cache, the
 * cache's WAL, its lock, the app's state): any Pitside data directory's, not only the one read.
 * It writes a file beside the target and renames it over the target last, so a failed export
 * leaves the target as it was and nothing beside it.
 */

const NOW = new Date(TEST_NOW);
let root: string;
let dataDir: string;
let appDir: string;
let profileDir: string;

function exportTo(file: string, events: string[] | null = null) {
  const db = new Database(join(dataDir, 'pitside.db'), { readonly: true });
  try {
    return exportBundle(db, { events, season: null }, file, NOW);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-output-'));
  const bundle = join(root, 'crafted.pitside');
  craftBundle(bundle, { parts: eventParts() });
  // A command line's data directory, and the app's with a profile of another service.
  dataDir = join(root, 'data');
  await importBundle(bundle, dataDir, { now: NOW });
  appDir = join(root, 'app');
  await importBundle(bundle, appDir, { now: NOW });
  writeFileSync(
    join(appDir, 'app-state.json'),
    JSON.stringify({
      profile: 'service',
      active: 'service',
      profiles: [{ id: 'service', name: 'Crafted', url: CRAFTED_SERVICE }],
    }),
  );
  const other = join(root, 'other.pitside');
  craftBundle(other, { service: 'https://other.example.org', parts: eventParts() });
  const outcome = await importBundle(other, appDir, { now: NOW });
  profileDir = join(outcome.cacheFile, '..');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('an export’s output', () => {
  it.each([
    ['the cache of the directory read', () => join(dataDir, 'pitside.db')],
    ['its WAL', () => join(dataDir, 'pitside.db-wal')],
    ['its lock', () => join(dataDir, 'pitside.lock')],
    ['the lock’s holder', () => join(dataDir, 'pitside.lock.json')],
    ['the app’s state', () => join(appDir, 'app-state.json')],
    ['the cache of another data directory', () => join(appDir, 'pitside.db')],
    ['a profile’s cache', () => join(profileDir, 'pitside.db')],
  ])('is never %s', (name, target) => {
    const file = target();
    const before = {
      data: cacheRows(join(dataDir, 'pitside.db')),
      app: cacheRows(join(appDir, 'pitside.db')),
      profile: cacheRows(join(profileDir, 'pitside.db')),
      state: readFileSync(join(appDir, 'app-state.json'), 'utf8'),
      listing: [dataDir, appDir, profileDir].map((dir) => readdirSync(dir).sort()),
    };
    let refusal: unknown = null;
    try {
      exportTo(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ExportPlaceError);
    expect((refusal as ExportPlaceError).message).toMatch(
      /is a file of the Pitside data directory .*; choose another place for the bundle/,
    );
    expect({
      data: cacheRows(join(dataDir, 'pitside.db')),
      app: cacheRows(join(appDir, 'pitside.db')),
      profile: cacheRows(join(profileDir, 'pitside.db')),
      state: readFileSync(join(appDir, 'app-state.json'), 'utf8'),
      listing: [dataDir, appDir, profileDir].map((dir) => readdirSync(dir).sort()),
    }).toEqual(before);
  });

  it('may sit beside a data directory’s files', () => {
    const file = join(dataDir, 'handed-over.pitside');
    expect(exportTo(file).manifest.parts.length).toBeGreaterThan(0);
    rmSync(file);
  });

  it('is left as it was, with nothing beside it, when the export fails', () => {
    const dir = mkdtempSync(join(root, 'failed-'));
    const file = join(dir, 'old.pitside');
    writeFileSync(file, 'the bundle made yesterday');
    expect(() => exportTo(file, ['2026nosuchevent'])).toThrow(/cannot go into a bundle/);
    expect(readdirSync(dir)).toEqual(['old.pitside']);
    expect(readFileSync(file, 'utf8')).toBe('the bundle made yesterday');
    // And once it succeeds, the whole new file is there, under the target's name only.
    exportTo(file);
    expect(readdirSync(dir)).toEqual(['old.pitside']);
    expect(readFileSync(file).subarray(0, 8).toString('latin1')).toBe('PTSDBNDL');
  });
});
