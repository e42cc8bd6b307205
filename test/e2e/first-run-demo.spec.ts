import { expect, test } from './fixtures';
import { EventPage } from './pages/event-page';
import { EventsPage } from './pages/events-page';
import { FirstRunPage } from './pages/first-run-page';
import { TeamPage } from './pages/team-page';
import { TeamsPage } from './pages/teams-page';

test.use({ start: 'first-run' });

test('the first run offers the demo and a service; the demo fills every view', async ({ app }) => {
  const { page } = app;
  const firstRun = new FirstRunPage(page);
  await app.expectHeading('Welcome to Pitside');
  await expect(firstRun.demoButton).toBeVisible();
  await expect(firstRun.url).toBeVisible();
  await expect(firstRun.key).toHaveAttribute('type', 'password');
  await expect(firstRun.connectButton).toBeVisible();
  await expect(app.demoBanner).toHaveCount(0);
  // Nothing to sync yet, and the bar says so rather than "synced".
  await expect(app.syncState).toHaveText('No service yet');

  // Every label the demo button shows from the click on: once it says the demo is starting, the
  // first-run screen goes; its buttons never come back while the new setup is read again.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { demoLabels: string[] }).demoLabels = seen;
    const note = () => {
      const label = document.querySelector('[data-testid="use-demo"]')?.textContent ?? 'gone';
      if (seen.at(-1) !== label) seen.push(label);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await firstRun.demoButton.click();
  await app.expectHeading('Events');
  expect(
    await page.evaluate(() => (window as unknown as { demoLabels: string[] }).demoLabels),
  ).toEqual(['Explore with demo data', 'Starting the demo service…', 'gone']);
  await expect(app.demoBanner).toContainText('Demo data');
  await app.waitForSync();
  const events = new EventsPage(page);
  await expect(events.rows.nth(10)).toBeVisible();

  // A live event: the default scope syncs it whole, so each of its tabs has something to show.
  await events.status.selectOption('Live');
  await expect(page).toHaveURL(/status=live/);
  const live = events.rows.first();
  await expect(live).toContainText('Live');
  const eventName = (await live.getByRole('link').textContent()) ?? '';
  await live.getByRole('link').click();
  await app.expectHeading(eventName);
  const event = new EventPage(page);
  await expect(event.tab('Teams')).toHaveAttribute('aria-selected', 'true');
  await expect(event.panel.getByTestId('event-team-row').first()).toBeVisible();
  await event.tab('Matches').click();
  await expect(event.tab('Matches')).toHaveAttribute('aria-selected', 'true');
  await expect(event.panel.getByTestId('match-table').first()).toBeVisible();
  await event.tab('Clips').click();
  await expect(event.tab('Clips')).toHaveAttribute('aria-selected', 'true');
  await expect(event.panel.getByTestId(/^(clip-table|state-empty)$/)).toBeVisible();
  await app.expectHeading(eventName);

  // A team of this event, from its Teams tab.
  await event.tab('Teams').click();
  const teamLink = event.panel.getByRole('link').first();
  const number = (await teamLink.textContent()) ?? '';
  await teamLink.click();
  await app.expectHeading(new RegExp(`^${number} · `));
  const team = new TeamPage(page);
  for (const name of ['Events', 'Matches', 'Clips'] as const) {
    await team.tab(name).click();
    await expect(team.tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
  await app.expectHeading(new RegExp(`^${number} · `));

  await app.nav('Teams').click();
  await app.expectHeading('Teams');
  await expect(new TeamsPage(page).teamRows.first()).toBeVisible();

  await app.nav('Compare').click();
  await app.expectHeading('Compare teams');
  await app.nav('Settings').click();
  await app.expectHeading('Settings');
  await expect(app.demoBanner).toBeVisible();
});

test.describe('opened on the demo', () => {
  test.use({ start: 'demo' });

  test('the demo opens at once with its banner, synced from the service inside the app', async ({
    app,
  }) => {
    await app.expectHeading('Events');
    await expect(app.demoBanner).toContainText('Demo data');
    await expect(new EventsPage(app.page).rows.first()).toBeVisible();
    const demo = app.preview.workspace.demoService;
    expect(demo?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await app.demoBanner.getByRole('link', { name: 'Connect to a real service' }).click();
    await app.expectHeading('Settings');
    await expect(app.page.getByRole('button', { name: 'Connect' })).toBeVisible();
  });
});
