import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEvent, startTestServer, TEST_NOW, type TestServer } from '../harness/server';
import { parseCsv } from './csv-parse';
import { exportOf, runCli, startCli, stderrLines, summaryOf, type CliRun } from './run-cli';
import { allPages, getJson } from './service-pages';
import { testNowIso } from '../harness/clock';

/* A name a spreadsheet would run as a formula, with a quote and a comma to quote on the way. */
const HOSTILE_NAME = '=HYPERLINK("https://evil.example","click, here")';
const RESOURCES = ['events', 'teams', 'matches', 'clips', 'stats'] as const;

let server: TestServer;
let root: string;
let dataDir: string;
let sync: CliRun;

interface ListedEvent {
  id: string;
  season: string;
  startDate: string;
  endDate: string;
  name: string;
}

beforeAll(async () => {
  server = await startTestServer();
  expect(await postEvent(server, HOSTILE_NAME)).toBe(201);
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-'));
  // Not there yet: the sync makes it.
  dataDir = join(root, 'cache');
  sync = await runCli(['sync', '--service', server.url, '--data-dir', dataDir, '--scope', 'all'], {
    PITSIDE_API_KEY: server.keys.viewer,
  });
}, 120_000);

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function exported(resource: string, format: 'json' | 'csv', now = TEST_NOW): Promise<string> {
  return exportOf(dataDir, resource, { format, ...(now === '' ? {} : { now }) });
}

async function exportedJson(resource: string, now = TEST_NOW): Promise<unknown[]> {
  return JSON.parse(await exported(resource, 'json', now)) as unknown[];
}

async function listedEvents(): Promise<ListedEvent[]> {
  return (await allPages(server.url, '/v1/events', server.keys.viewer)).records as ListedEvent[];
}

/** Runs `work` over `items`, a few at a time, keeping the results in order. */
async function inBatches<Item, Result>(
  items: readonly Item[],
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += 16) {
    results.push(...(await Promise.all(items.slice(start, start + 16).map(work))));
  }
  return results;
}

/** Every leaf of a record as a dotted path, in field order: what the CSV header must be. */
function flattenedColumns(record: object, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? flattenedColumns(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function leaf(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], record);
}

/** The documented cell rule, restated here rather than imported from the code under test. */
function expectedCell(value: unknown): string {
  let text: string;
  if (value === null) text = '';
  else if (Array.isArray(value)) text = (value as number[]).join(' ');
  else if (typeof value === 'string' || typeof value === 'number') text = String(value);
  else throw new Error(`a record field has no cell: ${JSON.stringify(value)}`);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text);
  return formula ? `'${text}` : text;
}

describe('npm run cli -- sync', () => {
  it('completes, exits 0 and prints one JSON summary whose counts match the service', async () => {
    expect(sync.code).toBe(0);
    const summary = summaryOf(sync);
    const events = await allPages(server.url, '/v1/events', server.keys.viewer);
    const teams = await allPages(server.url, '/v1/teams', server.keys.viewer);
    expect(summary).toMatchObject({
      outcome: 'completed',
      scope: 'all',
      problem: null,
      service: server.url,
      dataDir,
      database: join(dataDir, 'pitside.db'),
      keySource: 'env',
      cached: { events: events.total, teams: teams.total },
    });
    expect(events.total).toBeGreaterThan(50);
    expect(summary.requests).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'pitside.db'))).toBe(true);
  });

  it('reports progress on stderr, one readable line per change, and the outcome last', () => {
    const lines = stderrLines(sync);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(0, -1).every((line) => /^pitside sync: [a-z ]+ \d+\/\d+$/.test(line))).toBe(
      true,
    );
    expect(lines.at(-1)).toMatch(/^pitside sync: completed: \d+ requests/);
    expect(sync.stderr).not.toContain(server.keys.viewer);
  });
});

