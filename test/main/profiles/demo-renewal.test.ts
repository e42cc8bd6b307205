import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src/main/profiles/demo-service';
import type { MatchRecord } from '../../../src/shared/wire/match';
import { TEST_NOW } from '../../harness/clock';

/*
 * The app's embedded demo keeps its store across starts. Its live events are timed around the
 * instant the data was made, so a store made this morning would show them hours behind tonight:
 * a start an hour or more later makes the data again, unless someone's edits are in it.
 */

const HOUR = 60 * 60_000;
const KEY = `demo-${'k'.repeat(32)}`;

let directory: string;
let running: DemoService | null = null;

afterEach(async () => {
  await running?.close();
  running = null;
  rmSync(directory, { recursive: true, force: true });
});

async function startAt(offsetMs: number): Promise<DemoService> {
  await running?.close();
  const now = new Date(Date.parse(TEST_NOW) + offsetMs).toISOString();
  running = await startDemoService({ directory, key: KEY, now });
  return running;
}

async function get<Body>(service: DemoService, path: string): Promise<Body> {
  const response = await fetch(`${service.url}${path}`, {
    headers: { authorization: `Bearer ${service.key}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Body;
}

/** The latest played match of any live event, as the service answers it. */
async function lastPlayed(service: DemoService): Promise<number> {
  const events = await get<{ data: { id: string }[] }>(
    service,
    '/v1/events?status=live&perPage=100',
  );
  let latest = 0;
  for (const { id } of events.data) {
    const matches = await get<{ data: MatchRecord[] }>(
      service,
      `/v1/events/${id}/matches?perPage=100`,
    );
    for (const match of matches.data) {
      if (match.playedAt !== null) latest = Math.max(latest, Date.parse(match.playedAt));
    }
  }
  return latest;
}

describe('the embedded demo across starts', () => {
  it('is made again once it is an hour old and untouched, so that it is under way at any hour', async () => {
    directory = mkdtempSync(join(tmpdir(), 'pitside-demo-renewal-'));
    const first = await lastPlayed(await startAt(0));
    expect(first).toBeGreaterThan(Date.parse(TEST_NOW) - HOUR / 2);
    // Half an hour on: the same store, as it was made.
    expect(await lastPlayed(await startAt(HOUR / 2))).toBe(first);
    // Six hours on, untouched: made again, played up to then.
    const later = Date.parse(TEST_NOW) + 6 * HOUR;
    const renewed = await lastPlayed(await startAt(6 * HOUR));
    expect(renewed).toBeLessThan(later);
    expect(renewed).toBeGreaterThan(later - HOUR / 2);
  });

  it('keeps a store someone has edited, however old', async () => {
    directory = mkdtempSync(join(tmpdir(), 'pitside-demo-renewal-'));
    const service = await startAt(0);
    const events = await get<{ data: { id: string }[] }>(service, '/v1/events?perPage=1');
    const eventId = events.data[0]?.id ?? '';
    const patched = await fetch(`${service.url}/v1/events/${eventId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed In The Demo' }),
    });
    expect(patched.status).toBe(200);
    const kept = await startAt(24 * HOUR);
    const record = await get<{ data: { name: string } }>(kept, `/v1/events/${eventId}`);
    expect(record.data.name).toBe('Renamed In The Demo');
  });
});
