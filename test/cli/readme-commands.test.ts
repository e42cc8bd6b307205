import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-runtime.mjs';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { startTestServer, type TestServer } from '../harness/server';
import { LAUNCHER, runCommand, summaryOf, type CliRun } from './run-cli';

/*
 * The commands exactly as the README gives them, with npm (or nothing) in between: whatever npm
 * adds around a script must not reach stdout, which scripts parse.
 */

let server: TestServer;
let proxy: FaultProxy;
let broken: FaultProxy;
let root: string;
let unreachable: string;

/** A URL on a loopback port that was free a moment ago and has nothing listening now. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  proxy = await startFaultProxy(server.url);
  // Every team list page is refused for good: the events sync, the teams do not. (A refusal, not
  // a cut-off answer: one the sync would try again, and these tests are about the exit status.)
  proxy.plan({
    fault: { kind: 'status', status: 404 },
    match: (request) => request.path.startsWith('/v1/teams?'),
  });
  // Every answer at all is refused: not one resource gets through.
  broken = await startFaultProxy(server.url);
  broken.plan({ fault: { kind: 'status', status: 404 } });
  unreachable = await closedPortUrl();
  root = mkdtempSync(join(tmpdir(), 'pitside-readme-'));
});

afterAll(async () => {
  await proxy.close();
  await broken.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

let runs = 0;
function freshDir(): string {
  runs += 1;
  return join(root, `data-${runs}`);
}

function exportArgs(dataDir: string): string[] {
  return ['export', '--data-dir', dataDir, '--resource', 'events', '--format', 'json'];
}

function syncArgs(service: string, dataDir: string): string[] {
  return ['sync', '--service', service, '--data-dir', dataDir];
}

function withKey(): Record<string, string> {
  return { PITSIDE_API_KEY: server.keys.viewer };
}

function expectOneSummary(run: CliRun, outcome: string): void {
  expect(summaryOf(run)).toMatchObject({ outcome });
  expect(run.stdout.endsWith('\n')).toBe(true);
}

describe('npm run cli -- …: stdout holds the command’s output and nothing else', () => {
  it('a sync that completes exits 0 with the one summary line', async () => {
    const run = await runCommand(
      'npm',
      ['run', 'cli', '--', ...syncArgs(server.url, freshDir())],
      withKey(),
    );
    expect(run.code).toBe(0);
    expectOneSummary(run, 'completed');
  });

  it('a sync ending partial exits 5 with the one summary line (npm run --silent too)', async () => {
    for (const npmArgs of [
      ['run', 'cli'],
      ['run', '--silent', 'cli'],
    ]) {
      const run = await runCommand(
        'npm',
        [...npmArgs, '--', ...syncArgs(proxy.url, freshDir())],
        withKey(),
      );
      expect(run.code).toBe(5);
      expectOneSummary(run, 'partial');
    }
  });

  it('a sync in which every resource failed exits 4 (failed, not partial)', async () => {
    const run = await runCommand(
      'npm',
      ['run', '--silent', 'cli', '--', ...syncArgs(broken.url, freshDir())],
      withKey(),
    );
    expect(run.code).toBe(4);
    expectOneSummary(run, 'failed');
  });

  it('a sync whose service is unreachable exits 4 with the one summary line', async () => {
    const run = await runCommand(
      'npm',
      ['run', 'cli', '--', ...syncArgs(unreachable, freshDir())],
      withKey(),
    );
    expect(run.code).toBe(4);
    expectOneSummary(run, 'failed');
  });

  it('an export without a cache exits 3 with nothing on stdout and the reason on stderr', async () => {
    const run = await runCommand('npm', ['run', 'cli', '--', ...exportArgs(root)]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^pitside export: .* holds no Pitside cache/m);
  });

  it('--help exits 0 with the usage first on stdout', async () => {
    const run = await runCommand('npm', ['run', 'cli', '--', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: /);
  });
});

describe('the pitside bin', () => {
  it('npx pitside runs the command line: exit status and stdout as without npm', async () => {
    const dataDir = freshDir();
    const sync = await runCommand('npx', ['pitside', ...syncArgs(server.url, dataDir)], withKey());
    expect(sync.code).toBe(0);
    expectOneSummary(sync, 'completed');
    const exported = await runCommand('npx', ['pitside', ...exportArgs(dataDir)]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual([]);
    // Each npx costs a second and more of npm's own; the partial run's status is npm run's above.
    const missing = await runCommand('npx', ['pitside', ...exportArgs(root)]);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
  });

  it('the launcher runs from any directory, with no npm in between', async () => {
    const elsewhere = mkdtempSync(join(root, 'cwd-'));
    const sync = await runCommand(LAUNCHER, syncArgs(server.url, 'cache'), withKey(), elsewhere);
    expect(sync.code).toBe(0);
    expectOneSummary(sync, 'completed');
    expect(summaryOf(sync).dataDir).toBe(join(elsewhere, 'cache'));
    const unreachableRun = await runCommand(
      LAUNCHER,
      syncArgs(unreachable, 'other'),
      withKey(),
      elsewhere,
    );
    expect(unreachableRun.code).toBe(4);
    expectOneSummary(unreachableRun, 'failed');
  });
});

describe('npm start', () => {
  // Where Electron is installed `npm start` opens the app, which is the end-to-end tests' business.
  it.skipIf(electronBinary() !== null)(
    'without the Electron runtime exits 1 with its explanation on stderr and nothing on stdout (skipped where Electron is installed)',
    async () => {
      const run = await runCommand('npm', ['start'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Pitside cannot start here');
    },
    120_000,
  );
});
