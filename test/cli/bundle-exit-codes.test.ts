import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBundleCommand, runBundleCommand } from '../../src/cli/bundle-command';
import { CliError, EXIT } from '../../src/cli/errors';
import { importBundle } from '../../src/main/bundle/bundle-import';
import { TEST_NOW } from '../harness/server';
import { craftBundle, eventParts, eventRecord } from '../main/bundle/crafted-bundle';
import { runCli, stderrLines } from './run-cli';

/*
 * The statuses `pitside bundle` promises (README, --help): 2 for what was given wrong (a place to
 * write that is no place for a bundle, a file that is no bundle file, a bundle from the future),
 * 3 for a data directory or a place the system will not let it use. Each case runs the command in
 * this process, as main runs it; the launcher itself runs twice, for the statuses as a shell sees
 * them and for --help.
 */

let root: string;
let dataDir: string;
let bundle: string;

/** The status the command line ends with, and what it printed, run in this process. */
async function run(args: string[]): Promise<{ code: number; stdout: string; message: string }> {
  let stdout = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stdout += chunk.toString();
      done();
    },
  });
  const notes: string[] = [];
  try {
    const command = parseBundleCommand(args);
    if (command.command === 'help') throw new Error('not a bundle command');
    const code = await runBundleCommand(command, sink, undefined, (line) => notes.push(line));
    return { code, stdout, message: notes.join('\n') };
  } catch (error) {
    if (error instanceof CliError) return { code: error.exitCode, stdout, message: error.message };
    return { code: EXIT.unexpected, stdout, message: String(error) };
  }
}

const NOW = ['--now', TEST_NOW];
const exportTo = (out: string, ...more: string[]) =>
  run(['export', '--data-dir', dataDir, '--out', out, ...NOW, ...more]);

/** A read-only view of a new directory: a read-only bind mount as root (permission bits stop no
 * write of root's), a directory without write permission otherwise. */
