import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFromEnvironment } from '../../src/main/pinned-clock';
import { startTestServer, TEST_NOW, type TestServer } from '../harness/server';
import { runCli } from './run-cli';

/*
 * PITSIDE_NOW sets the clock of the command line (and the preview) to an instant that runs on
 * from there: the tests run every command on the instant their service is pinned to, so that what
 * is live or upcoming does not depend on the day the suite runs.
 */

describe('PITSIDE_NOW', () => {
  it('is the system clock when unset, and an instant that runs on when set', async () => {
    expect(clockFromEnvironment({})).toBeNull();
    expect(clockFromEnvironment({ PITSIDE_NOW: '' })).toBeNull();
    const clock = clockFromEnvironment({ PITSIDE_NOW: '2026-11-21T12:00:00.250Z' });
    if (clock === null) throw new Error('no clock');
    const first = clock().getTime();
    expect(first).toBeGreaterThanOrEqual(Date.parse('2026-11-21T12:00:00.250Z'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock().getTime()).toBeGreaterThan(first);
    expect(clockFromEnvironment({ PITSIDE_NOW: '2026-11-21T13:00:00+01:00' })?.().getTime()).toBe(
      Date.parse(TEST_NOW),
    );
  });

  it.each(['tomorrow', '2026-11-21', '2026-13-45T25:61:61Z', '2026-11-21T12:00:00'])(
    'refuses "%s" with exit 2 and a clear message',
    async (value) => {
      const run = await runCli(
        ['export', '--data-dir', tmpdir(), '--resource', 'events', '--format', 'json'],
        {
          PITSIDE_NOW: value,
        },
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`PITSIDE_NOW must be an ISO 8601 date-time with a zone`);
    },
  );

  describe('on a synced copy', () => {
    let server: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      server = await startTestServer();
      dataDir = mkdtempSync(join(tmpdir(), 'pitside-clock-'));
      const sync = await runCli(['sync', '--service', server.url, '--data-dir', dataDir], {
        PITSIDE_API_KEY: server.keys.viewer,
      });
      expect(sync.code, sync.stderr).toBe(0);
    });
    afterAll(async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('tells what is live by its instant, not by the day the command runs', async () => {
      const live = async (now: string): Promise<string[]> => {
        const run = await runCli(
          ['export', '--data-dir', dataDir, '--resource', 'events', '--format', 'json'],
          {
            PITSIDE_NOW: now,
          },
        );
        expect(run.code, run.stderr).toBe(0);
        const events = JSON.parse(run.stdout) as { id: string; status: string }[];
        return events.filter((event) => event.status === 'live').map((event) => event.id);
      };
      // The demo has events live at the service's instant, and none years before its seasons.
      expect((await live(TEST_NOW)).length).toBeGreaterThan(0);
      expect(await live('2020-01-01T12:00:00Z')).toEqual([]);
    });
  });
});
