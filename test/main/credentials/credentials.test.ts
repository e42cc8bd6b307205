import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  accountFor,
  createCredentials,
  KEYCHAIN_SERVICE,
} from '../../../src/main/credentials/credentials';

// The real OS keychain (a private gnome-keyring under `npm test` on Linux). Each test uses its
// own service URL, so nothing collides with a real Pitside installation's keys.
const credentials = createCredentials();
const uniqueService = () => `https://svc-${randomBytes(4).toString('hex')}.example.org/api`;

describe('API keys in the OS keychain', () => {
  it('round-trips a key per service, and clears it', async () => {
    const service = uniqueService();
    const key = randomBytes(24).toString('base64url');
    await expect(credentials.getKey(service)).resolves.toBeNull();
    await credentials.setKey(service, key);
    await expect(credentials.getKey(`${service}/`)).resolves.toBe(key);
    await credentials.clearKey(service);
    await expect(credentials.getKey(service)).resolves.toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    'is stored under the Pitside service and the normalised URL (Linux: checked with secret-tool)',
    async () => {
      const service = uniqueService();
      const key = randomBytes(24).toString('base64url');
      await credentials.setKey(service, key);
      try {
        const seen = execFileSync(
          'secret-tool',
          ['lookup', 'service', KEYCHAIN_SERVICE, 'account', accountFor(service)],
          { encoding: 'utf8' },
        );
        expect(seen).toBe(key);
      } finally {
        await credentials.clearKey(service);
      }
    },
  );

  it('refuses a key that is blank or spans lines', async () => {
    await expect(credentials.setKey(uniqueService(), '  ')).rejects.toThrow('one line');
    await expect(credentials.setKey(uniqueService(), 'a\nb')).rejects.toThrow('one line');
  });

  it('normalises the account: case of the host, trailing slashes', () => {
    expect(accountFor('HTTPS://Events.Example.org/api/')).toBe('https://events.example.org/api');
    expect(accountFor('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});

describe('without a keychain', () => {
  it.runIf(process.platform === 'linux')(
    'fails with advice and never falls back to plaintext (Linux: no D-Bus session)',
    () => {
      const script = `
        import { createCredentials } from './src/main/credentials/credentials.ts';
        createCredentials().setKey('http://127.0.0.1:1', 'secret-value-123').then(
          () => console.log('STORED'),
          (error) => console.log(error.name + ': ' + error.message),
        );`;
      const child = spawnSync('node_modules/.bin/tsx', ['--eval', script], {
        encoding: 'utf8',
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
        timeout: 20_000,
      });
      expect(child.stdout).toContain('KeychainUnavailableError');
      expect(child.stdout).toContain('Secret Service');
      expect(child.stdout).not.toContain('STORED');
    },
  );
});
