import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { createAnalysisModel } from '../../../src/main/analysis/model';
import type { AnalysisModel } from '../../../src/main/analysis/analysis-model';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { syncedCache, type SyncedCache } from '../cache/synced-cache';

/**
 * The real reference service's demo data, synced whole into a real cache file by the real sync
 * engine, and read-only connections to it for analysis models (as the worker opens one).
 */
export interface DemoAnalysis {
  server: TestServer;
  synced: SyncedCache;
  /** The cache file, for a read-only connection of one's own. */
  path: string;
  /** A fresh model on its own read-only connection to `path` (the synced cache's by default), refreshed once. */
  model(clock?: () => Date, path?: string): AnalysisModel;
  /** A copy of the cache file to change, with a writable connection to it. */
  copy(): Promise<{ path: string; writer: Database.Database }>;
  close(): Promise<void>;
}

export async function demoAnalysis(): Promise<DemoAnalysis> {
  const server = await startTestServer({ data: 'demo' });
  const synced = await syncedCache(server.url, server.keys.viewer, 'all');
  const path = synced.cache.reader.name;
  const connections: Database.Database[] = [];
  const directories: string[] = [];
  return {
    server,
    synced,
    path,
    model(clock = () => new Date(TEST_NOW), file = path) {
      const db = new Database(file, { readonly: true });
      connections.push(db);
      const model = createAnalysisModel(db, clock);
      model.refresh(['all']);
      return model;
    },
    async copy() {
      const file = join(mkdtempSync(join(tmpdir(), 'pitside-analysis-')), 'cache.db');
      directories.push(dirname(file));
      await synced.cache.reader.backup(file);
      const writer = new Database(file);
      connections.push(writer);
      return { path: file, writer };
    },
    close: async () => {
      for (const db of connections) db.close();
      for (const directory of directories) rmSync(directory, { recursive: true, force: true });
      await synced.close();
      await server.close();
    },
  };
}
