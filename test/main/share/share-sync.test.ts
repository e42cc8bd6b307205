import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCacheForReading } from '../../../src/cli/data-dir';
import { createApiClient } from '../../../src/main/api/client';
import { FreshnessReader } from '../../../src/main/cache/queries/freshness';
import { probeRole } from '../../../src/main/outbox/role';
import { startShare, type RunningShare } from '../../../src/main/share/share-server';
import { exportJson, runCli, startCli, summaryOf } from '../../cli/run-cli';
import { allPages } from '../../cli/service-pages';
import { patchEvent, startTestServer, TEST_NOW, type TestServer } from '../../harness/server';

/*
 * Two Pitsides on one machine: one syncs from the reference service and shares its copy, the other
 * syncs from the share with the same engine, as a laptop at the venue would.
 */

const RESOURCES = ['events', 'teams', 'matches', 'clips', 'stats'] as const;
const EXPORT_NOW = '2026-11-28T00:00:00Z';

let server: TestServer;
let root: string;
/** Synced with a viewer key: what the share shows is what it holds. */
let viewerSource: string;
/** Synced with an organizer key: it holds the unlisted and private events too. */
let organizerSource: string;
let unlistedId: string;
let privateId: string;

interface ListedEvent {
  id: string;
  teamCount: number;
}

async function syncFrom(url: string, key: string, dataDir: string, scope = 'all') {
  const run = await runCli(['sync', '--service', url, '--data-dir', dataDir, '--scope', scope], {
    PITSIDE_API_KEY: key,
  });
  expect(run.code, run.stderr).toBe(0);
  return summaryOf(run);
}

function exportOf(dataDir: string, resource: string): Promise<string> {
  return exportJson(dataDir, resource, EXPORT_NOW);
}

/** A share of `dataDir` in this process, on loopback, with its own read-only connection. */
async function shareOf(
  dataDir: string,
): Promise<{ share: RunningShare; close: () => Promise<void> }> {
  const cache = openCacheForReading(dataDir);
  // The service's pinned clock, so that statuses compare with its answers.
  const now = () => new Date(TEST_NOW);
  // No rate limit: a test of its own pins that one; here it would only make the syncs wait.
  const share = await startShare({
    db: cache.db,
    host: '127.0.0.1',
    port: 0,
    now,
    rateLimit: null,
  });
  return {
    share,
    close: async () => {
      await share.close();
      cache.close();
    },
  };
}

function base(share: RunningShare): string {
  return share.url.replace(/\/$/, '');
}

