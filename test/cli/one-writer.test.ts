import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME } from '../../src/cli/data-dir';
import { EXIT } from '../../src/cli/errors';
import { SettingsStore } from '../../src/main/settings/settings-store';
import { bundledEntry } from '../harness/bundled-entry';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { startTestServer, type TestServer } from '../harness/server';
import { newEvent, serviceEvents } from '../main/outbox/outbox-rig';
import { openRig } from '../main/sync/sync-rig';
import { runCli, startCli, startCommand, stderrLines, type RunningCli } from './run-cli';

/*
 * Two processes on one data directory, all of them real: the command line and the preview as a
 * person starts them, the reference service without its extensions (no Idempotency-Key, so a
 * create sent twice is made twice), a real cache file. A proxy in front of the service holds the
 * first sync inside its first create for as long as a test needs a writer that is running.
 */

let server: TestServer;
let proxy: FaultProxy;
let root: string;
let directories = 0;
/** Every writer a test stopped: one whose test failed before it let it go must not stay behind. */
const writers: RunningCli[] = [];

beforeAll(async () => {
  server = await startTestServer({ data: 'none', extensions: false });
  proxy = await startFaultProxy(server.url);
  root = mkdtempSync(join(tmpdir(), 'pitside-one-writer-'));
});

afterAll(async () => {
  for (const writer of writers) writer.child.kill('SIGKILL');
  await proxy.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const key = () => ({ PITSIDE_API_KEY: server.keys.organizer });
const syncArgs = (dataDir: string) => ['sync', '--service', proxy.url, '--data-dir', dataDir];

/**
 * A data directory whose cache belongs to the service, with a create queued for each name: made
 * in this process with the app's own parts, which is quicker than a command line per edit.
 */
async function dataDirWithCreates(names: string[]): Promise<string> {
  directories += 1;
  const rig = openRig({
    baseUrl: proxy.url,
    key: null,
    dir: join(root, `data-${directories}`),
    fileName: CACHE_FILE_NAME,
  });
  try {
    await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).setBaseUrl(proxy.url);
    for (const name of names) await rig.engine.outbox.create(newEvent(name));
  } finally {
    await rig.close();
  }
  return rig.dir;
}

interface HeldWriter {
  running: RunningCli;
  /** Lets the sync go on; its held create fails unsent and is sent again, once. */
  release(): void;
}

/**
 * A `sync` of `dataDir` stopped (SIGSTOP) inside its first create, that request held at the proxy
 * and never passed on: a writer that runs for as long as the test needs, whatever its timeouts.
 */
async function heldSync(dataDir: string): Promise<HeldWriter> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => undefined;
  const inside = new Promise<void>((resolve) => (arrived = resolve));
  proxy.plan({
    match: (request) => request.method === 'POST',
    times: 1,
    fault: { kind: 'hold', arrived, until: released },
  });
  const running = startCli(syncArgs(dataDir), key());
  writers.push(running);
  await Promise.race([
    inside,
    running.finished.then((run) => {
      throw new Error(`the first sync ended (${run.code}) before its first create: ${run.stderr}`);
    }),
  ]);
  running.child.kill('SIGSTOP');
  return {
    running,
    release: () => {
      running.child.kill('SIGCONT');
      release();
    },
  };
}

/** The one line a refused writer prints, naming the process that holds the directory. */
function inUseBy(pid: number | undefined, command: string): RegExp {
  if (pid === undefined) throw new Error('the holder has no pid');
  return new RegExp(
    `^${command}: the data directory is in use by Pitside \\(pid ${pid}\\) since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`,
  );
}

