import { expect, test } from './fixtures';

/*
 * Settings → Copy diagnostics through the preview: the page asks main's real services for the
 * text (the same module Help → Copy Diagnostics uses in the app) and puts it on the clipboard of
 * a real Chromium, read back here. The two themes are saved for a person to look at.
 */

test('copies the diagnostics to the clipboard, without the key', async ({
  app,
  page,
  service,
  preview,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(preview.url).origin,
  });
  await app.nav('Settings').click();
  await app.expectHeading('Settings');
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(page.getByTestId('diagnostics-status')).toHaveText(/^Copied\./);

  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('App: Pitside 0.0.0-e2e');
  expect(copied).toContain('Electron: none (browser preview)');
  expect(copied).toContain(`Service: ${service.url}`);
  expect(copied).toMatch(/^Cache: schema \d+, \d+\.\d MiB on disk$/m);
  expect(copied).toMatch(/^Last sync: idle; /m);
  expect(copied).toContain('Edits not sent: 0 (');
  expect(copied).toMatch(/\[info\]\s+sync completed: /);
  expect(copied).not.toContain(service.keys.viewer);

  await page.getByText('What was copied').click();
  await expect(page.getByTestId('diagnostics-text')).toHaveText(copied);

  const section = page.getByRole('region', { name: 'Data location' });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await section.screenshot({ path: testInfo.outputPath(`diagnostics-${theme}.png`) });
  }
});
