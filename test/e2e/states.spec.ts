import { createCredentials } from '../../src/main/credentials/credentials';
import { expect, test } from './fixtures';
import { EventsPage } from './pages/events-page';
import { TeamsPage } from './pages/teams-page';
import { interceptBridge } from './support/held-reads';

test('filters that match nothing say so, and Clear filters brings the list back', async ({
  app,
}) => {
  const { page } = app;
  const events = new EventsPage(page);
  // Counted once the list has drawn (read at once, a slow first paint counts 0).
  await expect(events.rows.first()).toBeVisible();
  const shown = await events.rows.count();
  await events.search.fill('no event is called this');
  await expect(page.getByTestId('state-empty')).toHaveText(/No events match these filters/);
  await expect(events.rows).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(events.rows).toHaveCount(shown);
  await expect(events.search).toHaveValue('');

  await app.nav('Teams').click();
  const teams = new TeamsPage(page);
  await teams.search.fill('no team is called this');
  await expect(page.getByTestId('state-empty')).toHaveText(/No team matches these filters/);
  await expect(teams.grid).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(teams.teamRows.first()).toBeVisible();
  await expect(teams.search).toHaveValue('');
});

test('a new filter whose read fails says so, instead of showing the last filter’s teams', async ({
  app,
}) => {
  const { page } = app;
  await app.nav('Teams').click();
  const teams = new TeamsPage(page);
  await expect(teams.teamRows.first()).toBeVisible();

  // Text past the cap is cut to it in the box, as in the read: the read answers, here with nothing.
  await teams.search.fill('x'.repeat(300));
  await expect(teams.search).toHaveValue('x'.repeat(200));
  await expect(page.getByTestId('state-empty')).toHaveText(/No team matches these filters/);
  await expect(teams.grid).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(teams.teamRows.first()).toBeVisible();

  // A read that fails for a new filter shows its failure, not the rows of the filter before.
  await interceptBridge(
    page,
    ({ name, input }) => name === 'teams:list' && (input as { search?: string }).search === 'robo',
    { fail: { code: 'internal', message: 'The local copy could not be read.' } },
  );
  await teams.search.fill('robo');
  await expect(page.getByTestId('state-error')).toHaveText(
    /The teams could not be read from the local copy: The local copy could not be read/,
  );
  await expect(teams.grid).toHaveCount(0);
});

test('a season filter the default sync cannot answer says what is missing, not "no teams"', async ({
  app,
  service,
}) => {
  // The default scope holds the team lists of live and pinned events only: an older season's
  // registrations are not in the copy, so its teams cannot be told apart offline.
  const past = await service.list<{ season: string }>('/v1/events', { status: 'past', perPage: 1 });
  const season = past.data[0]!.season;
  await app.go(`/teams?season=${season}`);
  await expect(app.page.getByTestId('state-stale')).toHaveText(
    new RegExp(`does not hold ${season}’s event team lists yet`),
  );
  await app.page.getByRole('button', { name: 'Open settings' }).click();
  await app.expectHeading('Settings');
});

test.describe('a cache never synced', () => {
  // No schedule: once the first sync has failed, only the person's button syncs again.
  test.use({ serviceAtStart: 'stopped', syncIntervalMs: null });

  test('each view says nothing is synced yet, offers no sync offline, and Ctrl+S fills it', async ({
    app,
    service,
  }) => {
    const { page } = app;
    await expect(app.syncState).toHaveText('Offline');
    await expect(app.syncAge).toHaveText('Never synced · Syncs when the service can be reached');
    await app.expectHeading('Events');
    const empty = page.getByTestId('state-empty');
    // Offline no sync can reach the service: the view says when it comes instead of offering one.
    await expect(empty).toHaveText(
      'No events synced yet: they are fetched once the service can be reached.',
    );
    await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
    // Never passed off as fresh: no "As of" for a copy that was never made.
    await expect(page.getByTestId('freshness')).toHaveText(/synced/i);
    await expect(page.getByTestId('freshness')).not.toHaveText(/^As of/);

    await app.nav('Teams').click();
    await app.expectHeading('Teams');
    await expect(empty).toHaveText(/No teams have been synced yet/);
    await app.go('/teams/254');
    await expect(empty).toHaveText(/Team 254 is not in the local copy/);

    // The service comes back; the person's own Ctrl+S syncs, and the list appears in place.
    await service.start();
    await app.nav('Events').click();
    await page.keyboard.press('Control+s');
    await app.waitForSync();
    await expect(new EventsPage(page).rows.first()).toBeVisible();
    await expect(empty).toHaveCount(0);
  });
});

test('once the clock has moved on, the data is shown with its age, as stale', async ({ app }) => {
  const { page } = app;
  // The browser's clock three hours on: the cache, synced now, is three hours old to the page.
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 3 * 60 * 60_000);
  await page.reload();
  await app.waitUntilReady();
  await expect(app.syncAge).toHaveText('Last synced 3 h ago · data is 3 h old');
  await expect(app.syncState).toHaveText(/^Online · Synced/);
  await app.expectHeading('Events');
  await expect(page.getByTestId('freshness')).toHaveText('As of 3 h ago (stale)');
  // Still shown, never hidden.
  await expect(new EventsPage(page).rows.first()).toBeVisible();
});

test('a refused key says so in one sentence, with Open Settings, and keeps the data on screen', async ({
  app,
  service,
}, testInfo) => {
  const { page } = app;
  const credentials = createCredentials();
  // Counted once the list has drawn: read at once, a slow first paint counted 0 rows, and the
  // check that they stay on screen then failed when they came (and proved nothing had they not).
  const events = new EventsPage(page);
  await expect(events.rows.first()).toBeVisible();
  const rows = await events.rows.count();
  expect(rows).toBeGreaterThan(0);
  await credentials.setKey(service.url, 'a-key-the-service-revoked');
  await page.keyboard.press('Control+s');
  await expect(app.syncState).toHaveAttribute('data-state', 'error');
  await expect(app.syncState).toHaveText('API key refused.');
  // Trying again cannot help a refused key: the one button is the way to a new one.
  await expect(app.syncBar.getByRole('button')).toHaveCount(0);
  await expect(app.syncBar.getByRole('link', { name: 'Open Settings' })).toBeVisible();
  await expect(events.rows).toHaveCount(rows);
  // For a person to look at, in both themes (saved with the test's results).
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`sync-bar-key-refused-${theme}.png`) });
  }

  await credentials.setKey(service.url, service.keys.viewer);
  await page.keyboard.press('Control+s');
  await app.waitForSync();
  await expect(app.syncState).toHaveText(/^Online · Synced/);
});
