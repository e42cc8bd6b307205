import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runCli } from '../cli/run-cli';
import { expect, test } from './fixtures';

/*
 * Settings → Hand over a file, through the preview on a default-scope copy of the reference
 * service. The preview has no dialogs: a save lands in DATA/exports, and the file "chosen" to
 * import is the newest .pitside file in DATA/imports (the headless platform's stand-in for the
 * native dialogs, which need Electron).
 */

const VIEWPORT = { width: 1366, height: 900 };

test('exports the copy shown, then previews and merges a bundle, and refuses a bad one', async ({
  app,
  dataDirectory,
}, testInfo) => {
  const section = await app.settingsSection('bundle', 'Hand over a file', VIEWPORT);

  // A default-scope copy holds a few events whole; the rest are list entries, and left out.
  const season = section.getByTestId('bundle-season');
  await expect(season.locator('option').first()).toHaveText(/^Every season \(\d+ events?\)$/);
  // The events chosen by hand are the pinned ones: none yet.
  await expect(season.locator('option[value="pinned"]')).toHaveText('Pinned events (none pinned)');
  await expect(season.locator('option[value="pinned"]')).toBeDisabled();
  await expect(section.getByTestId('bundle-export-hint')).toContainText(
    'synced as list entries only are left out; sync scope All brings them whole.',
  );
  // Private and unlisted events go in only when ticked, and the panel says what that means. A
  // viewer's copy holds none whole.
  const includePrivate = section.getByRole('checkbox', {
    name: /^Include private and unlisted events \(none in this copy\)/,
  });
  await expect(includePrivate).not.toBeChecked();
  await expect(includePrivate).toBeDisabled();
  await expect(section.getByTestId('bundle-include-private-hint')).toHaveText(
    /^Left out unless ticked: a viewer’s list shows neither, and a venue share never serves private events\. Whoever gets the file can read every event in it/,
  );
  await section.getByRole('button', { name: 'Export for another laptop' }).click();
  const done = section.getByTestId('bundle-done');
  await expect(done).toHaveText(
    /^Saved \d+ events? \(\d+ KB\) to .*pitside-all-[\d-]+\.pitside\.$/,
  );
  const saved = /to (.*)\.$/.exec((await done.textContent()) ?? '')?.[1] ?? '';
  expect(saved.startsWith(join(dataDirectory, 'exports'))).toBe(true);

  // The other laptop: here, the same copy takes its own bundle back, and keeps what it has.
  const imports = join(dataDirectory, 'imports');
  mkdirSync(imports, { recursive: true });
  copyFileSync(saved, join(imports, basename(saved)));
  await section.getByRole('button', { name: 'Import a bundle…' }).click();
  const preview = section.getByTestId('bundle-preview');
  await expect(preview.getByTestId('bundle-summary')).toHaveText(
    /^\d+ events?, [\d,]+ teams?, .* synced (just now|.* ago) from 127\.0\.0\.1:\d+$/,
  );
  await expect(preview.getByTestId('bundle-destination')).toHaveText(
    'The copy shown now: for each part, the copy synced later is kept.',
  );
  await section.getByRole('heading', { name: 'Hand over a file' }).scrollIntoViewIfNeeded();
  await app.inBothThemes(testInfo, 'bundle-panel', (path) => section.screenshot({ path }));
  await preview.getByRole('button', { name: 'Merge' }).click();
  await expect(done).toHaveText(
    /^Imported into the copy shown: .*\. 0 parts were newer and merged; [\d,]+ kept as they were/,
  );
  await expect(preview).toBeHidden();

  // A file that is not a bundle: said plainly, and nothing to merge.
  writeFileSync(join(imports, 'zz-not-a-bundle.pitside'), 'PK\u0003\u0004 a zip, not a bundle');
  await section.getByRole('button', { name: 'Import a bundle…' }).click();
  await expect(section.getByTestId('bundle-error')).toHaveText(
    /^This bundle cannot be imported: .+\.$/,
  );
  await expect(preview).toBeHidden();
});

test.describe('a laptop with no copy and no network', () => {
  test.use({ start: 'first-run' });

  test('opens a copy handed over as a file from the first screen, and shows it', async ({
    app,
    service,
    dataDirectory,
  }, testInfo) => {
    // The other laptop's copy, made with the command line from the same service.
    const source = testInfo.outputPath('source');
    const bundle = join(dataDirectory, 'imports', 'handed-over.pitside');
    mkdirSync(join(dataDirectory, 'imports'), { recursive: true });
    const sync = await runCli(['sync', '--service', service.url, '--data-dir', source], {
      PITSIDE_API_KEY: service.keys.viewer,
    });
    expect(sync.code, sync.stderr).toBe(0);
    const made = await runCli(['bundle', 'export', '--data-dir', source, '--out', bundle]);
    expect(made.code, made.stderr).toBe(0);
    // From here on, no service at all: the bundle is all there is.
    await service.stop();

    const { page } = app;
    const card = page.getByTestId('first-run-bundle');
    await card.getByRole('button', { name: 'Import a bundle…' }).click();
    await expect(card.getByTestId('bundle-destination')).toContainText('A new profile');
    await card.getByRole('button', { name: 'Merge' }).click();
    await expect(page).toHaveURL(/#\/events/);
    await expect(page.getByTestId('first-run')).toBeHidden();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});
