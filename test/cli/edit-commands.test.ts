import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import { patchEvent, startTestServer, type TestServer } from '../harness/server';
import { newEvent, serviceEvent, serviceEvents } from '../main/outbox/outbox-rig';
import { runCli, summaryOf, type CliRun } from './run-cli';

function json(run: CliRun): unknown {
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown;
}

/*
 * Each suite has a service and a data directory of its own, so the three run side by side: without
 * ETags the first sync waits 25 s for its second look, a command line's real wait that the other
 * two fill. Within a suite the tests go one after another, on the one data directory.
 */
describe.concurrent.each([
  { extensions: true, label: 'with extensions' },
  { extensions: false, label: 'with --extensions off' },
])('events and outbox on the command line, $label', ({ extensions }) => {
  let server: TestServer;
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  const sync = () => runCli(['sync', '--service', server.url, '--data-dir', dataDir], env);
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);

  beforeAll(async () => {
    server = await startTestServer({ extensions });
    root = mkdtempSync(join(tmpdir(), 'pitside-cli-edits-'));
    dataDir = join(root, 'data');
    env = { PITSIDE_API_KEY: server.keys.organizer };
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.sequential('queues nothing before the cache knows its service', async () => {
    const run = await cli('events', 'create', '--json', JSON.stringify(newEvent('Too Early')));
    expect(run.code).toBe(EXIT.setup);
    expect(run.stderr).toMatch(/sync --service URL first/);
  });

  it.sequential(
    'creates, edits, resolves and deletes through the outbox; each reaches the service once',
    async () => {
      expect((await sync()).code).toBe(EXIT.ok);
      const name = `CLI Cup ${extensions ? 'A' : 'B'}`;
      const created = json(
        await cli('events', 'create', '--json', JSON.stringify(newEvent(name))),
      ) as {
        eventId: string;
      };
      expect(created).toMatchObject({
        kind: 'create',
        state: 'pending',
        eventId: expect.stringMatching(/^local/) as unknown,
      });
      const update = json(
        await cli(
          'events',
          'update',
          '--event',
          created.eventId,
          '--json',
          '{"streamStatus":"scheduled"}',
        ),
      );
      expect(update).toMatchObject({ kind: 'update', eventId: created.eventId });

      const first = await sync();
      expect(first.code).toBe(EXIT.ok);
      expect(summaryOf(first).outbox).toEqual({
        sent: 2,
        pending: 0,
        failed: 0,
        conflicts: 0,
        checking: 0,
      });
      // Without ETags the update went out unguarded: the command waited for its second look.
      if (extensions) expect(first.stderr).not.toMatch(/looking at/);
      else
        expect(first.stderr).toMatch(
          /gives no ETags: looking again at the 1 edit sent, 25 s after each went out/,
        );
      const [made] = await serviceEvents(server, name);
      expect(made).toMatchObject({ name, streamStatus: 'scheduled' });
      expect(await serviceEvents(server, name)).toHaveLength(1);

      // Both sides rename it: a conflict, exit 6, shown field by field.
      json(await cli('events', 'update', '--event', made!.id, '--json', '{"name":"Mine"}'));
      expect(await patchEvent(server, made!.id, { name: 'Theirs' })).toBe(200);
      const conflicted = await sync();
      expect(conflicted.code).toBe(EXIT.editsHeld);
      expect(summaryOf(conflicted).outbox).toMatchObject({ conflicts: 1 });
      const [conflict] = json(await cli('outbox', 'list')) as { id: number }[];
      expect(conflict).toMatchObject({
        state: 'conflict',
        fields: { name: { base: name, theirs: 'Theirs', mine: 'Mine' } },
      });
      json(await cli('outbox', 'resolve', '--edit', String(conflict!.id), '--take', 'theirs'));
      expect(json(await cli('outbox', 'list'))).toEqual([]);
      expect((await sync()).code).toBe(EXIT.ok);
      expect((await serviceEvent(server, made!.id))?.name).toBe('Theirs');

      // An organizer may not delete: refused for good, exit 6, the event kept everywhere.
      json(await cli('events', 'delete', '--event', made!.id));
      const refused = await sync();
      expect(refused.code).toBe(EXIT.editsHeld);
      const [failed] = json(await cli('outbox', 'list')) as { id: number }[];
      expect(failed).toMatchObject({
        kind: 'delete',
        state: 'failed',
        error: { code: 'forbidden' },
      });
      expect(await serviceEvent(server, made!.id)).not.toBeNull();
      json(await cli('outbox', 'discard', '--edit', String(failed!.id)));

      // With an admin's key it goes.
      json(await cli('events', 'delete', '--event', made!.id));
      const deleted = await runCli(['sync', '--service', server.url, '--data-dir', dataDir], {
        PITSIDE_API_KEY: server.keys.admin,
      });
      expect(deleted.code).toBe(EXIT.ok);
      expect(await serviceEvent(server, made!.id)).toBeNull();
    },
    90_000,
  );
});

// The command line checks input before it asks any service, so one service mode says it for both.
describe.concurrent('bad input on the command line', () => {
  let server: TestServer;
  let root: string;
  let dataDir: string;
  const sync = () =>
    runCli(['sync', '--service', server.url, '--data-dir', dataDir], {
      PITSIDE_API_KEY: server.keys.organizer,
    });
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);

  beforeAll(async () => {
    server = await startTestServer();
    root = mkdtempSync(join(tmpdir(), 'pitside-cli-bad-edits-'));
    dataDir = join(root, 'data');
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses bad input with the field at fault, exit 2, and queues nothing', async () => {
    expect((await sync()).code).toBe(EXIT.ok);
    const cases: [string[], RegExp][] = [
      [['events', 'create', '--json', '{"name":'], /--json is not JSON/],
      [['events', 'create', '--json', JSON.stringify({ name: 'x' })], /season is required/],
      [
        [
          'events',
          'create',
          '--json',
          JSON.stringify(newEvent('Bad Dates', { endDate: '2026-12-01T00:00:00Z' })),
        ],
        /endDate must not be before startDate/,
      ],
      [
        [
          'events',
          'create',
          '--json',
          JSON.stringify(newEvent('No Zone', { startDate: '2026-12-05T09:00' })),
        ],
        /startDate must be an ISO 8601 date-time with a zone/,
      ],
      [
        ['events', 'create', '--json', JSON.stringify(newEvent('Status', { status: 'live' }))],
        /status is not writable/,
      ],
      [
        ['events', 'update', '--event', 'NOT A CODE', '--json', '{}'],
        /--event must be an event code/,
      ],
      [
        ['events', 'update', '--event', '2099nothere', '--json', '{"name":"x"}'],
        /no event 2099nothere/,
      ],
      [['events', 'delete', '--json', '{}', '--event', '2099nothere'], /--json is not for delete/],
      [['outbox', 'resolve', '--edit', '0', '--take', 'mine'], /--edit must be/],
      [
        ['outbox', 'resolve', '--edit', '99', '--take', 'both'],
        /--take must be one of mine, theirs/,
      ],
      [['outbox', 'discard', '--edit', '99'], /There is no edit 99/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(EXIT.usage);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
    expect(json(await cli('outbox', 'list'))).toEqual([]);
  });
});
