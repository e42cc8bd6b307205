import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../src/main/ipc/failure';
import { valueOf } from '../../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../../harness/server';
import { credentials, openTestWorkspace, settled, type OpenWorkspace } from './workspace-rig';

/*
 * setup:connect checks the address and key with one real request before anything is kept. Each
 * way of failing has its own code and its own words, and leaves no trace: no address, no key, no
 * change of profile.
 */

let service: TestServer;
let portal: Server;
let portalUrl: string;
let closedPortUrl: string;
let opened: OpenWorkspace | null = null;

function listen(server: Server): Promise<string> {
  return new Promise((ready) =>
    server.listen(0, '127.0.0.1', () => {
      ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }),
  );
}

beforeAll(async () => {
  service = await startTestServer();
  // A venue's sign-in page: 200, HTML, whatever was asked.
  portal = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Welcome</title><form>Accept the terms</form>');
  });
  portalUrl = await listen(portal);
  // A port that was free a moment ago and has nothing listening on it now.
  const gone = createServer();
  closedPortUrl = await listen(gone);
  await new Promise((done) => gone.close(done));
});

afterAll(async () => {
  await service.close();
  await new Promise((done) => portal.close(done));
});

afterEach(async () => {
  await opened?.workspace.close();
  opened = null;
});

async function connect(baseUrl: string, key: string) {
  opened = await openTestWorkspace();
  const answer = await opened.dispatch('setup:connect', { baseUrl, key });
  return { answer, ...opened };
}

/** Nothing of a refused connect is kept anywhere. */
async function expectNothingSaved(open: OpenWorkspace, baseUrl: string): Promise<void> {
  await expect(valueOf(open.dispatch('setup:get', undefined))).resolves.toMatchObject({
    mode: 'first-run',
    serviceUrl: null,
  });
  await expect(valueOf(open.dispatch('settings:get', undefined))).resolves.toMatchObject({
    baseUrl: null,
  });
  await expect(credentials.getKey(baseUrl)).resolves.toBeNull();
  expect(existsSync(join(open.dataDirectory, 'app-state.json'))).toBe(false);
}

describe('connecting to a service', () => {
  it('refuses what is not an address, naming the field', async () => {
    const { answer, ...open } = await connect('not an address', 'some-key');
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const details = answer.ok ? [] : (answer.error.details ?? []);
    expect(details).toEqual([
      { field: 'baseUrl', issue: 'must be an http or https URL without credentials in it' },
    ]);
    await expectNothingSaved(open, 'http://not-an-address.invalid');
    // Main checks again behind the schema, for callers that do not come through it.
    const direct = open.workspace.connect('ftp://files.invalid/', 'some-key');
    await expect(direct).rejects.toBeInstanceOf(IpcFailure);
    await expect(direct).rejects.toMatchObject({
      code: 'invalid_input',
      details: [{ field: 'baseUrl', issue: 'must be an http or https URL' }],
    });
  });

  it('says so when the service refuses the key', async () => {
    const { answer, ...open } = await connect(service.url, 'not-the-key');
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'unauthorized',
        message: `The service at ${service.url} refused this key. Check that it was copied whole.`,
        details: [{ field: 'key', issue: 'the service refused this key' }],
      },
    });
    await expectNothingSaved(open, service.url);
  });

  it('says so when nothing answers at the address', async () => {
    const { answer, ...open } = await connect(closedPortUrl, service.keys.viewer);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'offline',
        message: expect.stringMatching(
          /^Nothing answered at http:\/\/127\.0\.0\.1:\d+\./,
        ) as string,
      },
    });
    await expectNothingSaved(open, closedPortUrl);
  });

  it('says so when a web page answers instead of the service', async () => {
    const { answer, ...open } = await connect(portalUrl, service.keys.viewer);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_response',
        message: expect.stringMatching(/^Something other than the service answered at/) as string,
      },
    });
    await expectNothingSaved(open, portalUrl);
  });

  it('keeps the address and the key once the service took them, and syncs', async () => {
    const { answer, ...open } = await connect(`${service.url}/`, service.keys.viewer);
    try {
      expect(answer).toEqual({
        ok: true,
        value: { mode: 'service', serviceUrl: service.url, builtFrom: ['settings'] },
      });
      await expect(credentials.getKey(service.url)).resolves.toBe(service.keys.viewer);
      await settled(open.workspace);
      await expect(valueOf(open.dispatch('sync:status', undefined))).resolves.toMatchObject({
        state: 'idle',
        problem: null,
      });
      const events = await valueOf<{ meta: { total: number } }>(
        open.dispatch('events:list', undefined),
      );
      expect(events.meta.total).toBeGreaterThan(0);

      // Reopened, it is the service's data that shows, not the first run.
      await open.workspace.close();
      opened = await openTestWorkspace(open.dataDirectory);
      await expect(valueOf(opened.dispatch('setup:get', undefined))).resolves.toMatchObject({
        mode: 'service',
        serviceUrl: service.url,
      });
    } finally {
      await credentials.clearKey(service.url);
    }
  });
});
