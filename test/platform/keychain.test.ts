import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { afterEach, describe, expect, it } from 'vitest';

// The OS keychain the app stores API keys in. On Linux `npm test` provides a private, unlocked
// gnome-keyring; `secret-tool` reads it from outside keytar as an independent witness.
const service = `pitside-test-${randomBytes(4).toString('hex')}`;
const account = 'http://127.0.0.1:8787';

afterEach(async () => {
  await keytar.deletePassword(service, account);
});

describe('the OS keychain', () => {
  it('stores, reads back and deletes a secret', async () => {
    const secret = randomBytes(24).toString('base64url');
    await keytar.setPassword(service, account, secret);
    await expect(keytar.getPassword(service, account)).resolves.toBe(secret);
    await expect(keytar.deletePassword(service, account)).resolves.toBe(true);
    await expect(keytar.getPassword(service, account)).resolves.toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    'is the Secret Service that secret-tool sees',
    async () => {
      const secret = randomBytes(24).toString('base64url');
      await keytar.setPassword(service, account, secret);
      const seen = execFileSync('secret-tool', ['lookup', 'service', service, 'account', account], {
        encoding: 'utf8',
      });
      expect(seen).toBe(secret);
    },
  );
});
