import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import { AppImageUpdater } from 'electron-updater';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type RequestOptions,
  type ClientRequest,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PushHub } from '../../../src/main/ipc/push-hub';
import { LOG_FILE, openAppLog } from '../../../src/main/log/app-log';
import { Redactor } from '../../../src/main/log/redactor';
import { APP_UPDATE_FILE, readBuildFacts } from '../../../src/main/updates/build-facts';
import { electronUpdaterPort } from '../../../src/main/updates/electron-updater-port';
import { UPDATE_FEED_FILE } from '../../../src/main/updates/feed-setting';
import { UpdateService } from '../../../src/main/updates/update-service';
import type { UpdateState } from '../../../src/shared/ipc/updates';

/*
 * electron-updater itself (its AppImage updater, generic provider, download and sha512 check),
 * wrapped by the app's port and driven by the update service, against a real feed on loopback.
 * Two parts of Electron it needs do not exist here (no Electron binary), and only those are
 * replaced: its `app` (electron-updater's own AppAdapter interface, given the folders below) and
 * its `net` (the HttpExecutor it downloads with, here on Node's http). The feed is the build's
 * own (app-update.yml, as electron-builder's `publish` writes it): a feed entered in Settings
 * must be https, which a loopback server without a certificate is not.
 */

const RELEASE = Buffer.from('not really an AppImage, but 1.2.0 all the same\n'.repeat(2000));
const RELEASE_NAME = 'Pitside-1.2.0.AppImage';

class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    return request(options, callback);
  }

  /** As electron-updater's ElectronHttpExecutor downloads, on Node's http. */
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error instanceof Error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

let folder: string;
let server: Server;
let feedUrl: string;
const served: string[] = [];
/** What the feed serves as the release: the real bytes, or a copy changed on the way. */
let releaseBody: Buffer = RELEASE;
let savedAppImage: string | undefined;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'pitside-feed-'));
  served.length = 0;
  releaseBody = RELEASE;
  const sha512 = createHash('sha512').update(RELEASE).digest('base64');
  const latest = [
    'version: 1.2.0',
    'files:',
    `  - url: ${RELEASE_NAME}`,
    `    sha512: ${sha512}`,
    `    size: ${RELEASE.length}`,
    `path: ${RELEASE_NAME}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-27T12:00:00.000Z'",
    '',
  ].join('\n');
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    served.push(path);
    if (path === '/releases/latest-linux.yml') {
      res.writeHead(200, { 'content-type': 'text/yaml' }).end(latest);
    } else if (path === `/releases/${RELEASE_NAME}`) {
      res.writeHead(200, { 'content-length': releaseBody.length }).end(releaseBody);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases`;
  savedAppImage = process.env.APPIMAGE;
});

afterEach(async () => {
  if (savedAppImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = savedAppImage;
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

/** electron-updater's AppImage updater with only Electron's app and net replaced. */
function appImageUpdater(resources: string): AppImageUpdater {
  const updater = new AppImageUpdater(null, {
    version: '1.0.0',
    name: 'Pitside',
    isPackaged: true,
    appUpdateConfigPath: join(resources, APP_UPDATE_FILE),
    userDataPath: folder,
    baseCachePath: join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  });
  // Node's http in place of Electron's net, which needs Electron.
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
  updater.logger = null;
  return updater;
}

/**
 * An installed AppImage whose build names `url` as its feed, its update service started; resolves
 * once the service has downloaded or failed, with every state it pushed.
 */
async function installedAppImage(url: string) {
  const resources = join(folder, 'resources');
  mkdirSync(resources);
  writeFileSync(
    join(resources, APP_UPDATE_FILE),
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: pitside-updater\n`,
  );
  const appImage = join(folder, 'Pitside-1.0.0.AppImage');
  writeFileSync(appImage, 'the running copy');
  process.env.APPIMAGE = appImage;
  const hub = new PushHub();
  const pushed: UpdateState[] = [];
  const ended = new Promise<void>((resolve) => {
    hub.attach((name, payload) => {
      if (name !== 'updates:status') return;
      const state = payload as UpdateState;
      pushed.push(state);
      if (state.status.state === 'downloaded' || state.status.state === 'error') resolve();
    });
  });
  const service = new UpdateService({
    currentVersion: '1.0.0',
    build: readBuildFacts({
      packaged: true,
      platform: 'linux',
      env: process.env,
      resourcesPath: resources,
      windowsStore: false,
      macAppStore: false,
    }),
    feedFile: join(folder, UPDATE_FEED_FILE),
    createUpdater: () => electronUpdaterPort(appImageUpdater(resources), updaterLog()),
    unsentEdits: () => 0,
    pushes: hub,
    every: () => () => {},
  });
  service.start();
  await ended;
  return { service, pushed };
}

/** The app's real log, in the test's folder: where the updater's own account of its steps goes. */
function updaterLog() {
  return openAppLog({ directory: join(folder, 'logs'), redactor: new Redactor() });
}

/** The log's lines, once electron-log has written them (it writes files synchronously). */
const logText = () => readFileSync(join(folder, 'logs', LOG_FILE), 'utf8');

const pendingRelease = () => join(folder, 'cache', 'pitside-updater', 'pending', RELEASE_NAME);

describe('a real feed on loopback', () => {
  it('is found, downloaded, checked against its sha512 and offered, from the build’s own feed', async () => {
    const { service, pushed } = await installedAppImage(feedUrl);
    expect(service.state()).toMatchObject({
      mode: { kind: 'auto' },
      feed: { source: 'built-in' },
      status: { state: 'downloaded', version: '1.2.0' },
    });
    expect(pushed.map(({ status }) => status.state)).toContain('available');
    expect(served).toEqual(['/releases/latest-linux.yml', `/releases/${RELEASE_NAME}`]);
    expect(readFileSync(pendingRelease()).equals(RELEASE)).toBe(true);
    // The updater's own steps are in the app's log, not on a console nobody reads.
    expect(logText()).toMatch(/\[info\]\s+updater: Checking for update/);
    expect(logText()).toMatch(/updater: Found version 1\.2\.0/);
  });

  it('refuses a download that does not match the feed’s sha512, and offers nothing', async () => {
    releaseBody = Buffer.from(RELEASE);
    releaseBody[10] = 0x21;
    const { service } = await installedAppImage(feedUrl);
    expect(service.state().status).toMatchObject({ state: 'error' });
    expect(existsSync(pendingRelease())).toBe(false);
    expect(logText()).toMatch(/\[error\]\s+\[updater\].*sha512 checksum mismatch/);
  });

  it('says in words when the feed has no release for this system', async () => {
    const { service } = await installedAppImage(`${feedUrl}/missing`);
    expect(service.state().status).toEqual({
      state: 'error',
      message: 'the feed has no release for this system.',
    });
  });
});
