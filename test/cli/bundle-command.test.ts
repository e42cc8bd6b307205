import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../src/main/bundle/bundle-import';
import { PART_RAW_MAX } from '../../src/main/bundle/format';
import { CACHE_MIGRATIONS } from '../../src/main/cache/migrations';
import {
  cacheRows,
  copyDataDir,
  putTogether,
  takeApart,
  withRecords,
} from '../main/bundle/bundle-files';
import { postEvent, startTestServer, TEST_NOW, type TestServer } from '../harness/server';
import { exportJson, runCli, stderrLines, type CliRun } from './run-cli';

const RESOURCES = ['events', 'teams', 'matches', 'clips', 'stats'] as const;

let server: TestServer;
let other: TestServer;
let root: string;
let source: string;
let bundle: string;

async function syncAll(service: TestServer, dataDir: string): Promise<void> {
  const run = await runCli(
    ['sync', '--service', service.url, '--data-dir', dataDir, '--scope', 'all'],
    { PITSIDE_API_KEY: service.keys.viewer },
  );
  expect(run.code, run.stderr).toBe(0);
}

function exported(dataDir: string, resource: string): Promise<string> {
  return exportJson(dataDir, resource, TEST_NOW);
}

beforeAll(async () => {
  server = await startTestServer();
  // Another service needs only a few events of its own: a second demo data set cost the file a
  // whole sync for the one test that uses it.
  other = await startTestServer({ data: 'none' });
  for (const name of ['Other League Opener', 'Other League Final']) {
    expect(await postEvent(other, name)).toBe(201);
  }
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-'));
  source = join(root, 'source');
  await syncAll(server, source);
  bundle = join(root, 'all.pitside');
  const run = await runCli(['bundle', 'export', '--data-dir', source, '--out', bundle]);
  expect(run.code, run.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('pitside bundle export and import', () => {
  it('carries a whole cache over: a fresh data directory then exports what the source does', async () => {
    const target = join(root, 'round-trip');
    const run = await runCli(['bundle', 'import', '--data-dir', target, bundle]);
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(outcome).toMatchObject({ service: server.url, keptNewer: 0, skipped: 0 });
    for (const resource of RESOURCES) {
      const [mine, theirs] = await Promise.all([
        exported(source, resource),
        exported(target, resource),
      ]);
      expect(JSON.parse(mine)).not.toHaveLength(0);
      expect(theirs, resource).toBe(mine);
    }
    // The same bundle again brings nothing newer: every synced part stays the cache's.
    const again = await runCli(['bundle', 'import', '--data-dir', target, bundle]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ merged: 1, skipped: 0 });
  }, 120_000);

  it('narrows to a season, and the file is written whole with nothing left beside it', async () => {
    const events = JSON.parse(await exported(source, 'events')) as { id: string; season: string }[];
    const season = events[0]?.season ?? '';
    const out = join(root, 'season', 'one.pitside');
    const missing = await runCli([
      'bundle',
      'export',
      '--data-dir',
      source,
      '--out',
      out,
      '--season',
      season,
    ]);
    expect(missing.code).toBe(2);
    rmSync(join(root, 'season'), { recursive: true, force: true });
    const dir = mkdtempSync(join(root, 'season-'));
    const file = join(dir, 'one.pitside');
    const run = await runCli([
      'bundle',
      'export',
      '--data-dir',
      source,
      '--out',
      file,
      '--season',
      season,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['one.pitside']);
    const parts = takeApart(file).manifest.parts;
    const eventParts = parts.filter((part) => /^event:[a-z0-9]+$/.test(part.resource));
    expect(eventParts).toHaveLength(events.filter((event) => event.season === season).length);
    expect(
      parts.filter((part) => part.resource.includes(':stats:') && !part.resource.endsWith(season)),
    ).toEqual([]);
  }, 60_000);

  it('shows what a bundle brings in one line, and a dry run changes nothing', async () => {
    const show = await runCli(['bundle', 'show', bundle]);
    expect(show.code, show.stderr).toBe(0);
    const host = new URL(server.url).host;
    expect(show.stdout).toMatch(
      new RegExp(
        `^\\d+ events, [\\d,]+ teams, [\\d,]+ matches, [\\d,]+ clips, [\\d,]+ team statistics, synced (just now|.+ ago) from ${host.replace('.', '\\.')}\\n$`,
      ),
    );
    const target = join(root, 'dry-run');
    const dry = await runCli(['bundle', 'import', '--dry-run', '--data-dir', target, bundle]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      cache: join(target, 'pitside.db'),
    });
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});

/** Each bad bundle: status 2, one line naming what is wrong, the cache's rows as they were. */
describe('pitside bundle import refuses a bad bundle and changes nothing', () => {
  const bad = (name: string) => join(root, `${name}.pitside`);
  const original = () => readFileSync(bundle);
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const cases: [string, RegExp, () => void][] = [
    [
      'truncated',
      /truncated/,
      () => writeFileSync(bad('truncated'), original().subarray(0, original().length - 100)),
    ],
    [
      'not a bundle',
      /not a Pitside bundle/,
      () => writeFileSync(bad('not a bundle'), 'hello, this is text\n'.repeat(10)),
    ],
    [
      'corrupted',
      /corrupted: its checksum does not match/,
      () => {
        const bytes = Buffer.from(original());
        const last = bytes.length - 30;
        bytes[last] = (bytes[last] ?? 0) ^ 0xff;
        writeFileSync(bad('corrupted'), bytes);
      },
    ],
    [
      'wrong checksum',
      /checksum does not match/,
      () => {
        const opened = takeApart(bundle);
        const [first, ...rest] = opened.manifest.parts;
        if (first === undefined) throw new Error('no parts');
        const wrong = { ...first, sha256: sha(Buffer.from('something else')) };
        putTogether(bad('wrong checksum'), {
          ...opened,
          manifest: { ...opened.manifest, parts: [wrong, ...rest] },
        });
      },
    ],
    [
      'newer schema',
      /newer Pitside \(schema/,
      () => {
        const opened = takeApart(bundle);
        const schemaVersion = CACHE_MIGRATIONS.length + 1;
        putTogether(bad('newer schema'), {
          ...opened,
          manifest: { ...opened.manifest, schemaVersion },
        });
      },
    ],
    [
      'newer format',
      /newer Pitside \(format/,
      () => putTogether(bad('newer format'), takeApart(bundle), 2),
    ],
    [
      'oversized part',
      /rawBytes/,
      () => {
        const opened = takeApart(bundle);
        const [first, ...rest] = opened.manifest.parts;
        if (first === undefined) throw new Error('no parts');
        const oversized = { ...first, rawBytes: PART_RAW_MAX + 1 };
        putTogether(bad('oversized part'), {
          ...opened,
          manifest: { ...opened.manifest, parts: [oversized, ...rest] },
        });
      },
    ],
    [
      'refused record',
      /record 2: red\.score/,
      () => {
        const opened = takeApart(bundle);
        const part = opened.manifest.parts.find(
          (entry) => entry.resource.endsWith(':matches') && entry.records > 2,
        );
        if (part === undefined) throw new Error('no matches');
        const [first, second, ...rest] = JSON.parse(
          `[${takeRecords(opened, part.resource).join(',')}]`,
        ) as { red: { score: unknown } }[];
        const mangled = { ...second, red: { ...second?.red, score: 'lots' } };
        putTogether(
          bad('refused record'),
          withRecords(opened, part.resource, [first, mangled, ...rest]),
        );
      },
    ],
    [
      'zip bomb',
      /inflates past its declared size/,
      () => {
        const opened = takeApart(bundle);
        const [first, ...rest] = opened.manifest.parts;
        if (first === undefined) throw new Error('no parts');
        // 32 MiB of one byte (a thousand times its stored size), declared as 1 KiB: refused at
        // 1 KiB, however much more it would inflate to.
        const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20), { level: 9 });
        const entry = { ...first, rawBytes: 1024, storedBytes: bomb.length, sha256: sha(bomb) };
        putTogether(bad('zip bomb'), {
          manifest: { ...opened.manifest, parts: [entry, ...rest] },
          parts: [bomb, ...opened.parts.slice(1)],
        });
      },
    ],
  ];

  it.each(cases)(
    '%s',
    async (name, problem, make) => {
      make();
      const target = join(root, `refuse-${name.replace(/ /g, '-')}`);
      copyDataDir(source, target);
      const before = cacheRows(join(target, 'pitside.db'));
      const run: CliRun = await runCli(['bundle', 'import', '--data-dir', target, bad(name)]);
      expect(run.code, run.stderr).toBe(2);
      expect(stderrLines(run)).toHaveLength(1);
      expect(stderrLines(run)[0]).toMatch(problem);
      expect(run.stdout).toBe('');
      expect(cacheRows(join(target, 'pitside.db'))).toBe(before);
      // Into a directory with no cache yet, nothing is made at all (the same import, in this
      // process: a second command line per case only cost the suite time).
      const fresh = join(root, `fresh-${name.replace(/ /g, '-')}`);
      await expect(importBundle(bad(name), fresh)).rejects.toThrow(problem);
      expect(existsSync(fresh)).toBe(false);
    },
    60_000,
  );
});

function takeRecords(opened: ReturnType<typeof takeApart>, resource: string): string[] {
  const index = opened.manifest.parts.findIndex((part) => part.resource === resource);
  const stored = opened.parts[index];
  if (stored === undefined) throw new Error(`no part ${resource}`);
  return gunzipSync(stored)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
}

describe("a bundle from another service goes into that service's profile", () => {
  it("in the app's data directory: a profile of its own, the shown one untouched", async () => {
    const otherDir = join(root, 'other-source');
    await syncAll(other, otherDir);
    const otherBundle = join(root, 'other.pitside');
    expect(
      (await runCli(['bundle', 'export', '--data-dir', otherDir, '--out', otherBundle])).code,
    ).toBe(0);

    const app = join(root, 'app');
    copyDataDir(source, app);
    const state = {
      profile: 'service',
      demoChosen: false,
      theme: 'system',
      active: 'service',
      profiles: [{ id: 'service', name: 'League', url: server.url }],
    };
    writeFileSync(join(app, 'app-state.json'), JSON.stringify(state));
    const before = cacheRows(join(app, 'pitside.db'));

    const run = await runCli(['bundle', 'import', '--data-dir', app, otherBundle]);
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as { cache: string; newProfile: string };
    expect(outcome.cache).toMatch(
      new RegExp(`^${join(app, 'profiles')}/p-[0-9a-f]+/pitside\\.db$`),
    );
    expect(cacheRows(join(app, 'pitside.db'))).toBe(before);
    const saved = JSON.parse(readFileSync(join(app, 'app-state.json'), 'utf8')) as typeof state;
    expect(saved.profiles.map((profile) => profile.url)).toEqual([server.url, other.url]);
    expect(saved.active).toBe('service');
    for (const resource of ['events', 'matches'] as const) {
      const profileDir = join(outcome.cache, '..');
      expect(await exported(profileDir, resource)).toBe(await exported(otherDir, resource));
    }

    // A second bundle of that service finds the profile made the first time.
    const again = await runCli(['bundle', 'import', '--data-dir', app, otherBundle]);
    expect(JSON.parse(again.stdout)).toMatchObject({ cache: outcome.cache, newProfile: null });

    // A command line data directory holds one service's copy: another's bundle is refused.
    const plain = join(root, 'plain');
    copyDataDir(source, plain);
    const plainBefore = cacheRows(join(plain, 'pitside.db'));
    const refused = await runCli(['bundle', 'import', '--data-dir', plain, otherBundle]);
    expect(refused.code).toBe(2);
    expect(stderrLines(refused)[0]).toMatch(/holds the copy of/);
    expect(cacheRows(join(plain, 'pitside.db'))).toBe(plainBefore);
  }, 180_000);
});
