import { _electron as electron, expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { electronBinary, electronVersion } from '../../scripts/electron-runtime.mjs';
import { electronUnavailableReason } from './electron-availability';

// The real app in the real Electron runtime. The binary cannot be downloaded on the build
// machines, so there this test is skipped, and the run says why; everywhere else it runs.
const missing = electronUnavailableReason();

test.describe('the packaged app', () => {
  test.skip(missing !== null, `Skipped: the packaged app cannot run here, because ${missing}.`);

  test('opens one secure window; its demo and Settings show app:info from main', async ({}, testInfo) => {
    const app = await electron.launch({
      executablePath: electronBinary() ?? undefined,
      args: [
        resolve(import.meta.dirname, '../..'),
        `--user-data-dir=${testInfo.outputPath('user-data')}`,
      ],
    });
    try {
      const window = await app.firstWindow();
      await expect(window.getByTestId('app-shell')).toHaveAttribute('data-ready', 'true');
      // A fresh profile opens on the first run; the app's facts live in Settings, past it.
      await window.getByRole('button', { name: 'Explore with demo data' }).click();
      await expect(window.getByRole('heading', { level: 1 })).toHaveText('Events');
      await window
        .getByRole('navigation', { name: 'Views' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(window.getByTestId('app-runtime')).toContainText(`Electron ${electronVersion}`);
      await expect(window.getByTestId('app-sqlite')).toHaveText(/^3\.\d+\.\d+$/);
      const isolated = await window.evaluate(
        () => typeof (globalThis as { require?: unknown }).require,
      );
      expect(isolated).toBe('undefined');
      expect(app.windows()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
