import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PushHub } from '../../../src/main/ipc/push-hub';
import { unsentTotal } from '../../../src/main/quit-warning';
import type { BuildFacts } from '../../../src/main/updates/build-facts';
import { UPDATE_FEED_FILE } from '../../../src/main/updates/feed-setting';
import { CHECK_EVERY_MS, UpdateService } from '../../../src/main/updates/update-service';
import type { UpdaterEvent, UpdaterPort } from '../../../src/main/updates/updater-port';
import { commands } from '../../../src/shared/ipc/contract';
import type { UpdateState } from '../../../src/shared/ipc/updates';

/*
 * The update service's logic in plain Node. electron-updater's `autoUpdater` needs Electron's
 * app, net and installers, none of which exist here (no Electron binary): the updater is the
 * fake below, at the port the app fills with electron-updater (electron-updater-port.ts, which
 * real-feed.test.ts runs against a real feed). Everything else is real: the feed file on disk,
 * the push hub with its contract check, the schedule's callback.
 */

class FakeUpdater implements UpdaterPort {
  configured: { autoDownload: boolean; feedUrl: string | null }[] = [];
  checks = 0;
  installs: ('restart' | 'quit')[] = [];
  /** What the next look at the feed finds: events sent, or a failure thrown. */
  answer: UpdaterEvent[] | Error = [{ type: 'not-available' }];
  private listener: (event: UpdaterEvent) => void = () => {};

  configure(options: { autoDownload: boolean; feedUrl: string | null }): void {
    this.configured.push(options);
  }
  check(): Promise<void> {
    this.checks += 1;
    if (this.answer instanceof Error) {
      this.emit({ type: 'error', message: this.answer.message });
      return Promise.reject(this.answer);
    }
    this.emit({ type: 'checking' });
    for (const event of this.answer) this.emit(event);
    return Promise.resolve();
  }
  quitAndInstall(): void {
    this.installs.push('restart');
  }
  installOnQuit(): void {
    this.installs.push('quit');
  }
  subscribe(listener: (event: UpdaterEvent) => void): () => void {
    this.listener = listener;
    return () => {};
  }
  emit(event: UpdaterEvent): void {
    this.listener(event);
  }
}

const WINDOWS: BuildFacts = {
  packaged: true,
  platform: 'win32',
  appImage: null,
  packageType: null,
  windowsStore: false,
  macAppStore: false,
  builtInFeed: true,
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Lets a check's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function rig(build: Partial<BuildFacts> = {}, options: { unsent?: number; feed?: string } = {}) {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'pitside-updates-'));
  folders.push(dataDirectory);
  const feedFile = join(dataDirectory, UPDATE_FEED_FILE);
  if (options.feed !== undefined) writeFileSync(feedFile, options.feed);
  const updater = new FakeUpdater();
  const created: FakeUpdater[] = [];
  const hub = new PushHub((name, error) => {
    throw new Error(`${name} broke the contract: ${String(error)}`);
  });
  const pushed: UpdateState[] = [];
  hub.attach((name, payload) => {
    if (name === 'updates:status') pushed.push(payload as UpdateState);
  });
  const schedules: { ms: number; run: () => void; stopped: boolean }[] = [];
  const edits = { unsent: options.unsent ?? 0 };
  const errors: string[] = [];
  const service = new UpdateService({
    currentVersion: '1.0.0',
    build: { ...WINDOWS, ...build },
    feedFile,
    createUpdater: () => {
      created.push(updater);
      return updater;
    },
    unsentEdits: () => edits.unsent,
    pushes: hub,
    every: (ms, run) => {
      const schedule = { ms, run, stopped: false };
      schedules.push(schedule);
      return () => {
        schedule.stopped = true;
      };
    },
    now: () => new Date('2026-11-27T14:00:00Z'),
    reportError: (where) => errors.push(where),
  });
  return { service, updater, created, pushed, schedules, edits, feedFile, errors };
}

