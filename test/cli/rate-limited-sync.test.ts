import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server';
import { summaryOf } from './run-cli';
import { testNowIso } from '../harness/clock';

/*
 * The command line against a service whose rate limit a scope-`all` sync runs into after its burst.
 * While every request waits out a 429's pause, nothing else may keep the process alive: the waiting
 * must, or the sync simply ends, without a summary and with status 0 (as it once did, seconds in).
 * Its output goes to files, as in a script: a pipe to a parent can keep a process alive by itself.
 */

let service: TestServer;
let root: string;

beforeAll(async () => {
  // A burst the lists and live events fit in, then pauses: where the sync once ended by itself.
  service = await startTestServer({ data: 'demo', rateLimit: { perSecond: 10, burst: 50 } });
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-limited-'));
});

afterAll(async () => {
  await service.close();
  rmSync(root, { recursive: true, force: true });
});

describe('sync against a service that rate-limits it', () => {
  it('keeps waiting out its 429s until it is canceled, then prints its summary', async () => {
    const [stdout, stderr] = [join(root, 'stdout'), join(root, 'stderr')];
    const files = [openSync(stdout, 'w'), openSync(stderr, 'w')];
    const args = ['sync', '--scope', 'all', '--service', service.url, '--data-dir', root];
    const child = spawn(process.execPath, ['bin/pitside.mjs', ...args], {
      env: { ...process.env, PITSIDE_NOW: testNowIso(), PITSIDE_API_KEY: service.keys.viewer },
      stdio: ['ignore', ...files],
    });
    for (const file of files) closeSync(file);
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    // Long enough for the burst to be spent and many pauses to be waited out.
    await Promise.race([sleep(8_000), exited]);
    child.kill('SIGINT');
    const code = await exited;
    const run = {
      code,
      stdout: readFileSync(stdout, 'utf8'),
      stderr: readFileSync(stderr, 'utf8'),
    };
    expect(run.code, run.stderr).toBe(130);
    expect(summaryOf(run)).toMatchObject({ outcome: 'canceled' });
  }, 60_000);
});
