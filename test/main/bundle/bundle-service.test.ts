import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../src/main/bundle/bundle-import';
import { inspectBundle } from '../../../src/main/bundle/bundle-summary';
import { TEST_NOW } from '../../harness/server';
import { craftBundle, eventParts } from './crafted-bundle';

/*
 * The service a bundle names becomes a profile the app syncs, and its address is written to the
 * app's state: only an http(s) address of a sane length that could be a service's is taken.
 */

const NOW = new Date(TEST_NOW);
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pitside-bundle-service-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The app's data directory with one profile, of another service than any bundle here. */
function appDirectory(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const state = {
    profile: 'service',
    demoChosen: false,
    theme: 'system',
    active: 'league',
    profiles: [{ id: 'league', name: 'League', url: 'https://league.example.org' }],
  };
  writeFileSync(join(dir, 'app-state.json'), `${JSON.stringify(state, null, 2)}\n`);
  return dir;
}

const refused: [string, string, RegExp][] = [
  ['a file URL', 'file:///etc/passwd', /must be an http or https URL/],
  ['a javascript URL', 'javascript:alert(1)', /must be an http or https URL/],
  ['credentials in it', 'https://someone:secret@league.example.org', /without credentials/],
  [
    'the cloud metadata address',
    'http://169.254.169.254/latest/meta-data/',
    /link-local or metadata address/,
  ],
  ['it, written as a number', 'http://2852039166/', /link-local or metadata address/],
  ['an IPv6 link-local address', 'http://[fe80::1]:8080/', /link-local or metadata address/],
  [
    'the metadata address mapped to IPv6',
    'http://[::ffff:169.254.169.254]/',
    /link-local or metadata address/,
  ],
  ['the unspecified address', 'http://0.0.0.0:8787/', /link-local or metadata address/],
  ['a metadata host name', 'http://metadata.google.internal/', /link-local or metadata address/],
  ['5 MB of address', `https://league.example.org/${'a'.repeat(5_000_000)}`, /at most 2,048/],
];

describe('a bundle’s service address', () => {
  it.each(refused)('is refused: %s; nothing is left behind', async (name, service, problem) => {
    const file = join(root, `${name.replace(/\W+/g, '-')}.pitside`);
    craftBundle(file, { service, parts: eventParts() });
    const dir = appDirectory(name.replace(/\W+/g, '-'));
    const state = readFileSync(join(dir, 'app-state.json'), 'utf8');
    const refusal = await importBundle(file, dir, { now: NOW }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refusal?.message).toMatch(/^the bundle's manifest is not valid at service: /);
    expect(refusal?.message).toMatch(problem);
    // The message never repeats what it refused: a 5 MB address, a password.
    expect(refusal?.message.length).toBeLessThan(400);
    expect(refusal?.message).not.toContain('secret');
    expect(readFileSync(join(dir, 'app-state.json'), 'utf8')).toBe(state);
    expect(readdirSync(dir)).toEqual(['app-state.json']);
    expect(existsSync(join(dir, 'profiles'))).toBe(false);
  });

  it.each([
    'http://127.0.0.1:9',
    'http://192.168.1.20:47380/',
    'https://league.example.org/api',
    'http://[::1]:8787',
  ])('is taken: %s', async (service) => {
    const file = join(root, 'taken.pitside');
    craftBundle(file, { service, parts: eventParts() });
    await expect(inspectBundle(file, NOW)).resolves.toMatchObject({ events: 1 });
  });
});
