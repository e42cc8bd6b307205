import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../../src/main/data-layer';
import { listCsv } from '../../../src/main/export/list-csv';
import type { Dispatch } from '../../../src/main/ipc/dispatcher';
import { APP_TEAM_EXPORT_COLUMNS } from '../../../src/shared/export-columns';
import type { ExportList } from '../../../src/shared/ipc/actions';
import type { PickList, PickListsAnswer, TeamNote } from '../../../src/shared/ipc/picklists';
import type { SearchResult, TeamAnswer, TeamListAnswer } from '../../../src/shared/ipc/reads';
import { touches } from '../../../src/shared/ipc/resources';
import { parseCsv } from '../../cli/csv-parse';
import { dispatcherOf, valueOf } from '../../harness/layer-dispatch';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';

/*
 * Pick lists and team notes through the contract, as the renderer calls them: a real service to
 * sync events and teams from, a real SQLite file, and the layer closed and opened again on the
 * same file for a restart. The key comes as an override, so no keychain is involved.
 */

let service: TestServer;
let dataDirectory: string;
let layer: DataLayer;
let dispatch: Dispatch;
let eventId: string;
let teams: number[];

function open(): void {
  layer = openDataLayer({
    dataDirectory,
    fetch,
    credentials: createCredentials(),
    now: () => new Date(TEST_NOW),
    defaultBaseUrl: service.url,
    keyOverride: { baseUrl: service.url, key: service.keys.viewer, from: 'environment' },
  });
  dispatch = dispatcherOf(layer);
}

const ask = <Output>(name: string, input?: unknown) => valueOf<Output>(dispatch(name, input));

/** The failure a command answers with; fails the test if it succeeded. */
async function refusal(name: string, input: unknown) {
  const answer = (await dispatch(name, input)) as {
    ok: boolean;
    error?: { code: string; message: string; details?: { field: string; issue: string }[] };
  };
  expect(answer.ok, `${name} ${JSON.stringify(input)} was accepted`).toBe(false);
  return answer.error!;
}

async function listsOf(event: string): Promise<PickList[]> {
  return (await ask<PickListsAnswer>('picklists:list', { eventId: event })).data;
}

const order = (list: PickList | undefined) => list?.entries.map((entry) => entry.teamNumber);

beforeAll(async () => {
  service = await startTestServer();
  dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-picklists-'));
  open();
  await layer.engine.run({ scope: 'default' });
  const { data } = await ask<{ data: { id: string }[] }>('events:list', { perPage: 1 });
  eventId = data[0]!.id;
  // Any teams do: a list takes a team by its number, whether or not the event's roster is synced.
  const roster = await ask<TeamListAnswer>('teams:list', { perPage: 6 });
  teams = roster.data.map((team) => team.number);
  expect(teams).toHaveLength(6);
});

afterAll(async () => {
  await layer.close();
  await service.close();
});

