import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import { startTestServer, type TestServer } from '../harness/server';
import { newEvent, serviceEvents } from '../main/outbox/outbox-rig';
import { runCli, summaryOf, type CliRun } from './run-cli';

function json(run: CliRun): unknown {
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as unknown;
}

interface ListedEdit {
  id: number;
  kind: string;
  eventId: string;
  state: string;
}

describe('after a sync, on the command line', () => {
  let server: TestServer;
  let root: string;
  let dataDir: string;
  const syncAs = (key: string) =>
    runCli(['sync', '--service', server.url, '--data-dir', dataDir], { PITSIDE_API_KEY: key });
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);
  const list = async () => json(await cli('outbox', 'list')) as ListedEdit[];

  beforeAll(async () => {
    server = await startTestServer({ data: 'none' });
    root = mkdtempSync(join(tmpdir(), 'pitside-cli-recovery-'));
    dataDir = join(root, 'data');
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends refused edits again after a key downgrade, and takes the temporary code after', async () => {
    expect((await syncAs(server.keys.organizer)).code).toBe(EXIT.ok);
    const created = json(
      await cli('events', 'create', '--json', JSON.stringify(newEvent('Downgrade Cup'))),
    ) as ListedEdit;
    json(
      await cli('events', 'update', '--event', created.eventId, '--json', '{"name":"Renamed Cup"}'),
    );

    // A viewer's key: the create is refused (403) and the rename waits for it.
    expect((await syncAs(server.keys.viewer)).code).toBe(EXIT.editsHeld);
    const held = await list();
    expect(held.map(({ kind, state }) => [kind, state])).toEqual([
      ['create', 'failed'],
      ['update', 'pending'],
    ]);

    const resent = json(await cli('outbox', 'resend', '--edit', String(held[0]!.id)));
    expect(resent).toMatchObject({ kind: 'create', state: 'pending', eventId: created.eventId });
    const sent = await syncAs(server.keys.organizer);
    expect(sent.code).toBe(EXIT.ok);
    expect(summaryOf(sent).outbox).toMatchObject({ sent: 2, pending: 0, failed: 0 });
    const [made] = await serviceEvents(server, 'Renamed Cup');
    expect(made?.name).toBe('Renamed Cup');

    // The usage says either code works for later edits: the temporary one still does.
    const later = json(
      await cli('events', 'update', '--event', created.eventId, '--json', '{"name":"Alias Cup"}'),
    );
    expect(later).toMatchObject({ kind: 'update', state: 'pending', eventId: made!.id });
  }, 120_000);

  it('refuses at once a create the service would refuse unread (413), and queues nothing', async () => {
    // Every field passes its rules; only the body's size is at fault.
    const venue = 'v'.repeat(70_000);
    const location = { venue, city: 'Leeds', country: 'GB' };
    const run = await cli(
      'events',
      'create',
      '--json',
      JSON.stringify(newEvent('Big', { location })),
    );
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/larger than the service takes \(64 KiB\)/);
    expect(run.stdout).toBe('');
    expect((await list()).filter(({ kind }) => kind === 'create')).toEqual([]);
  }, 60_000);
});
