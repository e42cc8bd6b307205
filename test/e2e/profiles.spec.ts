import type { EventListItem } from '../../src/shared/wire/event';
import { startTestServer, type TestServer } from '../harness/server';
import { expect, test } from './fixtures';
import { EventsPage } from './pages/events-page';

/*
 * A second service profile, added in Settings and switched to from quick open: the app shows that
 * service's events once it synced, and the first profile's again, from its cache, on the way back.
 * Both services are the real reference service on loopback, with different data (seeds 1 and 2).
 */

const VIEWPORT = { width: 1366, height: 820 };

let practice: TestServer;

test.beforeAll(async () => {
  practice = await startTestServer({ seed: 2, now: null });
});

test.afterAll(async () => {
  await practice.close();
});

async function eventNames(server: { url: string }, key: string): Promise<string[]> {
  const response = await fetch(`${server.url}/v1/events?perPage=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { data: EventListItem[] };
  return body.data.map((event) => event.name);
}

test.use({ appRole: 'organizer', viewport: VIEWPORT });

test('add a profile in Settings, switch to it from quick open, see its data', async ({
  app,
  service,
}, testInfo) => {
  const { page } = app;
  const events = new EventsPage(page);
  const leagueNames = await events.names();
  expect(leagueNames.length).toBeGreaterThan(0);

  await app.go('#/settings');
  const form = page.getByTestId('add-profile');
  // Checked before anything is sent: a name already taken, an address that is not one.
  const firstName = service.url;
  await form.getByTestId('profile-name').fill(firstName.toUpperCase());
  await form.getByTestId('profile-baseUrl').fill('ftp://example.org');
  await form.getByTestId('profile-key').fill(practice.keys.organizer);
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByTestId('profile-name-error')).toHaveText(
    `A profile is already named “${firstName}”.`,
  );
  await expect(form.getByTestId('profile-baseUrl-error')).toBeVisible();
  await expect(form.getByTestId('profile-name')).toBeFocused();

  await form.getByTestId('profile-name').fill('Practice');
  await form.getByTestId('profile-baseUrl').fill(practice.url);
  await form.getByTestId('profile-key').fill(practice.keys.organizer);
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByTestId('profile-added')).toContainText('Added “Practice”');
  const rows = page.getByTestId('profile-row');
  await expect(rows.getByTestId('profile-name')).toHaveText([firstName, 'Practice']);
  await expect(rows.first()).toHaveAttribute('data-active', 'true');

  const list = page.getByRole('region', { name: 'Profiles' });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await list.screenshot({ path: testInfo.outputPath(`settings-profiles-${theme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Quick open offers the profile not shown, and switches to it.
  await app.go('#/events');
  await app.quickOpen.openWithShortcut('Control+k');
  await app.quickOpen.search('switch to');
  await expect(app.quickOpen.option(`Switch to ${firstName}`)).toHaveCount(0);
  await app.quickOpen.option('Switch to Practice').click();
  await expect(app.quickOpen.dialog).toBeHidden();
  // A switch asks no service: its first sync is the person's own (or the schedule's).
  await page.keyboard.press('Control+s');
  await app.waitForSync();
  const practiceNames = await eventNames(practice, practice.keys.organizer);
  await expect.poll(async () => (await events.names())[0]).toBeDefined();
  const shown = await events.names();
  expect(shown.every((name) => practiceNames.includes(name))).toBe(true);
  expect(shown).not.toEqual(leagueNames);

  // And back, from the first profile's cache.
  await app.quickOpen.openWithShortcut('Control+k');
  await app.quickOpen.search('switch to');
  await app.quickOpen.option(`Switch to ${firstName}`).click();
  await expect.poll(() => events.names()).toEqual(leagueNames);
});
