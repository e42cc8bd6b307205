import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { resolve } from 'node:path';
import { electronBinary, electronVersion } from '../../scripts/electron-runtime.mjs';
import type { EventListItem } from '../../src/shared/wire/event';
import { patchEvent, startTestServer } from '../harness/server';
import { electronUnavailableReason } from './electron-availability';

/*
 * The real app in the real Electron runtime. The binary cannot be downloaded on the build
 * machines, so there this file is skipped, and the run says why; the release workflow runs it.
 * The same flows through the preview: the first run on demo data (first-run-demo.spec.ts), the
 * bridge's surface and the CSP (app-shell.spec.ts), no Node globals in the page
 * (preview-isolation.spec.ts), other origins refused (preview-security.spec.ts). Navigation and
 * window.open are Electron's alone: their wiring is also tested with a stand-in for Electron
 * (test/main/window-navigation.test.ts).
 *
 * It runs the built app from the project (out/, with native/electron-<abi>/), not the installer's
 * copy: Playwright drives Electron through its inspector, which the packed app's fuses switch off.
 */
// global-setup.ts prints the reason once per run when it is skipped.
const missing = electronUnavailableReason();

/** An address that is neither https (so main never hands it to the system browser) nor reachable. */
const ELSEWHERE = 'http://pitside-elsewhere.invalid/';

test.describe('the packaged app', () => {
  test.skip(missing !== null, `Skipped: the packaged app cannot run here, because ${missing}.`);

  let app: ElectronApplication;

  test.beforeEach(async ({}, testInfo) => {
    app = await electron.launch({
      executablePath: electronBinary() ?? undefined,
      args: [
        resolve(import.meta.dirname, '../..'),
        `--user-data-dir=${testInfo.outputPath('user-data')}`,
      ],
    });
  });

  test.afterEach(async () => {
    await app.close().catch(() => undefined);
  });

  test('opens one secure window on app://; its demo and Settings show app:info from main', async () => {
    const window = await app.firstWindow();
    await expect(window.getByTestId('app-shell')).toHaveAttribute('data-ready', 'true');
    expect(window.url()).toMatch(/^app:\/\/pitside\/index\.html/);
    // A fresh profile opens on the first run; the app's facts live in Settings, past it.
    await window.getByRole('button', { name: 'Explore with demo data' }).click();
    await expect(window.getByRole('heading', { level: 1 })).toHaveText('Events');
    await window
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(window.getByTestId('app-runtime')).toContainText(`Electron ${electronVersion}`);
    await expect(window.getByTestId('app-sqlite')).toHaveText(/^3\.\d+\.\d+$/);
    const globals = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      module: typeof (globalThis as { module?: unknown }).module,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined' });
    expect(app.windows()).toHaveLength(1);
  });

  test('refuses navigation away from the app and denies window.open', async () => {
    const window = await app.firstWindow();
    await expect(window.getByTestId('app-shell')).toHaveAttribute('data-ready', 'true');
    const home = window.url();
    // Main sees the attempt (will-navigate), prevents it, and the page stays as it was.
    const attempted = app.evaluate(
      ({ BrowserWindow }) =>
        new Promise<string>((seen) => {
          BrowserWindow.getAllWindows()[0]?.webContents.once('will-navigate', (_event, url) =>
            seen(url),
          );
        }),
    );
    await window.evaluate((url) => globalThis.location.assign(url), ELSEWHERE);
    expect(await attempted).toBe(ELSEWHERE);
    expect(window.url()).toBe(home);
    await expect(window.getByTestId('app-shell')).toHaveAttribute('data-ready', 'true');

    const denied = await window.evaluate((url) => globalThis.open(url) === null, ELSEWHERE);
    expect(denied).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  test('closes cleanly: the process quits by itself with status 0', async () => {
    const window = await app.firstWindow();
    await window.getByRole('button', { name: 'Explore with demo data' }).click();
    await expect(window.getByRole('heading', { level: 1 })).toHaveText('Events');
    const process = app.process();
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
      process.once('exit', (code, signal) => done({ code, signal })),
    );
    // What the window's close button does: the last window closes, the app quits.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  test('a notification click brings the window forward on the view it names', async () => {
    // The real reference service on loopback: another organizer sets a kept event's stream live.
    const service = await startTestServer({ now: null });
    try {
      const window = await app.firstWindow();
      await window.getByTestId('connect-url').fill(service.url);
      await window.getByTestId('connect-key').fill(service.keys.viewer);
      await window.getByTestId('connect-key').press('Enter');
      await expect(window.getByRole('heading', { level: 1 })).toHaveText('Events');

      const listed = await fetch(`${service.url}/v1/events?status=live&perPage=1`, {
        headers: { authorization: `Bearer ${service.keys.viewer}` },
      });
      const [event] = ((await listed.json()) as { data: EventListItem[] }).data;
      if (event === undefined) throw new Error('the demo data has no live event');
      if (event.streamStatus === 'live') {
        expect(await patchEvent(service, event.id, { streamStatus: 'ended' })).toBe(200);
      }
      await window.evaluate((id) => (globalThis.location.hash = `#/events/${id}`), event.id);
      await window.getByTestId('keep-offline').click();
      await expect(window.getByTestId('keep-offline')).toHaveAttribute('aria-pressed', 'true');
      await window.getByTestId('sync-fix').click();
      await expect(window.getByTestId('sync-state')).toHaveAttribute('data-state', 'idle');

      // Keep every notification main shows, and have the window lose focus: a focused window
      // gets no notification (its view updates instead). A window manager may not exist on the
      // runner, so its focus is read as lost rather than taken away.
      await app.evaluate(({ BrowserWindow, Notification }) => {
        const kept: unknown[] = [];
        Object.assign(globalThis, { pitsideShown: kept });
        // The method itself, called on each notification below.
        const show = Reflect.get<object, 'show'>(Notification.prototype, 'show') as (
          this: Electron.Notification,
        ) => void;
        Notification.prototype.show = function (this: Electron.Notification) {
          kept.push(this);
          show.call(this);
        };
        const shell = BrowserWindow.getAllWindows()[0];
        if (shell === undefined) throw new Error('no window');
        shell.isFocused = () => false;
        shell.blur();
      });
      for (const streamStatus of event.streamStatus === 'scheduled'
        ? ['live']
        : ['scheduled', 'live']) {
        expect(await patchEvent(service, event.id, { streamStatus })).toBe(200);
      }
      await window.getByTestId('sync-fix').click();
      const titles = () =>
        app.evaluate(() =>
          (globalThis as unknown as { pitsideShown: Electron.Notification[] }).pitsideShown.map(
            (shown) => shown.title,
          ),
        );
      await expect.poll(titles).toEqual([`${event.name} is streaming live`]);

      // Elsewhere in the app, the click opens the event.
      await window.evaluate(() => (globalThis.location.hash = '#/teams'));
      await expect(window.getByRole('heading', { level: 1 })).toHaveText('Teams');
      await app.evaluate(() => {
        const [shown] = (globalThis as unknown as { pitsideShown: Electron.Notification[] })
          .pitsideShown;
        shown?.emit('click');
      });
      await expect(window).toHaveURL(new RegExp(`#/events/${event.id}$`));
      await expect(window.getByRole('heading', { level: 1 })).toHaveText(event.name);
      expect(
        await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible()),
      ).toBe(true);
    } finally {
      await service.close();
    }
  });
});
