import type { Locator, Page } from '@playwright/test';
import { DEBOUNCE_MS } from '../../src/renderer/src/components/use-debounced-text';
import { expect, test } from './fixtures';
import { EventsPage } from './pages/events-page';
import { TeamsPage } from './pages/teams-page';

/*
 * Every filter field is the one debounced field: typed text goes to the address after the same
 * pause, in the events list as in the teams list, and Enter applies it at once. The page's clock
 * is paused, so the pause is counted in the page's own timers, never measured.
 */

test.use({ colorScheme: 'light' });

async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Until what the page had queued when this was called has run: its tasks (a message goes after
 * them) and what they queued in turn, so a timer that already fired has written the address.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Types `text`, then shows it reaches the address after exactly the one pause. */
async function appliesAfterThePause(page: Page, field: Locator, name: string, text: string) {
  const applied = new RegExp(`[?&]${name}=${text}(&|$)`);
  await field.fill(text);
  await page.clock.runFor(DEBOUNCE_MS - 1);
  await expect(field).toHaveValue(text);
  await settled(page);
  expect(page.url()).not.toMatch(applied);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(applied);
}

test('the events and teams filters apply typed text after one pause, and Enter at once', async ({
  app,
}) => {
  // The fixture installed the page's clock before the page loaded: its timers are the clock's.
  const { page } = app;
  await app.nav('Events').click();
  await app.expectHeading('Events');
  const events = new EventsPage(page);
  await pauseClock(page);
  await appliesAfterThePause(page, events.search, 'search', 'regional');
  await events.region.fill('CA');
  await events.region.press('Enter');
  await expect(page).toHaveURL(/[?&]region=CA(&|$)/);

  await page.clock.resume();
  await app.nav('Teams').click();
  await app.expectHeading('Teams');
  const teams = new TeamsPage(page);
  await pauseClock(page);
  await appliesAfterThePause(page, teams.search, 'search', '254');
  await teams.region.fill('Texas');
  await teams.region.press('Enter');
  await expect(page).toHaveURL(/[?&]region=Texas(&|$)/);
});
