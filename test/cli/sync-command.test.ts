import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncCommand } from '../../src/cli/args';
import { EXIT } from '../../src/cli/errors';
import { runSync } from '../../src/cli/sync-command';
import { KeychainUnavailableError, type Credentials } from '../../src/main/credentials/credentials';
import { startTestServer, type TestServer } from '../harness/server';

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-sync-'));
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function keychainWith(getKey: Credentials['getKey']): Credentials {
  return { getKey, setKey: () => Promise.resolve(), clearKey: () => Promise.resolve() };
}

/** Runs the sync command in this process, with the keychain the test gives it. */
async function syncWith(credentials: Credentials, name: string) {
  const command: SyncCommand = {
    command: 'sync',
    service: server.url,
    dataDir: join(root, name),
    scope: 'default',
    force: false,
    apiKey: null,
  };
  let stdout = '';
  const lines: string[] = [];
  const asked: string[] = [];
  const code = await runSync(command, {
    stdout: new Writable({
      write(chunk: Buffer, _encoding, done) {
        stdout += chunk.toString();
        done();
      },
    }),
    report: (line) => lines.push(line),
    signals: new EventEmitter(),
    exitNow: () => {
      throw new Error('no second signal in these tests');
    },
    credentials: keychainWith((baseUrl) => {
      asked.push(baseUrl);
      return credentials.getKey(baseUrl);
    }),
  });
  return { code, summary: JSON.parse(stdout) as Record<string, unknown>, lines, asked };
}

describe('sync without PITSIDE_API_KEY reads the keychain', () => {
  it('for the service URL, and completes with the key kept there', async () => {
    const run = await syncWith(
      keychainWith(() => Promise.resolve(server.keys.viewer)),
      'kept',
    );
    expect(run.code).toBe(EXIT.ok);
    expect(run.asked).toEqual([server.url]);
    expect(run.summary).toMatchObject({ outcome: 'completed', keySource: 'keychain' });
  });

  it('says so when the keychain cannot be reached (exit 3)', async () => {
    const run = await syncWith(
      keychainWith(() => Promise.reject(new KeychainUnavailableError(new Error('no D-Bus')))),
      'no-keychain',
    );
    expect(run.code).toBe(EXIT.setup);
    expect(run.summary).toMatchObject({ outcome: 'failed', problem: { code: 'keychain' } });
    expect(run.lines.at(-1)).toMatch(/^failed: The system keychain is not available/);
  });

  it('says which key was refused (exit 4)', async () => {
    const run = await syncWith(
      keychainWith(() => Promise.resolve('stale-key')),
      'stale',
    );
    expect(run.code).toBe(EXIT.syncFailed);
    expect(run.lines.at(-1)).toBe(
      'failed: the service refused the API key from the keychain (401 Unauthorized)',
    );
  });

  it('says how to give a key when there is none (exit 4)', async () => {
    const run = await syncWith(
      keychainWith(() => Promise.resolve(null)),
      'none',
    );
    expect(run.code).toBe(EXIT.syncFailed);
    expect(run.summary).toMatchObject({ keySource: 'none', problem: { code: 'unauthorized' } });
    expect(run.lines.at(-1)).toBe(
      `failed: the service needs an API key: set PITSIDE_API_KEY or store a key for ${server.url} in Pitside`,
    );
  });
});