/** A Windows build that has found and downloaded 1.2.0. */
async function downloaded(options: { unsent?: number } = {}) {
  const setup = rig({}, options);
  setup.updater.answer = [
    { type: 'available', version: '1.2.0' },
    { type: 'progress', percent: 42.5 },
    { type: 'downloaded', version: '1.2.0' },
  ];
  setup.service.start();
  await settle();
  expect(setup.service.state().status).toEqual({ state: 'downloaded', version: '1.2.0' });
  return setup;
}

describe('the update service, off', () => {
  it('never creates an updater for a copy run from source, and says why', async () => {
    const { service, created, schedules } = rig({ packaged: false });
    service.start();
    await settle();
    expect(created).toEqual([]);
    expect(schedules).toEqual([]);
    expect(service.state()).toMatchObject({
      mode: { kind: 'off', reason: 'not-packaged' },
      status: { state: 'idle' },
    });
    await expect(service.checkNow()).rejects.toMatchObject({ code: 'conflict' });
  });

  it('is off with no feed until one is entered, then checks at once and every six hours', async () => {
    const { service, created, updater, schedules, feedFile } = rig({ builtInFeed: false });
    service.start();
    expect(service.state()).toMatchObject({
      mode: { kind: 'off', reason: 'no-feed' },
      feed: { source: 'none', url: null },
    });
    expect(created).toEqual([]);

    await service.setFeed('https://updates.example.org/pitside/');
    await settle();
    expect(service.state()).toMatchObject({
      mode: { kind: 'auto' },
      feed: { source: 'setting', url: 'https://updates.example.org/pitside/' },
      status: { state: 'idle' },
      lastChecked: '2026-11-27T14:00:00.000Z',
    });
    expect(updater.configured).toEqual([
      { autoDownload: true, feedUrl: 'https://updates.example.org/pitside/' },
    ]);
    expect(updater.checks).toBe(1);
    expect(JSON.parse(readFileSync(feedFile, 'utf8'))).toEqual({
      url: 'https://updates.example.org/pitside/',
    });

    expect(schedules.map(({ ms }) => ms)).toEqual([CHECK_EVERY_MS]);
    expect(CHECK_EVERY_MS).toBe(6 * 60 * 60 * 1000);
    schedules[0]?.run();
    await settle();
    expect(updater.checks).toBe(2);

    await service.setFeed(null);
    expect(service.state().mode).toEqual({ kind: 'off', reason: 'no-feed' });
    expect(schedules[0]?.stopped).toBe(true);
  });

  it('keeps a feed entered in Settings across starts, and refuses one when the build names its own', async () => {
    const first = rig({ builtInFeed: false }, { feed: '{"url":"https://u.example.org/"}' });
    expect(first.service.state().feed).toEqual({
      source: 'setting',
      url: 'https://u.example.org/',
    });
    expect(first.service.state().mode).toEqual({ kind: 'auto' });

    const builtIn = rig({ builtInFeed: true });
    expect(builtIn.service.state().feed).toEqual({ source: 'built-in', url: null });
    await expect(builtIn.service.setFeed('https://other.example.org/')).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('reads a broken feed file as no feed, reports it and still starts', () => {
    const { service, errors } = rig(
      { builtInFeed: false },
      { feed: '{"url":"http://plain.example.org/"}' },
    );
    expect(service.state()).toMatchObject({
      mode: { kind: 'off', reason: 'no-feed' },
      feed: { source: 'none' },
    });
    expect(errors).toEqual(['update feed']);
  });

  it('takes only https feed addresses without credentials, with a clear reason', () => {
    const input = commands['updates:setFeed'].input;
    expect(input.safeParse({ url: ' https://updates.example.org/p/ ' }).data).toEqual({
      url: 'https://updates.example.org/p/',
    });
    expect(input.safeParse({ url: null }).success).toBe(true);
    for (const url of [
      'http://updates.example.org/',
      'https://me:pw@example.org/',
      'ftp://x',
      'updates',
      '',
    ]) {
      const parsed = input.safeParse({ url });
      expect(parsed.success, url).toBe(false);
      expect(parsed.error?.issues[0]?.message, url).toMatch(/https address|must not be empty/);
    }
  });
});

describe('the update service, on', () => {
  it('downloads in the background on Windows and tells each step to the renderer', async () => {
    const { pushed, updater } = await downloaded();
    expect(updater.configured).toEqual([{ autoDownload: true, feedUrl: null }]);
    expect(pushed.map(({ status }) => status)).toEqual([
      { state: 'checking' },
      { state: 'checking' },
      { state: 'available', version: '1.2.0' },
      { state: 'downloading', version: '1.2.0', percent: 42.5 },
      { state: 'downloaded', version: '1.2.0' },
    ]);
  });

  it('only says a version is out on a deb: no download', async () => {
    const { service, updater } = rig({ platform: 'linux', packageType: 'deb' });
    updater.answer = [{ type: 'available', version: '1.2.0' }];
    service.start();
    await settle();
    expect(updater.configured).toEqual([{ autoDownload: false, feedUrl: null }]);
    expect(service.state()).toMatchObject({
      mode: { kind: 'notify-only', packageType: 'deb' },
      status: { state: 'notify-only', version: '1.2.0' },
    });
  });

  it('says in words when the feed cannot be read, and looks again at the next check', async () => {
    const { service, updater, schedules, errors } = rig();
    updater.answer = Object.assign(new Error('getaddrinfo ENOTFOUND updates.example.org'), {
      code: 'ENOTFOUND',
    });
    service.start();
    await settle();
    expect(service.state().status).toEqual({
      state: 'error',
      message: 'the feed could not be reached.',
    });
    expect(errors).toEqual(['update check']);
    updater.answer = [{ type: 'not-available' }];
    schedules[0]?.run();
    await settle();
    expect(service.state().status).toEqual({ state: 'idle' });
  });

  it('keeps a downloaded update on offer: later checks and errors do not take it back', async () => {
    const { service, updater, schedules } = await downloaded();
    schedules[0]?.run();
    await settle();
    expect(updater.checks).toBe(1);
    updater.emit({ type: 'error', message: 'late failure' });
    expect(service.state().status).toEqual({ state: 'downloaded', version: '1.2.0' });
  });
});

describe('installing with edits not sent', () => {
  it('installs at once when nothing waits', async () => {
    const { service, updater } = await downloaded();
    expect(service.install(0)).toEqual({ outcome: 'installing' });
    expect(updater.installs).toEqual(['restart']);
  });

  it('asks first, naming the count, and installs once the person agreed to that count', async () => {
    const { service, updater, edits } = await downloaded({ unsent: 3 });
    expect(service.install(0)).toEqual({ outcome: 'confirm', unsent: 3 });
    expect(updater.installs).toEqual([]);
    edits.unsent = 4;
    expect(service.install(3)).toEqual({ outcome: 'confirm', unsent: 4 });
    expect(updater.installs).toEqual([]);
    expect(service.install(4)).toEqual({ outcome: 'installing' });
    expect(updater.installs).toEqual(['restart']);
    // The window's own question does not ask about those four again; about more, it does.
    const four = {
      waiting: 3,
      attention: 0,
      elsewhere: [{ service: 'b', waiting: 0, attention: 1 }],
    };
    expect(unsentTotal(service.unsentToAskAbout(four))).toBe(0);
    const five = { waiting: 4, attention: 1 };
    expect(service.unsentToAskAbout(five)).toBe(five);
  });

  it('asks about every unsent edit when no install was agreed to', async () => {
    const { service } = await downloaded({ unsent: 2 });
    const two = { waiting: 2, attention: 0 };
    expect(service.unsentToAskAbout(two)).toBe(two);
  });

  it('refuses to install what is not downloaded', async () => {
    const { service } = rig();
    service.start();
    await settle();
    expect(() => service.install(0)).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('installs on quit only when no edit waits; with edits waiting it keeps the update for later', async () => {
    const waiting = await downloaded({ unsent: 1 });
    waiting.service.quitting();
    expect(waiting.updater.installs).toEqual([]);

    const none = await downloaded();
    none.service.quitting();
    expect(none.updater.installs).toEqual(['quit']);
  });

  it('installs nothing on quit before a download finished', async () => {
    const { service, updater } = rig();
    updater.answer = [{ type: 'available', version: '1.2.0' }];
    service.start();
    await settle();
    service.quitting();
    expect(updater.installs).toEqual([]);
  });
});
