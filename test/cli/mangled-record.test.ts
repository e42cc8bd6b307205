import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import { runSync } from '../../src/cli/sync-command';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { startTestServer, type TestServer } from '../harness/server';

/*
 * A faulty network garbles one event record of the events list on its way, once (the command line
 * runs on today's clock, so no event of the pinned demo data is live for it to sync in full: the
 * events list stands for any list). The run that got it cannot read it: the copy lacks the event,
 * the run is partial (exit 5) and names it. The
 * next sync reads the list again (the page kept no validator a 304 could answer) and the copy is
 * whole (exit 0). Before, the page's ETag was kept: every later sync got 304, said "completed", and
 * the match stayed missing for good.
 */

const EVENT = '2026leedsopen';

let server: TestServer;
let proxy: FaultProxy;
let root: string;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(server.url);
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-mangled-'));
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function sync(dataDir: string) {
  let stdout = '';
  const lines: string[] = [];
  const code = await runSync(
    {
      command: 'sync',
      service: proxy.url,
      dataDir,
      scope: 'default',
      force: false,
      apiKey: server.keys.viewer,
    },
    {
      stdout: new Writable({
        write(chunk: Buffer, _encoding, done) {
          stdout += chunk.toString();
          done();
        },
      }),
      report: (line) => lines.push(line),
      signals: new EventEmitter(),
      exitNow: () => {
        throw new Error('no signal in these tests');
      },
    },
  );
  const summary = JSON.parse(stdout) as {
    outcome: string;
    database: string;
    unreadable: { count: number };
  };
  return { code, summary, lines };
}

function heldEvents(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], string>('SELECT id FROM events ORDER BY id').pluck().all();
  } finally {
    db.close();
  }
}

describe('a record garbled on its way once', () => {
  it('makes the run partial, naming it, and the next sync reads it', async () => {
    proxy.plan({
      match: (request) => request.path.startsWith('/v1/events?'),
      times: 1,
      fault: {
        kind: 'rewrite',
        transform: (json) => {
          const page = json as { data: Record<string, unknown>[] };
          for (const record of page.data)
            if (record.id === EVENT) record.endDate = '+010000-01-01T23:58:59Z';
          return page;
        },
      },
    });
    const dataDir = join(root, 'venue');

    const first = await sync(dataDir);
    expect(first.code).toBe(EXIT.syncPartial);
    expect(first.summary.outcome).toBe('partial');
    expect(first.summary.unreadable.count).toBe(1);
    expect(first.lines).toContain(
      `partial: 1 record could not be read (event ${EVENT}); the next sync asks for it again.`,
    );
    expect(first.lines.at(-1)).toMatch(
      new RegExp(`^could not be read: event ${EVENT} in events \\(endDate`),
    );
    const missing = heldEvents(first.summary.database);
    expect(missing.length).toBeGreaterThan(10);
    expect(missing).not.toContain(EVENT);

    const second = await sync(dataDir);
    expect(second.lines.at(-1)).toMatch(/^completed: /);
    expect(second.code).toBe(EXIT.ok);
    expect(second.summary.unreadable.count).toBe(0);
    expect(heldEvents(second.summary.database)).toEqual([...missing, EVENT].sort());
  });
});
