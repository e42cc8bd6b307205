import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME } from '../../src/cli/data-dir';
import { EXIT } from '../../src/cli/errors';
import { SettingsStore } from '../../src/main/settings/settings-store';
import { snapshot } from '../main/cache/database-files';
import { newEvent } from '../main/outbox/outbox-rig';
import { openRig } from '../main/sync/sync-rig';
import { runCli } from './run-cli';

/*
 * A data directory on a read-only medium. As root (the tests here run as root) permission bits
 * stop no write, so the directory is shown through a read-only bind mount, where the kernel
 * refuses every write whoever asks; as another user, permission bits do it.
 */

const SERVICE = 'http://127.0.0.1:9';
let root: string;
let dataDir: string;
let view: { path: string; undo: () => void } | null = null;
let unavailable: string | null = null;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr.trim()}`);
}

function readOnlyView(dir: string): { path: string; undo: () => void } {
  if (process.getuid?.() !== 0) {
    chmodSync(join(dir, CACHE_FILE_NAME), 0o444);
    chmodSync(dir, 0o555);
    return {
      path: dir,
      undo: () => {
        chmodSync(dir, 0o755);
        chmodSync(join(dir, CACHE_FILE_NAME), 0o644);
      },
    };
  }
  const mountPoint = join(root, 'medium');
  mkdirSync(mountPoint);
  run('mount', ['--bind', dir, mountPoint]);
  try {
    run('mount', ['-o', 'remount,bind,ro', mountPoint]);
  } catch (error) {
    run('umount', [mountPoint]);
    throw error;
  }
  return { path: mountPoint, undo: () => run('umount', [mountPoint]) };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-read-only-'));
  const rig = openRig({
    baseUrl: SERVICE,
    key: null,
    dir: join(root, 'data'),
    fileName: 'pitside.db',
  });
  await new SettingsStore(rig.cache.reader, rig.cache.writer, rig.queue).setBaseUrl(SERVICE);
  await rig.engine.outbox.create(newEvent('Read Only Open'));
  await rig.close();
  dataDir = rig.dir;
  try {
    view = readOnlyView(dataDir);
  } catch (error) {
    unavailable = error instanceof Error ? error.message : String(error);
    console.warn(`skipping the read-only medium tests: no read-only view here (${unavailable})`);
  }
});

afterAll(() => {
  view?.undo();
  rmSync(root, { recursive: true, force: true });
});

describe('a data directory on a read-only medium', () => {
  it('is read-only indeed: nothing can be written there', ({ skip }) => {
    if (view === null) return skip(`no read-only view: ${unavailable}`);
    expect(() => writeFileSync(join(view!.path, 'probe'), '')).toThrow(/EROFS|EACCES/);
  });

  it('is read by export and outbox list, and left exactly as it was', async ({ skip }) => {
    if (view === null) return skip(`no read-only view: ${unavailable}`);
    const before = snapshot(dataDir);
    const [exported, listed] = await Promise.all([
      runCli(['export', '--data-dir', view.path, '--resource', 'events', '--format', 'json']),
      runCli(['outbox', 'list', '--data-dir', view.path]),
    ]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    expect(JSON.parse(exported.stdout)).toEqual([
      expect.objectContaining({ name: 'Read Only Open' }),
    ]);
    expect(listed.code, listed.stderr).toBe(EXIT.ok);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ kind: 'create', payload: newEvent('Read Only Open') }),
    ]);
    expect(snapshot(dataDir)).toEqual(before);
  });
});
