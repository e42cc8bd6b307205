import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server';
import { runCli, stderrLines, summaryOf, type CliRun } from './run-cli';
import { PITSIDE_APPLICATION_ID } from '../../src/main/storage/database-file';

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-errors-'));
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function freshDir(name: string): string {
  return join(root, name);
}

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return `http://127.0.0.1:${port}`;
}

/** A refusal is one line on stderr, names the problem, and prints nothing on stdout. */
function expectRefusal(run: CliRun, code: number, message: string | RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  const lines = stderrLines(run);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
}

function writeNewerCache(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'pitside.db');
  const db = new Database(file);
  // A newer Pitside marks its files like this one does; unmarked, it would be someone else's.
  db.pragma(`application_id = ${PITSIDE_APPLICATION_ID}`);
  db.exec('CREATE TABLE future (x INTEGER)');
  db.pragma('user_version = 99');
  db.close();
  return file;
}

function schemaVersion(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('the command line refuses, with one clear line and a documented exit status', () => {
  it.each([
    ['ftp://events.example.org', /--service must be an http or https URL, not "ftp:\/\/events/],
    ['events.example.org', /--service must be an http or https URL/],
    ['http://', /--service must be an http or https URL/],
  ])('a service URL %j (exit 2)', async (url, message) => {
    const dir = freshDir('bad-url');
    const run = await runCli(['sync', '--service', url, '--data-dir', dir], {
      PITSIDE_API_KEY: 'k',
    });
    expectRefusal(run, 2, message);
    expect(existsSync(dir)).toBe(false);
  });

  it('an unknown option, a missing option, an unknown resource or format (exit 2)', async () => {
    const dir = freshDir('usage');
    expectRefusal(
      await runCli(['sync', '--service', server.url, '--data-dir', dir, '--fast']),
      2,
      /unknown option --fast/,
    );
    expectRefusal(await runCli(['sync', '--data-dir', dir]), 2, /--service is required/);
    expectRefusal(
      await runCli(['export', '--data-dir', dir, '--resource', 'players', '--format', 'json']),
      2,
      /--resource must be one of events, teams, matches, clips, stats, not "players"/,
    );
    expectRefusal(
      await runCli(['export', '--data-dir', dir, '--resource', 'teams', '--format', 'xlsx']),
      2,
      /--format must be one of json, csv/,
    );
    expectRefusal(await runCli(['serve']), 2, /unknown command "serve"/);
  });

  it('a key the service refuses (exit 4), without ever printing the key', async () => {
    const key = `wrong-${randomBytes(16).toString('hex')}`;
    const run = await runCli(['sync', '--service', server.url, '--data-dir', freshDir('bad-key')], {
      PITSIDE_API_KEY: key,
    });
    expect(run.code).toBe(4);
    expect(stderrLines(run).at(-1)).toBe(
      'pitside sync: failed: the service refused the API key from PITSIDE_API_KEY (401 Unauthorized)',
    );
    expect(summaryOf(run)).toMatchObject({ outcome: 'failed', problem: { code: 'unauthorized' } });
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
    expect(run.stdout + run.stderr).not.toContain(key.slice(6, 20));
  });

  it('a service that cannot be reached (exit 4)', async () => {
    const url = await closedPortUrl();
    const run = await runCli(['sync', '--service', url, '--data-dir', freshDir('offline')], {
      PITSIDE_API_KEY: server.keys.viewer,
    });
    expect(run.code).toBe(4);
    expect(stderrLines(run).at(-1)).toBe(
      `pitside sync: failed: cannot reach the service at ${url} (offline, or a wrong address)`,
    );
    expect(summaryOf(run)).toMatchObject({ outcome: 'failed', problem: { code: 'offline' } });
  });

  it('a data directory that is a file, for sync and export (exit 3)', async () => {
    const file = join(root, 'not-a-dir');
    writeFileSync(file, 'hello');
    expectRefusal(
      await runCli(['sync', '--service', server.url, '--data-dir', file], {
        PITSIDE_API_KEY: server.keys.viewer,
      }),
      3,
      `pitside sync: the data directory ${file} is not a directory`,
    );
    expectRefusal(
      await runCli(['export', '--data-dir', file, '--resource', 'events', '--format', 'json']),
      3,
      `pitside export: the data directory ${file} is not a directory`,
    );
  });

  it('an export of a directory without a cache (exit 3), leaving no file behind', async () => {
    const dir = freshDir('empty');
    mkdirSync(dir);
    expectRefusal(
      await runCli(['export', '--data-dir', dir, '--resource', 'teams', '--format', 'csv']),
      3,
      /holds no Pitside cache \(pitside\.db\); run sync first/,
    );
    expect(existsSync(join(dir, 'pitside.db'))).toBe(false);
    expectRefusal(
      await runCli([
        'export',
        '--data-dir',
        freshDir('missing'),
        '--resource',
        'teams',
        '--format',
        'csv',
      ]),
      3,
      /does not exist/,
    );
    expect(existsSync(freshDir('missing'))).toBe(false);
  });

  it('a cache written by a newer Pitside, for sync and export (exit 3), left unchanged', async () => {
    const dir = freshDir('newer');
    const file = writeNewerCache(dir);
    expectRefusal(
      await runCli(['export', '--data-dir', dir, '--resource', 'events', '--format', 'json']),
      3,
      /written by a newer version of Pitside \(schema 99/,
    );
    expectRefusal(
      await runCli(['sync', '--service', server.url, '--data-dir', dir], {
        PITSIDE_API_KEY: server.keys.viewer,
      }),
      3,
      /written by a newer version of Pitside \(schema 99/,
    );
    expect(schemaVersion(file)).toBe(99);
  });

  it('prints the usage with every exit status for --help (exit 0)', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^usage: npm run cli -- <command>/);
    for (const code of ['0', '1', '2', '3', '4', '5', '6']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${code} `, 'm'));
    }
  });
});
