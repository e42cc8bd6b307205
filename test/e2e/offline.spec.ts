import type { EventListItem } from '../../src/shared/wire/event';
import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, OUTAGE_NOTICED, test } from './fixtures';
import { EventPage } from './pages/event-page';
import { EventsPage } from './pages/events-page';
import { TeamPage } from './pages/team-page';
import { TeamsPage } from './pages/teams-page';

// Syncs every second: the outage is noticed, and the return seen, within a few seconds.
test.use({ syncIntervalMs: 1_000 });

test('with the service gone every view reads the cache, and the bar recovers by itself', async ({
  app,
  service,
}, testInfo) => {
  const { page } = app;
  const live = await service.list<EventListItem>('/v1/events', { status: 'live', perPage: 1 });
  const event = live.data[0]!;
  const teams = await service.list<TeamListItem>(`/v1/events/${event.id}/teams`, { perPage: 2 });
  const [team, other] = teams.data;
  // What a scout looked at before the wifi went: the team's page reads its statistics then.
  await app.go(`/teams/${team!.number}`);
  await expect(new TeamPage(page).figure('World rank')).toBeVisible();
  await app.go(`/compare?teams=${team!.number},${other!.number}`);
  await expect(page.getByTestId('compare-row-wins').getByRole('cell')).toHaveText([/\d/, /\d/]);

  await service.stop();
  await expect(app.syncState).toHaveAttribute('data-state', 'offline', OUTAGE_NOTICED);
  await expect(app.syncState).toHaveText('Offline');
  await expect(app.syncAge).toHaveText(
    /^Last synced (just now|\d+ min ago) · Syncs when the service can be reached$/,
  );
  // Nothing here brings the network back: no Retry, no Sync now, and the schedule's retries
  // (one a second here) say offline, not "Syncing edits".
  await expect(app.syncBar.getByRole('button')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`sync-bar-offline-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A fresh page: nothing the renderer remembered, only what main's cache holds.
  await page.reload();
  await app.waitUntilReady();
  await expect(app.syncState).toHaveText('Offline');
  const noErrors = async () => {
    await expect(page.getByTestId('state-error')).toHaveCount(0);
    await expect(page.getByTestId('skeleton')).toHaveCount(0);
  };

  await app.go('/events');
  await app.expectHeading('Events');
  // The heading comes before the cache's first answer; the rows come with it.
  await expect(new EventsPage(page).rows.nth(10)).toBeVisible();
  await noErrors();

  await app.go(`/events/${event.id}`);
  await app.expectHeading(event.name);
  const eventPage = new EventPage(page);
  await expect(eventPage.panel.getByTestId('event-team-row')).toHaveCount(event.teamCount);
  await eventPage.tab('Matches').click();
  await expect(eventPage.panel.getByTestId('match-table').first()).toBeVisible();
  await noErrors();

  await app.nav('Teams').click();
  await app.expectHeading('Teams');
  await expect(new TeamsPage(page).teamRows.first()).toBeVisible();
  await noErrors();

  await app.go(`/teams/${team!.number}`);
  await app.expectHeading(`${team!.number} · ${team!.name}`);
  await expect(new TeamPage(page).summaryLine).toHaveText(/^\d+–\d+ in /);
  await noErrors();

  await app.go(`/compare?teams=${team!.number},${other!.number}`);
  await app.expectHeading('Compare teams');
  await expect(page.getByTestId('compare-row-wins').getByRole('cell')).toHaveText([/\d/, /\d/]);

  await app.nav('Settings').click();
  await app.expectHeading('Settings');
  await expect(page.getByTestId('app-data-directory')).toHaveText(app.dataDirectory);
  await expect(app.syncState).toHaveText('Offline');

  // The service returns: the schedule's next try finds it, and the same page says so.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await service.start();
  await expect(app.syncState).toHaveAttribute('data-state', 'idle', OUTAGE_NOTICED);
  await expect(app.syncState).toHaveText(/^Online · Synced/);
  await expect(app.syncAge).toHaveText(/^Last synced just now$/);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});