describe('one process writes a data directory', () => {
  it('refuses a second sync and an edit while a sync runs (exit 7, naming it); reads go on; nothing is sent twice', async () => {
    const names = ['Lock Cup One', 'Lock Cup Two', 'Lock Cup Three'];
    const dataDir = await dataDirWithCreates(names);
    const first = await heldSync(dataDir);
    const holder = first.running.child.pid;
    const body = JSON.stringify(newEvent('Lock Cup Later'));
    const [second, edit, exported, listed] = await Promise.all([
      runCli(syncArgs(dataDir), key()),
      runCli(['events', 'create', '--data-dir', dataDir, '--json', body]),
      runCli(['export', '--data-dir', dataDir, '--resource', 'events', '--format', 'json']),
      runCli(['outbox', 'list', '--data-dir', dataDir]),
    ]);

    expect(second.code, second.stderr).toBe(EXIT.inUse);
    expect(stderrLines(second)).toEqual([expect.stringMatching(inUseBy(holder, 'pitside sync'))]);
    expect(second.stdout).toBe('');
    // An edit saved meanwhile is refused at once, in the same words; it is not queued.
    expect(edit.code, edit.stderr).toBe(EXIT.inUse);
    expect(stderrLines(edit)).toEqual([expect.stringMatching(inUseBy(holder, 'pitside events'))]);
    expect(edit.stderr).not.toMatch(/database is locked/);

    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    expect((JSON.parse(exported.stdout) as { name: string }[]).map(({ name }) => name)).toEqual(
      expect.arrayContaining(names),
    );
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    expect(JSON.parse(listed.stdout)).toEqual(
      names.map((name): unknown =>
        expect.objectContaining({ kind: 'create', payload: newEvent(name) }),
      ),
    );

    first.release();
    const done = await first.running.finished;
    expect(done.code, done.stderr).toBe(EXIT.ok);
    for (const name of names) expect(await serviceEvents(server, name)).toHaveLength(1);

    // The first one is gone: the directory is free again, for the edit refused before.
    const again = await runCli(['events', 'create', '--data-dir', dataDir, '--json', body]);
    expect(again.code, again.stderr).toBe(EXIT.ok);
  }, 60_000);

  it('frees the directory when its writer is killed (SIGKILL)', async () => {
    const dataDir = await dataDirWithCreates(['Lock Cup Killed']);
    const first = await heldSync(dataDir);
    first.running.child.kill('SIGKILL');
    expect((await first.running.finished).code).toBeNull();
    first.release();
    // The held create never reached the service; the next sync sends it, once.
    const next = await runCli(syncArgs(dataDir), key());
    expect(next.code, next.stderr).toBe(EXIT.ok);
    expect(await serviceEvents(server, 'Lock Cup Killed')).toHaveLength(1);
  });
});

describe('the preview and the command line on one data directory', () => {
  /** Node itself, not a launcher, so the process started is the one that holds the directory. */
  const startPreview = (dataDir: string) =>
    startCommand(
      process.execPath,
      [bundledEntry('src/preview/cli.ts'), '--service', proxy.url, '--data-dir', dataDir],
      key(),
    );

  it('refuses a sync while the preview runs, and the preview while a sync runs', async () => {
    const dataDir = await dataDirWithCreates(['Lock Cup Preview']);
    const preview = startPreview(dataDir);
    try {
      await preview.stderrLine(/^preview: data directory /);
      const sync = await runCli(syncArgs(dataDir), key());
      expect(sync.code, sync.stderr).toBe(EXIT.inUse);
      expect(stderrLines(sync)).toEqual([
        expect.stringMatching(inUseBy(preview.child.pid, 'pitside sync')),
      ]);
    } finally {
      preview.child.kill('SIGTERM');
    }
    expect((await preview.finished).code).toBe(0);
    // Free again once the preview has stopped; the create went out once, by whichever sent it.
    const after = await runCli(syncArgs(dataDir), key());
    expect(after.code, after.stderr).toBe(EXIT.ok);
    expect(await serviceEvents(server, 'Lock Cup Preview')).toHaveLength(1);

    const busy = await dataDirWithCreates(['Lock Cup Busy']);
    const first = await heldSync(busy);
    const second = startPreview(busy);
    const refused = await second.finished;
    expect(refused.code, refused.stderr).toBe(EXIT.inUse);
    expect(refused.stdout).toBe('');
    expect(stderrLines(refused)).toEqual([
      expect.stringMatching(inUseBy(first.running.child.pid, 'preview')),
    ]);
    first.release();
    expect((await first.running.finished).code).toBe(EXIT.ok);
    expect(await serviceEvents(server, 'Lock Cup Busy')).toHaveLength(1);
  }, 60_000);
});
