import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import { cellText, neutraliseFormula, valueAt } from '../../../src/shared/csv';
import { UTF8_BOM } from '../../../src/main/export/list-csv';
import {
  APP_EVENT_EXPORT_COLUMNS,
  appEventExportRecord,
  APP_TEAM_EXPORT_COLUMNS,
  COMPARE_EXPORT_COLUMNS,
} from '../../../src/shared/export-columns';
import type { ExportResult } from '../../../src/shared/ipc/actions';
import type { CachedTeamStats } from '../../../src/shared/ipc/reads';
import { parseCsv } from '../../cli/csv-parse';
import { valueOf } from '../../harness/layer-dispatch';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import {
  credentials,
  openTestWorkspace,
  settled,
  type OpenWorkspace,
} from '../profiles/workspace-rig';

/*
 * export:csv as a view asks for it: main reads every page of the named list through the read
 * commands, with the view's filters, and writes it with the command line's CSV rules. Checked
 * against the same list read page by page through the dispatcher, as a view pages through it.
 */

const HOSTILE_NAME = '=SUM(1,2) Invitational';

let service: TestServer;
let open: OpenWorkspace;
let dispatch: Dispatch;

type Item = Record<string, unknown>;
type Page = { data: Item[]; meta: { total: number; perPage: number } };

beforeAll(async () => {
  service = await startTestServer();
  const listed = (await (
    await fetch(`${service.url}/v1/events?perPage=1`, {
      headers: { authorization: `Bearer ${service.keys.viewer}` },
    })
  ).json()) as { data: { id: string }[] };
  const target = listed.data[0]?.id ?? '';
  expect(await patchEvent(service, target, { name: HOSTILE_NAME })).toBe(200);
  open = await openTestWorkspace();
  dispatch = open.dispatch;
  await valueOf(dispatch('setup:connect', { baseUrl: service.url, key: service.keys.viewer }));
  await settled(open.workspace);
});

afterAll(async () => {
  await open.workspace.close();
  await credentials.clearKey(service.url);
  await service.close();
});

/** A list the way a view pages through it: small pages, one after another, to the end. */
async function pagedRead(name: 'events:list' | 'teams:list', filters: object): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await valueOf<Page>(dispatch(name, { ...filters, page, perPage: 7 }));
    items.push(...answer.data);
    if (page * answer.meta.perPage >= answer.meta.total) return items;
  }
}

function rowOf(item: unknown, columns: readonly string[]): string[] {
  return columns.map((column) => neutraliseFormula(cellText(valueAt(item, column))));
}

/** The saved file's rows, after its UTF-8 byte-order mark (which Excel needs to read accents). */
function savedFile(result: ExportResult): string[][] {
  expect(result.saved).toBe(true);
  const raw = readFileSync(result.path ?? '');
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = raw.toString('utf8');
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return parseCsv(text.slice(UTF8_BOM.length));
}

