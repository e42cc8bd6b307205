import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { resolve } from 'node:path';
import { electronBinary, electronVersion } from '../../scripts/electron-runtime.mjs';
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
});
