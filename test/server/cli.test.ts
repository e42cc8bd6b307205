import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../harness/bundled-entry';

interface Running {
  child: ChildProcess;
  url: string;
  /** Every stdout line so far. */
  lines: string[];
  exited: Promise<number | null>;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

const directory = mkdtempSync(join(tmpdir(), 'pitside-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * How the service is started: its entry point bundled once (a plain `node` start, not tsx
 * compiling it at each launch), or the README's `npm run server`.
 */
type Via = 'node' | 'npm';

function launch(args: string[], env: NodeJS.ProcessEnv = {}, via: Via = 'node'): ChildProcess {
  // An npm that started the tests exports its settings as npm_config_*; the npm under test must
  // read only the project's .npmrc.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)),
  );
  const [command, commandArgs] =
    via === 'node'
      ? [process.execPath, [bundledEntry('src/server/cli.ts'), ...args]]
      : ['npm', ['run', 'server', '--', ...args]];
  return spawn(command, commandArgs, {
    env: { ...inherited, PITSIDE_SERVER_NOW: '', PITSIDE_SERVER_KEYS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs the command line to its end (for arguments it refuses). */
async function runToEnd(args: string[], env?: NodeJS.ProcessEnv, via?: Via): Promise<Finished> {
  const child = launch(args, env, via);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await exitOf(child);
  return { code, stdout, stderr };
}

/** Starts the service and resolves once it has printed the lines it prints on start. */
function start(
  args: string[],
  expectedLines: number,
  env?: NodeJS.ProcessEnv,
  via?: Via,
): Promise<Running> {
  const child = launch(['--port', '0', ...args], env, via);
  const exited = exitOf(child);
  const lines: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length >= expectedLines) {
        const url = /^listening on (http:\/\/\S+)$/.exec(lines[0] ?? '')?.[1];
        if (url === undefined) reject(new Error(`unexpected first line: ${lines[0]}`));
        else resolve({ child, url, lines, exited });
      }
    });
    void exited.then((code) =>
      reject(new Error(`exited with ${code} before it was ready: ${stderr}`)),
    );
  });
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

function keysFrom(line: string | undefined): Record<string, string> {
  const match = /^keys viewer=(\S+) organizer=(\S+) admin=(\S+)$/.exec(line ?? '');
  if (match === null) throw new Error(`not a keys line: ${line}`);
  return { viewer: match[1] ?? '', organizer: match[2] ?? '', admin: match[3] ?? '' };
}

const newEvent = {
  name: 'Springfield Open',
  season: '2030-2031',
  startDate: '2030-10-01T09:00:00Z',
  endDate: '2030-10-02T18:00:00Z',
  location: { city: 'Springfield', country: 'US' },
};

function post(url: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the service command line', () => {
  it('prints where it listens and a key per role, serves with them and stops cleanly on SIGTERM', async () => {
    const running = await start(['--data', 'none'], 2);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(running.url).port)).toBeGreaterThan(0);
    const keys = keysFrom(running.lines[1]);
    expect(new Set(Object.values(keys)).size).toBe(3);

    const withKey = await fetch(`${running.url}/v1/events`, {
      headers: { authorization: `Bearer ${keys.viewer}` },
    });
    expect(withKey.status).toBe(200);
    expect(await withKey.json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0 } });
    const created = await post(running.url, keys.organizer ?? '', newEvent);
    expect(created.status).toBe(201);
    const anonymous = await fetch(`${running.url}/v1/events`);
    expect(anonymous.status).toBe(401);

    expect(await stop(running)).toBe(0);
    expect(running.lines.filter((line) => line !== '')).toHaveLength(2);
  });

  it.each([
    [['--bogus'], /--bogus/],
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--now', '2026-03-14T09:00:00'], /--now/],
    [['--data', 'huge'], /--data/],
    [['--rate-limit', 'fast'], /--rate-limit/],
    [['--extensions', 'maybe'], /--extensions/],
    [['positional'], /positional/],
  ])('refuses %j with exit code 2, a message and the usage, no stack', async (args, mention) => {
    const { code, stdout, stderr } = await runToEnd(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(mention);
    expect(stderr).toContain('usage:');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a bad keys file or a missing one with exit code 2', async () => {
    const badFile = join(directory, 'bad-keys.json');
    writeFileSync(badFile, JSON.stringify({ keys: [{ key: 'k1', role: 'owner' }] }));
    const bad = await runToEnd(['--keys', badFile, '--data', 'none']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/role/);
    const missing = await runToEnd(['--keys', join(directory, 'none.json'), '--data', 'none']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/none\.json/);
    const badEnv = await runToEnd(['--data', 'none'], { PITSIDE_SERVER_KEYS: '{"keys": 3}' });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toMatch(/PITSIDE_SERVER_KEYS/);
  });

  it('takes its keys from --keys and then prints none', async () => {
    const keysFile = join(directory, 'keys.json');
    writeFileSync(
      keysFile,
      JSON.stringify({
        keys: [
          { key: 'file-viewer-key', role: 'viewer' },
          { key: 'file-admin-key', role: 'admin' },
        ],
      }),
    );
    const running = await start(['--data', 'none', '--keys', keysFile], 1);
    try {
      const read = (key: string) =>
        fetch(`${running.url}/v1/events`, { headers: { authorization: `Bearer ${key}` } });
      expect((await read('file-viewer-key')).status).toBe(200);
      expect((await read('some-other-key')).status).toBe(401);
      expect((await post(running.url, 'file-viewer-key', newEvent)).status).toBe(403);
      expect((await post(running.url, 'file-admin-key', newEvent)).status).toBe(201);
    } finally {
      expect(await stop(running)).toBe(0);
    }
    expect(running.lines.filter((line) => line !== '')).toHaveLength(1);
  });

  it('keeps events in a --db file across a restart and never reissues their codes', async () => {
    const db = join(directory, 'store.db');
    const keys = JSON.stringify({ keys: [{ key: 'db-admin-key', role: 'admin' }] });
    const env = { PITSIDE_SERVER_KEYS: keys };
    const first = await start(['--data', 'none', '--db', db], 1, env);
    const created = await post(first.url, 'db-admin-key', newEvent);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/v1/events/2030springfieldo');
    expect(await stop(first)).toBe(0);

    // --data demo does not touch a store that already holds events.
    const second = await start(['--data', 'demo', '--db', db], 1, env);
    try {
      const events = await fetch(`${second.url}/v1/events`, {
        headers: { authorization: 'Bearer db-admin-key' },
      });
      const list = (await events.json()) as { data: { id: string }[] };
      expect(list.data.map((event) => event.id)).toEqual(['2030springfieldo']);
      const again = await post(second.url, 'db-admin-key', newEvent);
      expect(again.headers.get('location')).toBe('/v1/events/2030springfieldo2');
    } finally {
      expect(await stop(second)).toBe(0);
    }
  });

  it('pins its clock from PITSIDE_SERVER_NOW', async () => {
    const keys = JSON.stringify({ keys: [{ key: 'clock-key', role: 'organizer' }] });
    const running = await start(['--data', 'none'], 1, {
      PITSIDE_SERVER_KEYS: keys,
      PITSIDE_SERVER_NOW: '2030-10-01T12:00:00Z',
    });
    try {
      const created = await post(running.url, 'clock-key', newEvent);
      const body = (await created.json()) as { data: { status: string; createdAt: string } };
      expect(body.data.status).toBe('live');
      expect(body.data.createdAt).toBe('2030-10-01T12:00:00Z');
    } finally {
      expect(await stop(running)).toBe(0);
    }
  });
});

describe('npm run server: stdout holds the service’s own lines and nothing else', () => {
  it('starts with `listening on http://HOST:PORT`, then the keys, and exits 0 on SIGTERM', async () => {
    const running = await start(['--data', 'none'], 2, {}, 'npm');
    expect(running.lines[0]).toBe(`listening on ${running.url}`);
    keysFrom(running.lines[1]);
    const served = await fetch(`${running.url}/v1/events`);
    expect(served.status).toBe(401);
    expect(await stop(running)).toBe(0);
    expect(running.lines.filter((line) => line !== '')).toHaveLength(2);
  });

  it('refuses an unknown option with exit code 2 and nothing on stdout', async () => {
    const { code, stdout, stderr } = await runToEnd(['--bogus'], {}, 'npm');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^pitside server: .*--bogus/m);
  });

  it('cannot listen on a port already taken: exit code 1, the reason on stderr, nothing on stdout', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const { code, stdout, stderr } = await runToEnd(
        ['--port', port, '--data', 'none'],
        {},
        'npm',
      );
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^pitside server: .*EADDRINUSE/m);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
