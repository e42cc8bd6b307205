import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../src/shared/wire/match';
import { startTestServer, type TestServer } from '../harness/server';
import { parseCsv } from './csv-parse';
import { runCli } from './run-cli';

/*
 * `stats` and `predict` as a person runs them: a real sync from the real reference service over
 * loopback into a data directory, then each command in its own process. What they print is
 * checked against the matches `export` prints from the same cache, counted here by hand.
 */

const STATS_KEYS = [
  'team',
  'rank',
  'wins',
  'losses',
  'ties',
  'rankingPoints',
  'avgScore',
  'opr',
  'dpr',
  'ccwm',
  'rating',
  'provisional',
];
const PREDICT_KEYS = ['match', 'redScore', 'blueScore', 'redWinProbability', 'tooEarly'];

let server: TestServer;
let root: string;
let dataDir: string;
let matches: MatchRecord[];
/** An event with played and scheduled qualification matches. */
let eventId: string;

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-analysis-'));
  dataDir = join(root, 'cache');
  const sync = await runCli(
    ['sync', '--service', server.url, '--data-dir', dataDir, '--scope', 'all'],
    {
      PITSIDE_API_KEY: server.keys.viewer,
    },
  );
  expect(sync.code, sync.stderr).toBe(0);
  const exported = await runCli([
    'export',
    '--data-dir',
    dataDir,
    '--resource',
    'matches',
    '--format',
    'json',
  ]);
  matches = JSON.parse(exported.stdout) as MatchRecord[];
  const live = matches.find(
    (match) =>
      match.type === 'qualification' &&
      match.status === 'scheduled' &&
      matches.some(
        (other) =>
          other.eventId === match.eventId &&
          other.type === 'qualification' &&
          other.status === 'played',
      ),
  );
  if (live === undefined) throw new Error('the synced demo data has no event under way');
  eventId = live.eventId;
}, 120_000);

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function printed(command: 'stats' | 'predict', format: 'json' | 'csv'): Promise<string> {
  const run = await runCli([
    command,
    '--data-dir',
    dataDir,
    '--event',
    eventId,
    '--format',
    format,
  ]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

describe('pitside stats', () => {
  it('prints every team ranked, its record counted from the played qualification matches', async () => {
    const rows = JSON.parse(await printed('stats', 'json')) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    const played = matches.filter(
      (match) =>
        match.eventId === eventId && match.type === 'qualification' && match.status === 'played',
    );
    rows.forEach((row, index) => {
      expect(Object.keys(row)).toEqual(STATS_KEYS);
      expect(row.rank).toBe(index + 1);
      const team = row.team as number;
      const record = { wins: 0, losses: 0, ties: 0 };
      for (const match of played) {
        const side = match.red.teams.includes(team)
          ? 'red'
          : match.blue.teams.includes(team)
            ? 'blue'
            : null;
        if (side === null) continue;
        if (match.winner === 'tie') record.ties += 1;
        else if (match.winner === side) record.wins += 1;
        else record.losses += 1;
      }
      expect({ team, wins: row.wins, losses: row.losses, ties: row.ties }).toEqual({
        team,
        ...record,
      });
      expect(row.rankingPoints).toBe(2 * record.wins + record.ties);
    });
  });

  it('prints the same table as CSV', async () => {
    const json = JSON.parse(await printed('stats', 'json')) as Record<string, unknown>[];
    const [header, ...rows] = parseCsv(await printed('stats', 'csv'));
    expect(header).toEqual(STATS_KEYS);
    expect(rows.map((row) => Number(row[0]))).toEqual(json.map((row) => row.team));
  });
});

describe('pitside predict', () => {
  it('prints each scheduled match of the event, with a probability', async () => {
    const rows = JSON.parse(await printed('predict', 'json')) as Record<string, unknown>[];
    const scheduled = matches
      .filter((match) => match.eventId === eventId && match.status === 'scheduled')
      .map((match) => match.id);
    expect(rows.map((row) => row.match).sort()).toEqual([...scheduled].sort());
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(PREDICT_KEYS);
      expect(row.redWinProbability).toBeGreaterThanOrEqual(0);
      expect(row.redWinProbability).toBeLessThanOrEqual(1);
      expect(typeof row.tooEarly).toBe('boolean');
      if (row.tooEarly === true) expect(row.redWinProbability).toBe(0.5);
    }
    const [header, ...csv] = parseCsv(await printed('predict', 'csv'));
    expect(header).toEqual(PREDICT_KEYS);
    expect(csv.map((row) => row[0])).toEqual(rows.map((row) => row.match));
  });
});

describe('pitside stats and predict refuse', () => {
  it('an event the cache does not hold, a bad format and a directory without a cache', async () => {
    const unknown = await runCli(['stats', '--data-dir', dataDir, '--event', 'zzzznothere']);
    expect(unknown).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'pitside stats: the cache holds no event "zzzznothere"\n',
    });
    const format = await runCli([
      'predict',
      '--data-dir',
      dataDir,
      '--event',
      eventId,
      '--format',
      'xml',
    ]);
    expect(format).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'pitside predict: --format must be one of json, csv, not "xml" (see --help)\n',
    });
    const empty = await runCli(['stats', '--data-dir', root, '--event', eventId]);
    expect(empty.code).toBe(3);
    expect(empty.stderr).toMatch(/holds no Pitside cache/);
  });
});
