import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import { startTestServer, type TestServer } from '../harness/server';
import { newEvent, serviceEvents } from '../main/outbox/outbox-rig';
import { runCli, summaryOf } from './run-cli';

let first: TestServer;
let second: TestServer;
let root: string;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ seed: 2 });
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-services-'));
});
afterAll(async () => {
  await first.close();
  await second.close();
  rmSync(root, { recursive: true, force: true });
});

it('a change of service keeps the first service’s edits, sends them only there, and never to the other', async () => {
  const dataDir = join(root, 'data');
  const sync = (server: TestServer) =>
    runCli(['sync', '--service', server.url, '--data-dir', dataDir], {
      PITSIDE_API_KEY: server.keys.organizer,
    });
  expect((await sync(first)).code).toBe(EXIT.ok);
  const queued = await runCli([
    'events',
    'create',
    '--data-dir',
    dataDir,
    '--json',
    JSON.stringify(newEvent('Kept For The First')),
  ]);
  expect(queued.code, queued.stderr).toBe(EXIT.ok);

  // The other service: the first one's records go, its edit stays and is not sent.
  const other = await sync(second);
  expect(other.code, other.stderr).toBe(EXIT.ok);
  expect(other.stderr).toContain(
    `1 edit for ${first.url} is kept; it goes out when you sync with it again.`,
  );
  expect(summaryOf(other).outbox).toEqual({
    sent: 0,
    pending: 0,
    failed: 0,
    conflicts: 0,
    checking: 0,
  });
  const listed = await runCli(['outbox', 'list', '--data-dir', dataDir]);
  expect(JSON.parse(listed.stdout)).toEqual([]);
  expect(await serviceEvents(second, 'Kept For The First')).toEqual([]);

  // Back on the first service, the edit goes out there.
  const back = await sync(first);
  expect(back.code, back.stderr).toBe(EXIT.ok);
  expect(summaryOf(back).outbox).toMatchObject({ sent: 1, pending: 0 });
  expect(await serviceEvents(first, 'Kept For The First')).toHaveLength(1);
  expect(await serviceEvents(second, 'Kept For The First')).toEqual([]);
});
