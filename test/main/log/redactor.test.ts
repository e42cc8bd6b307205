import { createCredentials } from '../../../src/main/credentials/credentials';
import type { Keychain } from '../../../src/main/credentials/keychain';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_FILE, openAppLog, PREVIOUS_LOG_FILE } from '../../../src/main/log/app-log';
import { Redactor } from '../../../src/main/log/redactor';
import { redactingCredentials, redactingFetch } from '../../../src/main/log/secret-sources';

describe('Redactor', () => {
  it('removes every key it was told, the longest first, and any Bearer value', () => {
    const redactor = new Redactor('/home/ana');
    redactor.addSecret('abc');
    redactor.addSecret('abc-longer-key');
    redactor.addSecret('   ');
    expect(redactor.redact('sent abc-longer-key, then abc; a b c')).toBe(
      'sent [key], then [key]; a b c',
    );
    expect(redactor.redact("{ authorization: 'Bearer zz9-plural' }")).toBe(
      "{ authorization: 'Bearer [key]' }",
    );
    expect(redactor.redact(`demo-${'x'.repeat(32)} and demo-short`)).toBe('[key] and demo-short');
  });

  it('replaces the home directory with ~, only where it is the whole name', () => {
    const redactor = new Redactor('/home/ana/');
    expect(redactor.redact('/home/ana/.config/Pitside and /home/ana')).toBe(
      '~/.config/Pitside and ~',
    );
    expect(redactor.redact('/home/anabel/notes')).toBe('/home/anabel/notes');
    const windows = new Redactor('C:\\Users\\ana');
    expect(windows.redact("path: 'C:\\\\Users\\\\ana\\\\AppData' or C:\\Users\\ana\\x")).toBe(
      "path: '~\\\\AppData' or ~\\x",
    );
    expect(new Redactor('/').redact('/etc/hosts')).toBe('/etc/hosts');
  });

  it('learns the keys the keychain reads and saves, in every profile, and those requests send', async () => {
    const redactor = new Redactor('/nowhere');
    // The app's credentials over a keychain in memory: the accounts are the app's own.
    const kept = new Map<string, string>();
    const keychain: Keychain = {
      getPassword: (store, account) => Promise.resolve(kept.get(`${store} ${account}`) ?? null),
      setPassword: (store, account, password) =>
        Promise.resolve(void kept.set(`${store} ${account}`, password)),
      deletePassword: (store, account) => Promise.resolve(kept.delete(`${store} ${account}`)),
    };
    const plain = createCredentials(() => Promise.resolve(keychain));
    await plain.setKey('https://a.example', 'kept-key');
    await plain.forProfile('p-2').setKey('https://a.example', 'profile-key');
    const credentials = redactingCredentials(plain, redactor);
    await credentials.getKey('https://a.example');
    await credentials.forProfile('p-2').getKey('https://a.example');
    await credentials.setKey('https://b.example', 'saved-key');
    const fetch = redactingFetch(() => Promise.resolve(new Response('')), redactor);
    await fetch('https://c.example', { headers: { Authorization: 'Bearer typed-key' } });
    expect(redactor.redact('kept-key profile-key saved-key typed-key')).toBe(
      '[key] [key] [key] [key]',
    );
  });
});

describe('the app log', () => {
  it('rotates past its size, keeping the previous file, and redacts what it writes', () => {
    const directory = mkdtempSync(join(tmpdir(), 'pitside-log-'));
    const redactor = new Redactor('/home/ana');
    redactor.addSecret('s3cret');
    const log = openAppLog({ directory, redactor, maxBytes: 2_000 });
    for (let line = 0; line < 60; line += 1) log.info(`line ${line} with s3cret in /home/ana`);
    expect(readdirSync(directory).sort()).toEqual([LOG_FILE, PREVIOUS_LOG_FILE]);
    expect(statSync(join(directory, LOG_FILE)).size).toBeLessThanOrEqual(2_100);
    const text = readFileSync(join(directory, LOG_FILE), 'utf8');
    expect(text).toContain('line 59 with [key] in ~');
    expect(text).not.toContain('s3cret');
  });
});
