import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../src/shared/ipc/profiles';
import { valueOf } from '../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../harness/server';
import { credentials, openTestWorkspace } from '../main/profiles/workspace-rig';
import { runCli, stderrLines, summaryOf } from './run-cli';

/*
 * `sync --profile NAME --data-dir DIR`: DIR is the app's data directory, and the profile the app
 * keeps there gives the service, the cache and the key (in the real keychain, under the
 * profile's own account). The command line runs in its own process, as a person runs it.
 */

let root: string;
let league: TestServer;
let practice: TestServer;
let dataDirectory: string;
let practiceId: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-profiles-'));
  league = await startTestServer({ data: 'none' });
  practice = await startTestServer({ data: 'none', seed: 2 });
  dataDirectory = join(root, 'app');
  const app = await openTestWorkspace(dataDirectory);
  try {
    await valueOf(app.dispatch('setup:connect', { baseUrl: league.url, key: league.keys.viewer }));
    await valueOf(
      app.dispatch('profiles:add', {
        name: 'Practice',
        baseUrl: practice.url,
        key: practice.keys.viewer,
      }),
    );
    const listed = await valueOf<ProfileList>(app.dispatch('profiles:list', undefined));
    practiceId = listed.profiles.find((profile) => profile.name === 'Practice')?.id ?? '';
  } finally {
    await app.workspace.close();
  }
});

afterAll(async () => {
  await credentials.clearKey(league.url);
  await credentials.forProfile(practiceId).clearKey(practice.url);
  await league.close();
  await practice.close();
  rmSync(root, { recursive: true, force: true });
});

describe('sync --profile', () => {
  it('syncs the profile’s cache with its service and its own key', async () => {
    const run = await runCli(['sync', '--profile', 'practice', '--data-dir', dataDirectory]);
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run)).toMatchObject({
      outcome: 'completed',
      service: practice.url,
      dataDir: join(dataDirectory, 'profiles', practiceId),
      keySource: 'keychain',
    });
  });

  it('names the profiles there are when the name is none of them', async () => {
    const run = await runCli(['sync', '--profile', 'Scrimmage', '--data-dir', dataDirectory]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)[0]).toBe(
      `pitside sync: no profile named "Scrimmage" in ${dataDirectory} (its profiles: "${league.url}", "Practice") (see --help)`,
    );
  });

  it('takes --service or --profile, not both', async () => {
    const run = await runCli([
      'sync',
      '--profile',
      'Practice',
      '--service',
      practice.url,
      '--data-dir',
      dataDirectory,
    ]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)[0]).toContain('give --service URL or --profile NAME, not both');
  });

  it('waits for no app that has the data directory open', async () => {
    const app = await openTestWorkspace(dataDirectory);
    try {
      const run = await runCli(['sync', '--profile', 'Practice', '--data-dir', dataDirectory]);
      expect(run.code).toBe(7);
    } finally {
      await app.workspace.close();
    }
  });
});
