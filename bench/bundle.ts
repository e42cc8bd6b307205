import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createApiClient } from '../src/main/api/client';
import { exportBundle } from '../src/main/bundle/bundle-export';
import { importBundle } from '../src/main/bundle/bundle-import';
import { openCache } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SettingsStore } from '../src/main/settings/settings-store';
import { SyncEngine } from '../src/main/sync/engine';
import { startServer } from '../src/server/start';
import { benchRoot } from './bench-root';

/*
 * A season's bundle of the large data set: how long it takes to write and to merge into a fresh
 * data directory, and how large it is. The baselines, in the same run and on the same disk: the
 * size of the cache's SQLite file holding every season, and the time to copy that file (the
 * simplest way to hand a copy over, which brings everything or nothing and merges nothing).
 */

interface BundleFigures {
  season: string;
  events: number;
  parts: number;
  bundleBytes: number;
  sqliteBytes: number;
  copyMs: number;
  exportMs: number;
  importMs: number;
  ratios: { sizeToSqlite: number; exportToCopy: number; importToCopy: number };
}

function fileBytes(file: string): number {
  return ['', '-wal'].reduce(
    (sum, suffix) => sum + (existsSync(`${file}${suffix}`) ? statSync(`${file}${suffix}`).size : 0),
    0,
  );
}

function timed<Result>(work: () => Result): [Result, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

async function syncedLargeCache(file: string): Promise<void> {
  const key = `bench-bundle-${randomBytes(12).toString('hex')}`;
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: ':memory:',
    data: 'large',
    seed: 1,
    keys: [{ key, role: 'viewer' }],
    now: null,
    rateLimit: null,
    extensions: true,
  });
  const cache = openCache(file);
  try {
    const queue = new WriteQueue(cache.writer, { beforeWrite: cache.walBacklog });
    const engine = new SyncEngine({
      reader: cache.reader,
      writer: cache.writer,
      queue,
      connect: () =>
        Promise.resolve(
          createApiClient({ baseUrl: server.url, fetch, apiKey: () => Promise.resolve(key) }),
        ),
    });
    await new SettingsStore(cache.reader, cache.writer, queue).setBaseUrl(server.url);
    const summary = await engine.run({ scope: 'all' });
    await engine.close();
    if (summary.outcome !== 'completed') throw new Error(`the sync was ${summary.outcome}`);
    await cache.checkpoint();
  } finally {
    cache.close();
    await server.close();
  }
}

export async function runBundleBenchmark(): Promise<BundleFigures> {
  const root = benchRoot('bundle');
  try {
    const source = join(root.path, 'source.db');
    process.stderr.write('syncing the large data set (scope all)…\n');
    await syncedLargeCache(source);
    const sqliteBytes = fileBytes(source);
    const [, copyMs] = timed(() => copyFileSync(source, join(root.path, 'copy.db')));

    const db = new Database(source, { readonly: true });
    const season = db
      .prepare<[], string>(
        'SELECT season FROM events GROUP BY season ORDER BY count(*) DESC, season DESC LIMIT 1',
      )
      .pluck()
      .get();
    if (season === undefined) throw new Error('the cache holds no events');
    const bundle = join(root.path, 'season.pitside');
    const [{ manifest }, exportMs] = timed(() =>
      exportBundle(db, { events: null, season }, bundle),
    );
    db.close();

    const started = performance.now();
    await importBundle(bundle, join(root.path, 'target'));
    const importMs = performance.now() - started;

    const bundleBytes = statSync(bundle).size;
    const figures: BundleFigures = {
      season,
      events: manifest.parts.filter((part) => /^event:[^:]+$/.test(part.resource)).length,
      parts: manifest.parts.length,
      bundleBytes,
      sqliteBytes,
      copyMs: Math.round(copyMs),
      exportMs: Math.round(exportMs),
      importMs: Math.round(importMs),
      ratios: {
        sizeToSqlite: Math.round((bundleBytes / sqliteBytes) * 1000) / 1000,
        exportToCopy: Math.round((exportMs / copyMs) * 10) / 10,
        importToCopy: Math.round((importMs / copyMs) * 10) / 10,
      },
    };
    console.log(`season ${season}: ${figures.events} events in ${figures.parts} parts`);
    console.log(
      `bundle ${(bundleBytes / 1e6).toFixed(2)} MB against the SQLite file's ${(sqliteBytes / 1e6).toFixed(2)} MB (${figures.ratios.sizeToSqlite})`,
    );
    console.log(
      `export ${figures.exportMs} ms, import ${figures.importMs} ms; copying the SQLite file ${figures.copyMs} ms (${figures.ratios.exportToCopy}x, ${figures.ratios.importToCopy}x)`,
    );
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    root.remove();
  }
}
