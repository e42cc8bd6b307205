import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache/open';
import { startCli } from './run-cli';

/* `pitside share --host 0.0.0.0` listens everywhere: it prints the addresses others can use. */

let dataDir: string;

/** This machine's IPv4 addresses but loopback, as the operating system lists them now. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? [])
      .filter((entry) => entry.family === 'IPv4' && !entry.internal)
      .map((entry) => entry.address),
  );
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pitside-share-address-'));
  openCache(join(dataDir, 'pitside.db')).close();
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pitside share --host 0.0.0.0', () => {
  it('prints an address of this machine first, the key second, the others after', async () => {
    const cli = startCli(['share', '--data-dir', dataDir, '--host', '0.0.0.0']);
    try {
      const addresses = networkAddresses();
      const expected = addresses.length === 0 ? ['127.0.0.1'] : addresses;
      const lines = await cli.stdoutLines(expected.length + 1);
      const [address, keyLine, ...others] = lines;
      const port = /^sharing on http:\/\/([^/]+):(\d+)\/$/.exec(address!);
      expect(port, address).not.toBeNull();
      expect(keyLine).toMatch(/^key [0-9a-z]{5}(-[0-9a-z]{5}){3}$/);
      const urls = [address!.slice('sharing on '.length), ...others.map((line) => line.slice(8))];
      expect(others.every((line) => line.startsWith('also on '))).toBe(true);
      expect(urls).toEqual(expected.map((host) => `http://${host}:${port![2]}/`));
      expect(urls.join(' ')).not.toContain('0.0.0.0');
      // Each address answers, with the key; the team endpoints need none, as on the service.
      const key = keyLine!.slice('key '.length);
      for (const url of urls) {
        const events = await fetch(`${url}v1/events`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(events.status, url).toBe(200);
        expect((await fetch(`${url}v1/events`)).status, url).toBe(401);
        expect((await fetch(`${url}v1/teams`)).status, url).toBe(200);
      }
    } finally {
      cli.child.kill('SIGINT');
    }
    expect((await cli.finished).code).toBe(0);
  });
});