function ids(records: unknown[]): string[] {
  return records.map((record) => (record as { id: string }).id);
}

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(join(tmpdir(), 'pitside-share-'));
  viewerSource = join(root, 'viewer-source');
  organizerSource = join(root, 'organizer-source');
  // Two events with teams are hidden on the service: one unlisted, one private.
  const { records } = await allPages(server.url, '/v1/events', server.keys.organizer);
  const withTeams = (records as ListedEvent[]).filter((event) => event.teamCount > 0);
  unlistedId = withTeams[3]!.id;
  privateId = withTeams[7]!.id;
  expect(await patchEvent(server, unlistedId, { visibility: 'unlisted' })).toBe(200);
  expect(await patchEvent(server, privateId, { visibility: 'private' })).toBe(200);
  await Promise.all([
    syncFrom(server.url, server.keys.viewer, viewerSource),
    syncFrom(server.url, server.keys.organizer, organizerSource),
  ]);
}, 120_000);

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a Pitside syncing from a share', () => {
  it('ends with a copy equal to the source’s, record for record, and asks again with 304s', async () => {
    const { share, close } = await shareOf(viewerSource);
    try {
      // Past the source's second: the receiver's own sync times then differ from the source's.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const receiver = join(root, 'receiver');
      const first = await syncFrom(base(share), share.key, receiver);
      expect(first.outcome).toBe('completed');
      for (const resource of RESOURCES) {
        const [source, copy] = await Promise.all([
          exportOf(viewerSource, resource),
          exportOf(receiver, resource),
        ]);
        expect(copy.length, resource).toBeGreaterThan(10);
        expect(copy, resource).toBe(source);
      }

      const client = { ...share.clients()[0]! };
      expect(client.reads).toBe(first.requests);
      const again = await syncFrom(base(share), share.key, receiver);
      expect(again.requests).toBeGreaterThan(0);
      expect((again.resources as { changed: number }).changed).toBe(0);
      const after = share.clients()[0]!;
      // Every read of the second sync was answered 304.
      expect(after.reads - client.reads).toBe(again.requests);
      expect(after.unchanged - client.unchanged).toBe(again.requests);

      // Freshness is the source's: what it synced at T reads "as of T" on the receiver.
      const sourceDb = new Database(join(viewerSource, 'pitside.db'), { readonly: true });
      const receiverDb = new Database(join(receiver, 'pitside.db'), { readonly: true });
      try {
        const syncedAt = (db: Database.Database, resource: string) =>
          db
            .prepare<[string], string>('SELECT last_success FROM sync_state WHERE resource = ?')
            .pluck()
            .get(resource);
        const reader = new FreshnessReader(receiverDb);
        for (const resource of ['events', 'teams'] as const) {
          const sourceTime = syncedAt(sourceDb, resource);
          expect(sourceTime).toMatch(/Z$/);
          expect(reader.of(resource).syncedAt, resource).toBe(sourceTime);
          expect(syncedAt(receiverDb, resource)! > sourceTime!, resource).toBe(true);
        }
        const eventParts = sourceDb
          .prepare<[], { resource: string; last_success: string }>(
            `SELECT resource, last_success FROM sync_state WHERE resource LIKE 'event:%:matches'
            LIMIT 3`,
          )
          .all();
        expect(eventParts.length).toBe(3);
        for (const { resource, last_success } of eventParts) {
          expect(reader.of(resource as `event:${string}:matches`).syncedAt).toBe(last_success);
        }
      } finally {
        sourceDb.close();
        receiverDb.close();
      }
    } finally {
      await close();
    }
  }, 120_000);

  it('gets a viewer’s answers whatever key the source synced with', async () => {
    const { share, close } = await shareOf(organizerSource);
    try {
      const shared = await allPages(base(share), '/v1/events', share.key);
      const viewer = await allPages(server.url, '/v1/events', server.keys.viewer);
      expect(ids(shared.records)).not.toContain(unlistedId);
      expect(ids(shared.records)).not.toContain(privateId);
      expect(shared).toEqual(viewer);

      // Unlisted: readable by its code, exactly as the service answers a viewer.
      const get = (url: string, path: string, key: string) =>
        fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      for (const path of [`/v1/events/${unlistedId}`, `/v1/events/${unlistedId}/matches`]) {
        const [fromShare, fromService] = await Promise.all([
          get(base(share), path, share.key),
          get(server.url, path, server.keys.viewer),
        ]);
        expect(fromShare.status, path).toBe(200);
        expect(await fromShare.json()).toEqual(await fromService.json());
      }
      // Private: it does not exist for a share's callers, nor do its parts.
      for (const part of ['', '/teams', '/matches', '/clips']) {
        const reply = await get(base(share), `/v1/events/${privateId}${part}`, share.key);
        expect(reply.status, part).toBe(404);
      }
      // A team at the private event: its events and matches leave that event out, as for a viewer.
      const privateTeams = await allPages(
        server.url,
        `/v1/events/${privateId}/teams`,
        server.keys.organizer,
      );
      const team = (privateTeams.records[0] as { number: number }).number;
      for (const part of ['events', 'matches', 'clips']) {
        const path = `/v1/teams/${team}/${part}`;
        expect(await allPages(base(share), path, share.key), path).toEqual(
          await allPages(server.url, path, server.keys.viewer),
        );
      }

      const receiver = join(root, 'receiver-of-organizer-copy');
      await syncFrom(base(share), share.key, receiver);
      const events = await exportOf(receiver, 'events');
      const matches = await exportOf(receiver, 'matches');
      expect(events).not.toContain(privateId);
      expect(events).not.toContain(unlistedId);
      expect(matches).not.toContain(privateId);
      expect(events).toBe(await exportOf(viewerSource, 'events'));
    } finally {
      await close();
    }
  }, 120_000);

  it('refuses a wrong key, writes, another host and web pages', async () => {
    const { share, close } = await shareOf(viewerSource);
    try {
      const url = `${base(share)}/v1/events`;
      const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
      expect((await fetch(url)).status).toBe(401);
      const wrong = await fetch(url, { headers: bearer(server.keys.viewer) });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
      for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
        const reply = await fetch(method === 'POST' ? url : `${url}/${unlistedId}`, {
          method,
          headers: { ...bearer(share.key), 'content-type': 'application/json' },
          body: method === 'DELETE' ? undefined : '{"name":"Taken over"}',
        });
        expect(reply.status, method).toBe(405);
        expect(reply.headers.get('allow')).toBe('GET, HEAD');
        expect(((await reply.json()) as { error: { code: string } }).error.code).toBe(
          'method_not_allowed',
        );
      }
      // A page elsewhere, or a name rebound to this address: refused even with the key.
      const fromPage = await fetch(url, {
        headers: { ...bearer(share.key), origin: 'http://evil.example' },
      });
      expect(fromPage.status).toBe(403);
      const rebound = await rawGet(share.port, '/v1/events', {
        host: `evil.example:${share.port}`,
        authorization: `Bearer ${share.key}`,
      });
      expect(rebound).toMatch(/^HTTP\/1\.1 403/);
      const direct = await rawGet(share.port, '/v1/events', {
        host: `localhost:${share.port}`,
        authorization: `Bearer ${share.key}`,
      });
      expect(direct).toMatch(/^HTTP\/1\.1 200/);
      expect((await fetch(url, { headers: bearer(share.key) })).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('edits on a receiving laptop', () => {
  it('stay in its outbox for the service: a share is only read, and the service gets them later', async () => {
    const { share, close } = await shareOf(viewerSource);
    try {
      const laptop = join(root, 'organizer-laptop');
      // The lists are enough here: what is tested is where the edit goes.
      await syncFrom(server.url, server.keys.organizer, laptop, 'default');
      const renamed = 'Renamed At The Venue';
      const queued = await runCli([
        'events',
        'update',
        '--data-dir',
        laptop,
        '--event',
        unlistedId,
        '--json',
        JSON.stringify({ name: renamed }),
      ]);
      expect(queued.code, queued.stderr).toBe(0);

      const run = await runCli(['sync', '--service', base(share), '--data-dir', laptop], {
        PITSIDE_API_KEY: share.key,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`1 edit for ${server.url} is kept`);
      // Every request it made was a read the share answered: no write was even tried.
      const reads = share.clients().find((client) => client.reads > 0)?.reads;
      expect(reads).toBe(summaryOf(run).requests);
      const onService = await fetch(`${server.url}/v1/events/${unlistedId}`, {
        headers: { authorization: `Bearer ${server.keys.organizer}` },
      });
      expect(((await onService.json()) as { data: { name: string } }).data.name).not.toBe(renamed);

      const back = await syncFrom(server.url, server.keys.organizer, laptop, 'default');
      expect(back.outbox).toMatchObject({ sent: 1, pending: 0 });
      const after = await fetch(`${server.url}/v1/events/${unlistedId}`, {
        headers: { authorization: `Bearer ${server.keys.organizer}` },
      });
      expect(((await after.json()) as { data: { name: string } }).data.name).toBe(renamed);
    } finally {
      await close();
    }
  }, 120_000);

  it('are not offered there: the role probe reads a share as taking no edits', async () => {
    const { share, close } = await shareOf(viewerSource);
    try {
      const client = createApiClient({
        baseUrl: base(share),
        fetch,
        apiKey: () => Promise.resolve(share.key),
      });
      // The probe's write is answered 405, which is read as a refusal for good, never retried.
      expect(await probeRole(client)).toEqual(['edit-forbidden']);
    } finally {
      await close();
    }
  });
});

describe('a share’s rate limit', () => {
  it('holds back each address alone, with Retry-After', async () => {
    const cache = openCacheForReading(viewerSource);
    const share = await startShare({
      db: cache.db,
      host: '127.0.0.1',
      port: 0,
      rateLimit: { perSecond: 1, burst: 3 },
    });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let index = 0; index < 5; index += 1) {
        const reply = await fetch(`${base(share)}/v1/teams?perPage=1`, {
          headers: { authorization: `Bearer ${share.key}` },
        });
        await reply.arrayBuffer();
        statuses.push(reply.status);
        retryAfter ??= reply.headers.get('retry-after');
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await share.close();
      cache.close();
    }
  });
});

describe('pitside share', () => {
  it('prints its address and key first, serves until Ctrl-C, then exits 0', async () => {
    const cli = startCli(['share', '--data-dir', viewerSource]);
    try {
      const [address, keyLine] = await cli.stdoutLines(2);
      expect(address).toMatch(/^sharing on http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(keyLine).toMatch(/^key [0-9a-z]{5}(-[0-9a-z]{5}){3}$/);
      const url = address!.slice('sharing on '.length);
      const key = keyLine!.slice('key '.length);
      const reply = await fetch(`${url}v1/teams?perPage=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('pitside-synced-at')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      await cli.stderrLine(/began reading/);
    } finally {
      cli.child.kill('SIGINT');
    }
    const run = await cli.finished;
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/SIGINT: stopped sharing; 1 laptop read from it \(1 reads/);
  });

  it('refuses an address that is not one to listen on, with a usage error', async () => {
    const run = await runCli(['share', '--data-dir', viewerSource, '--host', 'everywhere']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--host must be an IP address/);
  });
});

/** A GET with exactly these headers (fetch sets Host itself). */
async function rawGet(port: number, path: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<string>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(`HTTP/${response.httpVersion} ${response.statusCode ?? 0}`));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
