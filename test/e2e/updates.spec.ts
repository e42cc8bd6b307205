import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildFacts } from '../../src/main/updates/build-facts';
import { UPDATE_FEED_FILE } from '../../src/main/updates/feed-setting';
import type { UpdaterEdge } from '../../src/main/updates/headless-updates';
import type { UpdaterEvent, UpdaterPort } from '../../src/main/updates/updater-port';
import { expect, test } from './fixtures';

/*
 * Updates through the preview. The preview has no updater: it is a copy run from source, and the
 * same decision table says so (the first test). The offer and its question about unsent edits
 * need a downloaded update, which only Electron's updater can bring: the second test puts a fake
 * updater at that edge (a packaged Windows build with its own feed), and nothing else is changed.
 */

const VIEWPORT = { width: 1366, height: 820 };

test.describe('in the preview', () => {
  test('Settings says updates are off here, and keeps an https feed only', async ({
    app,
    dataDirectory,
  }, testInfo) => {
    const { page } = app;
    const section = await app.settingsSection('updates', 'Updates', VIEWPORT);
    await section.getByRole('heading', { name: 'Updates' }).scrollIntoViewIfNeeded();
    await app.inBothThemes(testInfo, 'updates-off', (path) => page.screenshot({ path }));
    const status = section.getByTestId('update-status');
    await expect(status).toHaveAttribute('data-mode', 'off');
    await expect(status).toContainText('Updates are off: this copy of Pitside runs from source');
    await expect(section.getByTestId('updates-check')).toHaveCount(0);
    await expect(page.getByTestId('update-offer')).toHaveCount(0);

    const field = section.getByLabel('Update feed');
    await field.fill('http://updates.example.org/pitside/');
    await section.getByRole('button', { name: 'Save feed' }).click();
    await expect(section.getByTestId('update-feed-error')).toHaveText(
      'The feed must be an https address without a user name or password in it.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(' https://updates.example.org/pitside/ ');
    await section.getByRole('button', { name: 'Save feed' }).click();
    await expect(section.getByTestId('update-feed-done')).toHaveText('Feed saved.');
    const saved: unknown = JSON.parse(readFileSync(join(dataDirectory, UPDATE_FEED_FILE), 'utf8'));
    expect(saved).toEqual({ url: 'https://updates.example.org/pitside/' });
    // A feed does not make a copy run from source updatable.
    await expect(status).toHaveAttribute('data-mode', 'off');

    await page.reload();
    await expect(section.getByLabel('Update feed')).toHaveValue(
      'https://updates.example.org/pitside/',
    );
  });
});

/** Finds 1.2.0 and downloads it at the first look; records what it is asked to install. */
class DownloadingUpdater implements UpdaterPort {
  readonly installs: string[] = [];
  private listener: (event: UpdaterEvent) => void = () => {};
  configure(): void {}
  check(): Promise<void> {
    for (const event of [
      { type: 'checking' },
      { type: 'available', version: '1.2.0' },
      { type: 'progress', percent: 64 },
      { type: 'downloaded', version: '1.2.0' },
    ] as const satisfies UpdaterEvent[]) {
      this.listener(event);
    }
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
}

const updater = new DownloadingUpdater();
const packagedWindows: UpdaterEdge = {
  build: {
    ...readBuildFacts({
      packaged: false,
      platform: 'win32',
      env: {},
      resourcesPath: null,
      windowsStore: false,
      macAppStore: false,
    }),
    packaged: true,
    builtInFeed: true,
  },
  createUpdater: () => updater,
};

test.describe('with a downloaded update (a fake updater at the Electron edge)', () => {
  test.use({ appRole: 'organizer', syncIntervalMs: null, updaterEdge: packagedWindows });

  test('Restart to update asks first while an edit waits, naming the count', async ({
    app,
    service,
  }, testInfo) => {
    const { page } = app;
    await page.setViewportSize(VIEWPORT);
    const offer = page.getByTestId('update-offer');
    await expect(offer).toContainText('Version 1.2.0 is ready');

    await test.step('an edit made offline waits to be sent', async () => {
      await service.stop();
      await app.go('/events/new');
      await page.getByLabel('Name').fill('Harbour Winter Open');
      await page.getByLabel('Start').fill('2026-12-05T09:00');
      await page.getByLabel('End').fill('2026-12-06T17:30');
      await page.getByLabel('City').fill('Portsmouth');
      await page.getByLabel('Country').fill('GB');
      await page.getByTestId('event-form-save').click();
      await expect(page.getByTestId('nav-edits-count')).toContainText('1');
    });

    await test.step('the question names it; Not now installs nothing', async () => {
      await offer.getByRole('button', { name: 'Restart to update' }).click();
      const dialog = page.getByTestId('update-unsent-dialog');
      await expect(dialog).toContainText('Restart to install version 1.2.0?');
      await expect(dialog).toContainText(
        '1 edit is not sent yet. It is kept, and goes out with the first sync after the restart.',
      );
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.screenshot({ path: testInfo.outputPath(`update-question-${theme}.png`) });
      }
      await dialog.getByRole('button', { name: 'Not now' }).click();
      await expect(dialog).toHaveCount(0);
      expect(updater.installs).toEqual([]);
    });

    await test.step('Settings shows it ready; agreeing installs', async () => {
      await app.go('/settings');
      const section = page.getByTestId('updates');
      await expect(section.getByTestId('update-status')).toHaveText(
        'Version 1.2.0 is ready. Restart to update.',
      );
      // The build names its own feed: no field to enter one.
      await expect(section.getByLabel('Update feed')).toHaveCount(0);
      await section.getByRole('heading', { name: 'Updates' }).scrollIntoViewIfNeeded();
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.screenshot({ path: testInfo.outputPath(`update-settings-${theme}.png`) });
      }
      await section.getByTestId('updates-restart').click();
      await page.getByTestId('update-unsent-confirm').click();
      await expect.poll(() => updater.installs).toEqual(['restart']);
    });
  });
});
