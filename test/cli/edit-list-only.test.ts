import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import type { KeyRole } from '../../src/shared/ipc/edits';
import type { EventRecord, Visibility } from '../../src/shared/wire/event';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../harness/server';
import { serviceEvent, serviceEvents } from '../main/outbox/outbox-rig';
import { runCli, summaryOf, type CliRun } from './run-cli';

function json(run: CliRun): unknown {
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown;
}

/*
 * The organizer's day on the command line: a data directory synced with the default scope holds
 * most events as list entries, which carry no visibility. The service goes away; an unlisted
 * event is deleted and a private one changed; the service comes back and the next sync sends
 * them. A visibility never seen is nobody's change: neither edit is held as a conflict (a delete
 * an organizer may not make is refused by the service), while a delete of an event whose name
 * was seen and changed meanwhile still is. Each key and service has a service of its own, so the
 * four run side by side: without ETags a sync waits 25 s for the update's second look.
 */
describe.concurrent.each([
  { extensions: true, role: 'organizer', label: 'with extensions' },
  { extensions: true, role: 'admin', label: 'with extensions' },
  { extensions: false, role: 'organizer', label: 'with --extensions off' },
  { extensions: false, role: 'admin', label: 'with --extensions off' },
] as const)('edits of list-only events, $role key, $label', ({ extensions, role }) => {
  let server: TestServer;
  let root: string;
  let dataDir: string;
  let db: string;
  const keys: Record<KeyRole, string> = {
    viewer: `viewer-${randomBytes(12).toString('hex')}`,
    organizer: `organizer-${randomBytes(12).toString('hex')}`,
    admin: `admin-${randomBytes(12).toString('hex')}`,
  };
  const sync = () =>
    runCli(['sync', '--service', server.url, '--data-dir', dataDir], {
      PITSIDE_API_KEY: keys[role],
    });
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pitside-cli-list-only-'));
    dataDir = join(root, 'data');
    // On disk, so that the service stopped and started again keeps its events.
    db = join(root, 'service.db');
    server = await startTestServer({ extensions, db, keys });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The events of one visibility that the data directory holds as list entries alone. */
  async function listOnly(visibility: Visibility): Promise<EventRecord[]> {
    const exported = json(
      await cli('export', '--resource', 'events', '--format', 'json', '--now', TEST_NOW),
    ) as { id: string; visibility?: Visibility }[];
    const unseen = new Set(
      exported.filter((event) => event.visibility === undefined).map((event) => event.id),
    );
    const found: EventRecord[] = [];
    for (const { id } of await serviceEvents(server, '')) {
      const record = await serviceEvent(server, id);
      if (unseen.has(id) && record?.visibility === visibility) found.push(record);
    }
    return found;
  }

  it.sequential(
    'sends a delete and an update made while the service was away; holds only a field seen and changed',
    async () => {
      expect((await sync()).code).toBe(EXIT.ok);
      const [deleted, renamedThere] = await listOnly('unlisted');
      const [changed] = await listOnly('private');
      expect(renamedThere, 'two list-only unlisted events').toBeDefined();
      expect(changed, 'a list-only private event').toBeDefined();

      const port = Number(new URL(server.url).port);
      await server.close();
      const deletion = json(await cli('events', 'delete', '--event', deleted!.id)) as {
        id: number;
      };
      const conflicting = json(await cli('events', 'delete', '--event', renamedThere!.id)) as {
        id: number;
      };
      const name = `Changed Offline (${role})`;
      json(
        await cli(
          'events',
          'update',
          '--event',
          changed!.id,
          '--json',
          JSON.stringify({ name, visibility: 'unlisted' }),
        ),
      );
      const away = await sync();
      expect(away.code).toBe(EXIT.syncFailed);
      expect(summaryOf(away).outbox).toMatchObject({ pending: 3, conflicts: 0 });

      server = await startTestServer({ extensions, db, keys, port });
      // Someone renames one of them meanwhile: its name was seen here, so that delete is held.
      expect(await patchEvent(server, renamedThere!.id, { name: 'Renamed There' })).toBe(200);
      const back = await sync();
      expect(back.code).toBe(EXIT.editsHeld);
      expect(summaryOf(back).outbox).toMatchObject(
        role === 'admin'
          ? { sent: 2, failed: 0, conflicts: 1, pending: 0 }
          : { sent: 1, failed: 1, conflicts: 1, pending: 0 },
      );

      const edits = json(await cli('outbox', 'list')) as { id: number }[];
      expect(edits.find((edit) => edit.id === conflicting.id)).toEqual(
        expect.objectContaining({
          kind: 'delete',
          state: 'conflict',
          fields: { name: { base: renamedThere!.name, theirs: 'Renamed There', mine: null } },
        }),
      );
      if (role === 'admin') {
        expect(edits).toHaveLength(1);
        expect(await serviceEvent(server, deleted!.id)).toBeNull();
      } else {
        // Deleting takes the admin role: refused by the service, not held here.
        expect(edits).toHaveLength(2);
        expect(edits.find((edit) => edit.id === deletion.id)).toMatchObject({
          kind: 'delete',
          eventId: deleted!.id,
          state: 'failed',
          attempts: 1,
          error: { code: 'forbidden', status: 403 },
        });
        expect(edits.find((edit) => edit.id === deletion.id)).not.toHaveProperty('fields');
        expect(await serviceEvent(server, deleted!.id)).toMatchObject({ visibility: 'unlisted' });
      }
      expect(await serviceEvent(server, changed!.id)).toMatchObject({
        name,
        visibility: 'unlisted',
      });
      expect(await serviceEvent(server, renamedThere!.id)).toMatchObject({
        name: 'Renamed There',
      });
    },
    90_000,
  );
});
