import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadHandlers } from '../../../src/main/handlers/reads';
import { serviceReader } from '../../harness/service-copy';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/*
 * A new user's first sync: the default scope, nothing pinned or starred. Then the service goes
 * (the venue's wifi). A team playing at a live event, or at one starting within a week, must show
 * its record from the copy: before, the team page said "No statistics synced for this team yet"
 * and Compare showed dashes. Read through the same read commands the views call.
 */

let service: TestServer;
let serviceGone = false;
let sync: SyncRig;
const requested: string[] = [];

/** An upcoming event of the demo data, moved to start in three days. */
let soon: string;

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  const viewer = serviceReader(service.url, service.keys.viewer);
  const upcoming = await viewer.list('/v1/events?status=upcoming');
  soon = String(upcoming.find((event) => Number(event.teamCount) > 0)?.id);
  const start = new Date(Date.parse(TEST_NOW) + 3 * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  expect(
    await patchEvent(service, soon, { startDate: start.toISOString(), endDate: end.toISOString() }),
  ).toBe(200);
  sync = openRig({
    baseUrl: service.url,
    key: service.keys.viewer,
    fetch: (url, init) => {
      requested.push(String(url));
      return fetch(url, init);
    },
  });
});

afterAll(async () => {
  await sync.close();
  if (!serviceGone) await service.close();
  removeTempDirs();
});

describe('the default scope with nothing pinned or starred', () => {
  it('keeps the record of every team at a live or coming event, read with the service gone', async () => {
    const viewer = serviceReader(service.url, service.keys.viewer);
    const events = [
      ...(await viewer.list('/v1/events?status=live')).map((event) => String(event.id)),
      soon,
    ];
    expect(events.length).toBeGreaterThan(1);
    const teams = new Map<number, string>();
    for (const eventId of events) {
      const event = await viewer.single(`/v1/events/${eventId}`);
      for (const team of await viewer.list(`/v1/events/${eventId}/teams`)) {
        teams.set(Number(team.number), String(event?.season));
      }
    }
    const expected = new Map<number, unknown>();
    for (const [teamNumber, season] of teams) {
      expected.set(
        teamNumber,
        await viewer.single(`/v1/teams/${teamNumber}/stats?season=${season}`),
      );
    }

    const summary = await sync.run({ scope: 'default' });
    expect(summary).toMatchObject({ outcome: 'completed', problem: null });
    await service.close();
    serviceGone = true;

    const reads = createReadHandlers({
      reader: sync.cache.reader,
      now: () => new Date(TEST_NOW),
      requestFetch: () => undefined,
    });
    expect(teams.size).toBeGreaterThan(50);
    for (const [teamNumber, season] of teams) {
      const held = await reads['teams:stats']({ teamNumber, season });
      expect(held.data, `team ${teamNumber} ${season}`).toEqual(expected.get(teamNumber));
    }
  });
});
