import { test as base, expect, type Page } from '@playwright/test';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer } from '../../src/main/data-layer';
import { createDispatcher } from '../../src/main/ipc/dispatcher';
import { createHandlers } from '../../src/main/services';
import { sqliteVersion } from '../../src/main/storage/database';
import { startPreviewServer } from '../../src/preview/server';
import { mkdirSync } from 'node:fs';

export const APP_VERSION = '0.0.0-e2e';

/** The app as a scout sees it: what it shows, found by test ids, never by layout. */
export class AppPage {
  constructor(readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await expect(this.page.getByTestId('app-shell')).toHaveAttribute('data-ready', 'true');
  }

  fact(testId: string) {
    return this.page.getByTestId(testId);
  }
}

interface Fixtures {
  dataDirectory: string;
  app: AppPage;
}

/** Each test gets its own data directory and its own main-process services behind the preview. */
export const test = base.extend<Fixtures>({
  dataDirectory: async ({}, use, testInfo) => {
    const directory = testInfo.outputPath('data');
    mkdirSync(directory, { recursive: true });
    await use(directory);
  },
  app: async ({ page, dataDirectory }, use) => {
    // The real data layer (cache, sync engine, keychain) behind the preview: only the Electron
    // transport is swapped for HTTP.
    const layer = openDataLayer({ dataDirectory, fetch, credentials: createCredentials() });
    const dispatch = createDispatcher(
      createHandlers(
        {
          version: APP_VERSION,
          dataDirectory,
          versions: process.versions,
          platform: process.platform,
          arch: process.arch,
          sqliteVersion: sqliteVersion(layer.cache.reader),
        },
        layer.handlers,
      ),
    );
    const preview = await startPreviewServer(dispatch, layer.pushes);
    await page.goto(preview.url);
    await use(new AppPage(page));
    await preview.close();
    await layer.close();
  },
});

export { expect };