describe('export:csv', () => {
  it('writes every event of a filtered list, as the read command pages it, formulas defused', async () => {
    const all = await pagedRead('events:list', {});
    const season = String(all[0]?.season);
    const expected = await pagedRead('events:list', { season });
    expect(expected.length).toBeGreaterThan(7);
    expect(expected.length).toBeLessThan(all.length);

    const result = await valueOf<ExportResult>(dispatch('export:csv', { list: 'events', season }));
    expect(result).toEqual({
      saved: true,
      path: join(open.dataDirectory, 'exports', `events-${season}.csv`),
      rows: expected.length,
    });
    const raw = readFileSync(result.path ?? '', 'utf8');
    expect(raw.startsWith(`${UTF8_BOM}${APP_EVENT_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const [header, ...rows] = savedFile(result);
    expect(header).toEqual([...APP_EVENT_EXPORT_COLUMNS]);
    expect(rows).toEqual(
      expected.map((item) =>
        rowOf(appEventExportRecord(item as { id: string }), APP_EVENT_EXPORT_COLUMNS),
      ),
    );
    expect(rows.every((row) => row.at(-1) === 'false')).toBe(true);

    const hostile = all.find((item) => item.name === HOSTILE_NAME);
    expect(hostile).toBeDefined();
    const whole = savedFile(
      await valueOf<ExportResult>(dispatch('export:csv', { list: 'events' })),
    );
    const hostileRow = whole.find((row) => row[0] === hostile?.id);
    expect(hostileRow?.[1]).toBe(`'${HOSTILE_NAME}`);
  });

  it('names an event created here as such, and writes its accents for Excel to read', async () => {
    const name = 'Tournoi de Genève – Zürich';
    await valueOf(
      dispatch('events:create', {
        event: {
          name,
          season: '2026-2027',
          startDate: '2026-12-05T09:00:00+01:00',
          endDate: '2026-12-06T18:00:00+01:00',
          location: { city: 'Genève', country: 'CH' },
        },
      }),
    );
    const [header, ...rows] = savedFile(
      await valueOf<ExportResult>(dispatch('export:csv', { list: 'events' })),
    );
    const mine = rows.filter((row) => row[1] === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.[0]).toMatch(/^local/);
    expect(header?.at(-1)).toBe('createdHere');
    expect(mine[0]?.at(-1)).toBe('true');
    expect(rows.filter((row) => row.at(-1) === 'true')).toHaveLength(1);
  });

  it('reads past the first hundred, and never writes over an earlier file', async () => {
    const expected = await pagedRead('teams:list', {});
    expect(expected.length).toBeGreaterThan(300);
    const first = await valueOf<ExportResult>(dispatch('export:csv', { list: 'teams' }));
    const second = await valueOf<ExportResult>(dispatch('export:csv', { list: 'teams' }));
    expect(first.path).toBe(join(open.dataDirectory, 'exports', 'teams.csv'));
    expect(second.path).toBe(join(open.dataDirectory, 'exports', 'teams-2.csv'));
    for (const result of [first, second]) {
      expect(result.rows).toBe(expected.length);
      const [header, ...rows] = savedFile(result);
      expect(header).toEqual([...APP_TEAM_EXPORT_COLUMNS]);
      // No team has a note here; test/main/picklists has the file with one.
      const noted = expected.map((item) => ({ ...item, note: '' }));
      expect(rows).toEqual(noted.map((item) => rowOf(item, APP_TEAM_EXPORT_COLUMNS)));
    }
  });

  it('compares teams one row each, at the season asked or each team’s latest', async () => {
    const teams = await pagedRead('teams:list', {});
    const [a, b] = teams.map((team) => Number(team.number));
    if (a === undefined || b === undefined) throw new Error('the service lists no teams');
    const nameOf = (teamNumber: number) =>
      teams.find((team) => Number(team.number) === teamNumber)?.name;
    // Favorites are synced in full, their statistics included.
    await valueOf(dispatch('favorites:set', { teamNumber: a, favorite: true }));
    await valueOf(dispatch('favorites:set', { teamNumber: b, favorite: true }));
    await settled(open.workspace);
    const absent = 99_999;
    await expect(dispatch('teams:get', { teamNumber: absent })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const statsOf = (teamNumber: number, season?: string) =>
      valueOf<CachedTeamStats>(dispatch('teams:stats', { teamNumber, season }));
    const latestA = await statsOf(a);
    const latestB = await statsOf(b);
    expect(latestA.data).not.toBeNull();
    expect(latestB.data).not.toBeNull();

    const latest = savedFile(
      await valueOf<ExportResult>(
        dispatch('export:csv', { list: 'compare', teamNumbers: [a, b, absent] }),
      ),
    );
    expect(latest).toEqual([
      [...COMPARE_EXPORT_COLUMNS],
      rowOf({ teamNumber: a, teamName: nameOf(a), ...latestA.data }, COMPARE_EXPORT_COLUMNS),
      rowOf({ teamNumber: b, teamName: nameOf(b), ...latestB.data }, COMPARE_EXPORT_COLUMNS),
      rowOf({ teamNumber: absent }, COMPARE_EXPORT_COLUMNS),
    ]);

    const season = latestA.seasons.at(-1) ?? '';
    // A season the cache lacks is asked for in the background; the export reads after that.
    await statsOf(a, season);
    await statsOf(b, season);
    await settled(open.workspace);
    const atSeason = await valueOf<ExportResult>(
      dispatch('export:csv', { list: 'compare', teamNumbers: [b, a], season }),
    );
    expect(atSeason.path).toBe(
      join(open.dataDirectory, 'exports', `compare-${b}-${a}-${season}.csv`),
    );
    const seasonB = (await statsOf(b, season)).data;
    expect(savedFile(atSeason)).toEqual([
      [...COMPARE_EXPORT_COLUMNS],
      rowOf({ teamNumber: b, teamName: nameOf(b), ...seasonB }, COMPARE_EXPORT_COLUMNS),
      rowOf(
        { teamNumber: a, teamName: nameOf(a), ...(await statsOf(a, season)).data },
        COMPARE_EXPORT_COLUMNS,
      ),
    ]);
    expect(savedFile(atSeason)[2]?.[2]).toBe(season);
  });

  it('refuses a list it does not know, and a compare of one team', async () => {
    for (const input of [
      { list: 'everything' },
      { list: 'compare', teamNumbers: [254] },
      { list: 'events', season: '2026' },
    ]) {
      await expect(dispatch('export:csv', input)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
  });
});