describe('pick lists', () => {
  let listId: number;

  it('keeps several named lists per event, in the order they were made', async () => {
    ({ id: listId } = await ask<{ id: number }>('picklists:create', { eventId, name: ' First ' }));
    await ask('picklists:create', { eventId, name: 'Defense' });
    expect((await listsOf(eventId)).map((list) => list.name)).toEqual(['First', 'Defense']);
    await ask('picklists:rename', { listId, name: 'First pick' });
    expect((await listsOf(eventId))[0]?.name).toBe('First pick');
  });

  it('adds teams at the end and moves one to any place, the others keeping their order', async () => {
    const [a, b, c, d] = teams as [number, number, number, number];
    for (const team of [a, b, c, d]) await ask('picklists:add', { listId, teamNumber: team });
    expect(order((await listsOf(eventId))[0])).toEqual([a, b, c, d]);
    // Alt+↓ on the first, Alt+↑ on the last, then to the top and past the end.
    await ask('picklists:move', { listId, teamNumber: a, to: 1 });
    expect(order((await listsOf(eventId))[0])).toEqual([b, a, c, d]);
    await ask('picklists:move', { listId, teamNumber: d, to: 2 });
    expect(order((await listsOf(eventId))[0])).toEqual([b, a, d, c]);
    await ask('picklists:move', { listId, teamNumber: c, to: 0 });
    expect(order((await listsOf(eventId))[0])).toEqual([c, b, a, d]);
    await ask('picklists:move', { listId, teamNumber: c, to: 99 });
    expect(order((await listsOf(eventId))[0])).toEqual([b, a, d, c]);
    await ask('picklists:remove', { listId, teamNumber: a });
    await ask('picklists:add', { listId, teamNumber: a });
    expect(order((await listsOf(eventId))[0])).toEqual([b, d, c, a]);
  });

  it('crosses a team off and keeps a note on each entry', async () => {
    const [first] = teams as [number];
    await ask('picklists:setEntry', { listId, teamNumber: first, picked: true });
    await ask('picklists:setEntry', {
      listId,
      teamNumber: first,
      note: 'fast intake, "weak" climb',
    });
    const entry = (await listsOf(eventId))[0]?.entries.find((e) => e.teamNumber === first);
    expect(entry).toEqual({ teamNumber: first, picked: true, note: 'fast intake, "weak" climb' });
  });

  it('answers every list, last used first, and tells views of each change', async () => {
    const notices: string[][] = [];
    const detach = layer.pushes.attach((name, payload) => {
      if (name === 'cache:changed') notices.push((payload as { resources: string[] }).resources);
    });
    const other = (await listsOf(eventId))[1]!;
    await ask('picklists:add', { listId: other.id, teamNumber: teams[5] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    detach();
    const all = await ask<PickListsAnswer>('picklists:list', {});
    expect(all.data[0]?.id).toBe(other.id);
    expect(all.builtFrom).toEqual(['picklists']);
    expect(notices.some((each) => touches(each, all.builtFrom))).toBe(true);
  });

  it('refuses bad input in words, and loses nothing', async () => {
    const before = await listsOf(eventId);
    const cases: [string, unknown, RegExp][] = [
      ['picklists:create', { eventId, name: '   ' }, /needs a name/],
      ['picklists:create', { eventId, name: 'x'.repeat(61) }, /at most 60 characters/],
      ['picklists:create', { eventId, name: 'a\nb' }, /one line/],
      ['picklists:create', { eventId: 'NOT A CODE', name: 'Fine' }, /event code/],
      ['picklists:add', { listId, teamNumber: 0 }, /team number is 1 to 99999/],
      ['picklists:add', { listId, teamNumber: 100000 }, /team number is 1 to 99999/],
      ['picklists:add', { listId: 1.5, teamNumber: teams[0] }, /whole number/],
      ['picklists:move', { listId, teamNumber: teams[0], to: -1 }, /top place is 0/],
      ['picklists:setEntry', { listId, teamNumber: teams[0], note: 'x'.repeat(2001) }, /2000/],
      ['picklists:setEntry', { listId, teamNumber: teams[0], note: 'bell\u0007' }, /plain text/],
      ['notes:set', { teamNumber: teams[0], note: 'y'.repeat(2001) }, /2000/],
      ['notes:set', { teamNumber: -3, note: 'fine' }, /team number is 1 to 99999/],
    ];
    for (const [name, input, words] of cases) {
      const error = await refusal(name, input);
      expect(error.code, name).toBe('invalid_input');
      expect(error.details?.map((detail) => detail.issue).join(' '), name).toMatch(words);
    }
    expect(await refusal('picklists:create', { eventId, name: 'first PICK' })).toMatchObject({
      code: 'conflict',
      message: 'This event already has a pick list named first PICK.',
    });
    expect(await refusal('picklists:add', { listId, teamNumber: teams[0] })).toMatchObject({
      code: 'conflict',
      message: `Team ${teams[0]} is already on First pick.`,
    });
    expect(await refusal('picklists:move', { listId, teamNumber: 99998, to: 0 })).toMatchObject({
      code: 'not_found',
      message: 'Team 99998 is not on First pick.',
    });
    expect(await refusal('picklists:rename', { listId: 999, name: 'Gone' })).toMatchObject({
      code: 'not_found',
      message: 'That pick list is gone: it was deleted.',
    });
    // The failed calls changed nothing (the last-used stamps aside: the clock stands still).
    expect(await listsOf(eventId)).toEqual(before);
  });
});

describe('team notes', () => {
  it('are saved as typed, found by quick open, and removed when blank', async () => {
    const team = teams[1]!;
    expect(await ask<TeamNote>('notes:get', { teamNumber: team })).toMatchObject({
      note: '',
      updatedAt: null,
    });
    const saved = await ask<TeamNote>('notes:set', {
      teamNumber: team,
      note: 'Swerve drive.\nGreat Zebracorn defence',
    });
    expect(saved).toMatchObject({ note: 'Swerve drive.\nGreat Zebracorn defence' });
    expect(saved.updatedAt).not.toBeNull();
    const found = await ask<SearchResult>('search:query', { text: 'zebraCORN' });
    expect(found.teams.map((each) => each.number)).toEqual([team]);
    expect(found.builtFrom).toContain('notes');
    await ask('notes:set', { teamNumber: teams[2], note: 'spare' });
    await ask('notes:set', { teamNumber: teams[2], note: '  ' });
    expect(await ask<TeamNote>('notes:get', { teamNumber: teams[2] })).toMatchObject({
      note: '',
      updatedAt: null,
    });
  });
});

describe('what the person keeps', () => {
  it('survives "Clear cache" and a restart', async () => {
    const lists = await listsOf(eventId);
    const note = await ask<TeamNote>('notes:get', { teamNumber: teams[1] });
    expect(lists.length).toBe(2);

    await ask('cache:clear');
    await layer.engine.idle();
    expect((await ask<TeamListAnswer>('teams:list', {})).meta.total).toBeGreaterThan(0);
    expect(await listsOf(eventId)).toEqual(lists);
    expect(await ask<TeamNote>('notes:get', { teamNumber: teams[1] })).toEqual(note);

    await layer.close();
    open();
    expect(await listsOf(eventId)).toEqual(lists);
    expect(await ask<TeamNote>('notes:get', { teamNumber: teams[1] })).toEqual(note);
  });

  it('is in the files: a pick list in its order, and each team with its note', async () => {
    const [list] = await listsOf(eventId);
    const source = {
      reads: layer.handlers,
      reader: layer.cache.reader,
      own: { pickLists: layer.pickLists, notes: layer.notes },
    };
    const exported = async (what: ExportList) => {
      const file = await listCsv(source, what);
      return parseCsv(file.csv.slice(1));
    };
    const [header, ...rows] = await exported({ list: 'pickList', listId: list!.id });
    expect(header).toEqual(['rank', 'teamNumber', 'teamName', 'picked', 'note']);
    expect(rows.map((row) => Number(row[1]))).toEqual(order(list));
    for (const [index, row] of rows.entries()) {
      const entry = list!.entries[index]!;
      const { data: team } = await ask<TeamAnswer>('teams:get', { teamNumber: entry.teamNumber });
      const name = team.name;
      expect(row).toEqual([
        String(index + 1),
        String(entry.teamNumber),
        name,
        String(entry.picked),
        entry.note,
      ]);
    }

    const [teamHeader, ...teamRows] = await exported({ list: 'teams' });
    expect(teamHeader).toEqual([...APP_TEAM_EXPORT_COLUMNS]);
    const noted = teamRows.find((row) => Number(row[0]) === teams[1]);
    expect(noted?.at(-1)).toBe('Swerve drive.\nGreat Zebracorn defence');
    expect(teamRows.filter((row) => row.at(-1) !== '')).toHaveLength(1);
  });
});

describe('an event created here', () => {
  it('keeps its pick lists when the service gives it its code', async () => {
    const organizer = openDataLayer({
      dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-picklists-created-')),
      fetch,
      credentials: createCredentials(),
      now: () => new Date(TEST_NOW),
      defaultBaseUrl: service.url,
      keyOverride: { baseUrl: service.url, key: service.keys.organizer, from: 'environment' },
    });
    try {
      const send = dispatcherOf(organizer);
      const renames: { from: string; to: string }[] = [];
      organizer.pushes.attach((name, payload) => {
        if (name === 'events:renamed') renames.push(payload as { from: string; to: string });
      });
      const { eventId: local } = await valueOf<{ eventId: string }>(
        send('events:create', {
          event: {
            name: 'Pick List Invitational',
            season: '2026-2027',
            startDate: '2026-12-05T09:00:00Z',
            endDate: '2026-12-06T18:00:00Z',
            location: { city: 'Leeds', country: 'GB' },
          },
        }),
      );
      const { id } = await valueOf<{ id: number }>(
        send('picklists:create', { eventId: local, name: 'Ours' }),
      );
      await valueOf(send('edits:sendNow', undefined));
      await organizer.engine.idle();
      expect(renames.map((rename) => rename.from)).toEqual([local]);
      await organizer.queue.idle();
      const moved = await valueOf<PickListsAnswer>(
        send('picklists:list', { eventId: renames[0]!.to }),
      );
      expect(moved.data.map((list) => list.id)).toEqual([id]);
      const left = await valueOf<PickListsAnswer>(send('picklists:list', { eventId: local }));
      expect(left.data).toEqual([]);
    } finally {
      await organizer.close();
    }
  });
});
