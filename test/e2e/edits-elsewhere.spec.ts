import { expect, test } from './fixtures';

/*
 * An organizer's edit waits for a service that is down; they switch to the demo in Settings. The
 * switch asks first, naming the edit's service and count; the edits panel then lists the edit
 * under its service, read only, with the way back. Screenshots of that panel in both themes go
 * with the test's results (edits-elsewhere-<theme>.png).
 */

test.use({ appRole: 'organizer', syncIntervalMs: null });

test('another service’s unsent edit stays in view, grouped under it and read only, after a switch to the demo', async ({
  app,
  service,
  preview,
}, testInfo) => {
  // Two switches, one of them starting the demo service and syncing it: more than the default.
  test.slow();
  const { page } = app;
  await service.stop();
  await preview.workspace.dataHandlers['events:create']({
    event: {
      name: 'Harbour Winter Open',
      season: '2026-2027',
      startDate: '2026-12-05T09:00:00Z',
      endDate: '2026-12-06T17:30:00Z',
      location: { city: 'Portsmouth', country: 'GB' },
    },
  });

  await test.step('the switch to the demo asks first, naming the edit and its service', async () => {
    await app.go('/settings');
    await page.getByTestId('use-demo').click();
    const dialog = page.getByTestId('switch-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('switch-kept')).toHaveText(
      `1 edit for ${service.url} is kept; it goes out when you switch back to it.`,
    );
    // Stay holds the focus, and Esc stays: nothing switches, and the focus is back on the button.
    await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('use-demo')).toBeFocused();
    await expect(page.getByTestId('service-mode')).toHaveAttribute('data-mode', 'service');
    await page.getByTestId('use-demo').click();
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(page.getByTestId('service-mode')).toHaveAttribute('data-mode', 'demo', {
      timeout: 20_000,
    });
  });

  await test.step('the edits panel lists it under its service, with no action', async () => {
    await app.go('/edits');
    await app.expectHeading('Edits not sent yet');
    const group = page.getByTestId('edits-elsewhere-group');
    await expect(group).toHaveAttribute('data-service', service.url);
    await expect(group.getByRole('heading', { level: 3 })).toHaveText(
      `${service.url} · 1 edit not sent yet`,
    );
    await expect(group.getByTestId('switch-back')).toHaveText(
      `Switch back to ${service.url} to send or change these.`,
    );
    await expect(group.getByTestId('kept-edit')).toHaveCount(1);
    await expect(group.getByTestId('kept-edit')).toContainText('Harbour Winter Open');
    // Nothing is on its way to a service not shown, whatever its last try did.
    await expect(group.getByTestId('kept-edit')).toContainText('Waiting');
    await expect(group.getByRole('button')).toHaveCount(0);
    await expect(group.getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('edit-item')).toHaveCount(0);

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({
        path: testInfo.outputPath(`edits-elsewhere-${theme}.png`),
        animations: 'disabled',
      });
    }
  });

  await test.step('back on the service, the edit goes out and no group is left', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await service.start();
    await app.go('/settings');
    await page.getByTestId('connect-url').fill(service.url);
    await page.getByTestId('connect-key').fill(service.keys.organizer);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByTestId('service-mode')).toHaveAttribute('data-mode', 'service', {
      timeout: 20_000,
    });
    await app.go('/edits');
    await expect(page.getByTestId('state-empty')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('edits-elsewhere')).toHaveCount(0);
    const { data } = await service.list<{ name: string }>(
      '/v1/events',
      { search: 'Harbour Winter Open', perPage: 100 },
      'organizer',
    );
    expect(data.map((event) => event.name)).toEqual(['Harbour Winter Open']);
  });
});