function readOnlyDirectory(): { path: string; undo: () => void } {
  const dir = mkdtempSync(join(root, 'medium-'));
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return { path: dir, undo: () => chmodSync(dir, 0o755) };
  }
  const view = mkdtempSync(join(root, 'view-'));
  const mount = (...args: string[]) => {
    const result = spawnSync('mount', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`mount ${args.join(' ')}: ${result.stderr}`);
  };
  mount('--bind', dir, view);
  try {
    mount('-o', 'remount,bind,ro', view);
  } catch (error) {
    spawnSync('umount', [view]);
    throw error;
  }
  return { path: view, undo: () => void spawnSync('umount', [view]) };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-exit-'));
  bundle = join(root, 'crafted.pitside');
  craftBundle(bundle, { parts: eventParts() });
  dataDir = join(root, 'data');
  await importBundle(bundle, dataDir, { now: new Date(TEST_NOW) });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('bundle export --out', () => {
  it('into a directory that does not exist: status 2, nothing made', async () => {
    const outcome = await exportTo(join(root, 'missing', 'dir', 'x.pitside'));
    expect(outcome).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(outcome.message).toMatch(/--out: .*missing\/dir: no such directory/);
    expect(readdirSync(root)).not.toContain('missing');
  });

  it('onto a directory: status 2', async () => {
    const folder = mkdtempSync(join(root, 'folder-'));
    const outcome = await exportTo(folder);
    expect(outcome).toMatchObject({ code: EXIT.usage });
    expect(outcome.message).toMatch(/is a directory; name a file for the bundle/);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('onto a data directory’s own file: status 2', async () => {
    const outcome = await exportTo(join(dataDir, 'pitside.lock'));
    expect(outcome).toMatchObject({ code: EXIT.usage });
    expect(outcome.message).toMatch(/is a file of the Pitside data directory/);
  });

  it('onto a read-only place: status 3, nothing left there', async () => {
    const medium = readOnlyDirectory();
    try {
      expect(() => writeFileSync(join(medium.path, 'probe'), '')).toThrow(/EROFS|EACCES/);
      const outcome = await exportTo(join(medium.path, 'x.pitside'));
      expect(outcome).toMatchObject({ code: EXIT.setup, stdout: '' });
      expect(outcome.message).toMatch(/cannot be written: .*(read-only|permission)/i);
      expect(readdirSync(medium.path)).toEqual([]);
    } finally {
      medium.undo();
    }
  });

  it('prints what went in, and says when private or unlisted events went in or stayed out', async () => {
    // A copy with a private event beside the public one.
    const organizer = join(root, 'organizer.pitside');
    craftBundle(organizer, {
      parts: [
        ...eventParts(),
        ...eventParts(eventRecord({ id: '2026closedopen', visibility: 'private' }), []),
      ],
    });
    const copy = join(root, 'organizer-copy');
    await importBundle(organizer, copy, { now: new Date(TEST_NOW) });
    const out = join(root, 'viewers.pitside');
    const plain = await run(['export', '--data-dir', copy, '--out', out, ...NOW]);
    expect(plain.code, plain.message).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({
      events: 1,
      privateEvents: 0,
      unlistedEvents: 0,
      hiddenLeftOut: 1,
    });
    expect(plain.message).toBe(
      '1 private or unlisted event left out: a viewer would not see it (--include-private puts such events in)',
    );
    const all = await run([
      'export',
      '--data-dir',
      copy,
      '--out',
      out,
      '--include-private',
      ...NOW,
    ]);
    expect(JSON.parse(all.stdout)).toMatchObject({ events: 2, privateEvents: 1 });
    expect(all.message).toMatch(/^the bundle holds 1 private event: whoever has the file can read/);
  });
});

describe('bundle import and show', () => {
  it('with a regular file as the data directory: status 3', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    const outcome = await run(['import', '--data-dir', file, bundle, ...NOW]);
    expect(outcome).toMatchObject({ code: EXIT.setup });
    expect(outcome.message).toBe(`the data directory ${file} is not a directory`);
  });

  it('with a directory where the lock file goes: status 3, nothing made', async () => {
    const dir = mkdtempSync(join(root, 'locked-'));
    mkdirSync(join(dir, 'pitside.lock'));
    const outcome = await run(['import', '--data-dir', dir, bundle, ...NOW]);
    expect(outcome).toMatchObject({ code: EXIT.setup });
    expect(outcome.message).toMatch(/pitside\.lock is not a file/);
    expect(readdirSync(dir)).toEqual(['pitside.lock']);
  });

  it('of a named pipe or a directory: status 2', async () => {
    const pipe = join(root, 'pipe.pitside');
    execFileSync('mkfifo', [pipe]);
    expect(await run(['show', pipe, ...NOW])).toMatchObject({ code: EXIT.usage });
    expect(await run(['import', '--data-dir', join(root, 'x'), pipe, ...NOW])).toMatchObject({
      code: EXIT.usage,
    });
    expect(await run(['show', root, ...NOW])).toMatchObject({ code: EXIT.usage });
  });

  it('of a bundle from the future: status 2', async () => {
    const future = join(root, 'future.pitside');
    craftBundle(future, {
      parts: eventParts().map((part) => ({ ...part, syncedAt: '9999-12-31T23:59:59Z' })),
    });
    const outcome = await run(['show', future, ...NOW]);
    expect(outcome).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(outcome.message).toMatch(/later than this computer’s clock/);
  });
});

describe('the launcher', () => {
  it('ends with those statuses, one line on stderr each', async () => {
    const file = join(root, 'launcher-file');
    writeFileSync(file, '');
    const [setup, usage] = await Promise.all([
      runCli(['bundle', 'import', '--data-dir', file, bundle, ...NOW]),
      runCli([
        'bundle',
        'export',
        '--data-dir',
        dataDir,
        '--out',
        join(root, 'nowhere', 'x.pitside'),
        ...NOW,
      ]),
    ]);
    expect(setup.code, setup.stderr).toBe(EXIT.setup);
    expect(stderrLines(setup)).toEqual([
      `pitside bundle: the data directory ${file} is not a directory`,
    ]);
    expect(usage.code, usage.stderr).toBe(EXIT.usage);
    expect(stderrLines(usage)).toHaveLength(1);
  });

  it('names the choice of private and unlisted events in --help', async () => {
    const help = await runCli(['bundle', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--include-private +also private and unlisted events/);
  });
});