describe('npm run cli -- export --format json', () => {
  it('prints the events exactly as every page of /v1/events lists them', async () => {
    const expected = (await allPages(server.url, '/v1/events', server.keys.viewer)).records;
    expect(await exportedJson('events')).toEqual(expected);
  });

  it('prints the teams exactly as every page of /v1/teams lists them', async () => {
    const expected = (await allPages(server.url, '/v1/teams', server.keys.viewer)).records;
    expect(await exportedJson('teams')).toEqual(expected);
  });

  it("prints every event's matches, in the service's order across events", async () => {
    const events = await listedEvents();
    const perEvent = await inBatches(events, async (event) =>
      allPages(server.url, `/v1/events/${event.id}/matches`, server.keys.viewer),
    );
    const expected = perEvent.flatMap((page) => page.records);
    expect(expected.length).toBeGreaterThan(1000);
    expect(await exportedJson('matches')).toEqual(expected);
  });

  it("prints every event's clips, newest first", async () => {
    const events = await listedEvents();
    const perEvent = await inBatches(events, async (event) =>
      allPages(server.url, `/v1/events/${event.id}/clips`, server.keys.viewer),
    );
    const expected = (
      perEvent.flatMap((page) => page.records) as { id: string; recordedAt: string }[]
    ).sort((a, b) =>
      a.recordedAt !== b.recordedAt ? (a.recordedAt < b.recordedAt ? 1 : -1) : a.id < b.id ? -1 : 1,
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(await exportedJson('clips')).toEqual(expected);
  });

  it('prints the statistics of every team, each season it played and its default one, as the service answers them', async () => {
    const events = await listedEvents();
    const rosters = await inBatches(events, async (event) => ({
      season: event.season,
      teams: (await allPages(server.url, `/v1/events/${event.id}/teams`, server.keys.viewer))
        .records as { number: number }[],
    }));
    const listedTeams = (await allPages(server.url, '/v1/teams', server.keys.viewer)).records as {
      number: number;
    }[];
    const everyTeam = new Set([
      ...listedTeams.map((team) => team.number),
      ...rosters.flatMap(({ teams }) => teams.map((team) => team.number)),
    ]);
    // The service's default answer names the season of a team's latest event, listed or not.
    const defaults = await inBatches([...everyTeam], async (teamNumber) => {
      const answer = (await getJson(
        server.url,
        `/v1/teams/${teamNumber}/stats`,
        server.keys.viewer,
      )) as { data: { season: string } };
      return `${teamNumber} ${answer.data.season}`;
    });
    const expectedKeys = new Set([
      ...rosters.flatMap(({ season, teams }) => teams.map((team) => `${team.number} ${season}`)),
      ...defaults,
    ]);
    const stats = (await exportedJson('stats')) as { teamNumber: number; season: string }[];
    expect(new Set(stats.map((row) => `${row.teamNumber} ${row.season}`))).toEqual(expectedKeys);
    const ordered = [...stats].sort((a, b) =>
      a.teamNumber !== b.teamNumber ? a.teamNumber - b.teamNumber : a.season < b.season ? -1 : 1,
    );
    expect(stats).toEqual(ordered);
    const served = await inBatches(stats, async (row) => ({
      teamNumber: row.teamNumber,
      ...(
        (await getJson(
          server.url,
          `/v1/teams/${row.teamNumber}/stats?season=${row.season}`,
          server.keys.viewer,
        )) as { data: object }
      ).data,
    }));
    expect(stats).toEqual(served);
  });

  it('computes event status from the clock, never from what was stored', async () => {
    const early = (await exportedJson('events', '2000-01-01T00:00:00Z')) as ListedEvent[];
    expect(new Set(early.map((event) => (event as { status?: string }).status))).toEqual(
      new Set(['upcoming']),
    );
    const late = (await exportedJson('events', '2100-01-01T00:00:00Z')) as ListedEvent[];
    expect(new Set(late.map((event) => (event as { status?: string }).status))).toEqual(
      new Set(['past']),
    );
  });

  it('uses its own clock without --now', async () => {
    // The command's clock is the tests' (PITSIDE_NOW, see run-cli): the status is the one
    // between the instants just before and just after it ran.
    const before = testNowIso().replace(/\.\d{3}Z$/, 'Z');
    const events = (await exportedJson('events', '')) as (ListedEvent & { status: string })[];
    const after = testNowIso().replace(/\.\d{3}Z$/, 'Z');
    const statusAt = (event: ListedEvent, now: string) =>
      now < event.startDate ? 'upcoming' : now <= event.endDate ? 'live' : 'past';
    for (const event of events) {
      expect([statusAt(event, before), statusAt(event, after)]).toContain(event.status);
    }
  });
});

describe('npm run cli -- export --format csv', () => {
  it.each(RESOURCES)(
    '%s: a header of dotted columns and one row per record, read back intact',
    async (resource) => {
      const records = (await exportedJson(resource)) as object[];
      const rows = parseCsv(await exported(resource, 'csv'));
      const columns = flattenedColumns(records[0] ?? {});
      expect(rows[0]).toEqual(columns);
      expect(rows.length - 1).toBe(records.length);
      rows.slice(1).forEach((row, index) => {
        expect(row).toEqual(columns.map((column) => expectedCell(leaf(records[index], column))));
      });
    },
  );

  it('defuses a cell a spreadsheet would run as a formula, and quotes it', async () => {
    const text = await exported('events', 'csv');
    const rows = parseCsv(text);
    const nameColumn = rows[0]?.indexOf('name') ?? -1;
    const hostile = rows.filter((row) => row[nameColumn]?.includes('HYPERLINK'));
    expect(hostile.map((row) => row[nameColumn])).toEqual([`'${HOSTILE_NAME}`]);
    expect(text).toContain(`,"'=HYPERLINK(""https://evil.example"",""click, here"")",`);
  });

  it('stops quietly with status 0 when the reader closes the pipe early', async () => {
    const running = startCli([
      'export',
      '--data-dir',
      dataDir,
      '--resource',
      'matches',
      '--format',
      'csv',
    ]);
    // Far more than a pipe buffer holds, so the export is still writing when the pipe closes.
    running.child.stdout?.once('data', () => running.child.stdout?.destroy());
    const run = await running.finished;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBeLessThan(200_000);
  });
});
