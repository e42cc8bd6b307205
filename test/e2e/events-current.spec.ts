import type { EventListItem } from '../../src/shared/wire/event';
import { expect, test } from './fixtures';
import { EventsPage } from './pages/events-page';
import { everyPage } from './support/service-lists';

/** The events list shows this many a page. */
const EVENTS_PER_PAGE = 50;

test('the events list opens on the live events, then the upcoming, then the past; ↑/↓ move and Enter opens', async ({
  app,
  service,
}) => {
  const { page } = app;
  const events = new EventsPage(page);
  const ids = async (status: string) =>
    (await everyPage<EventListItem>(service, '/v1/events', { status })).map((event) => event);
  const live = await ids('live');
  const upcoming = await ids('upcoming');
  // The latest past event first; the service lists oldest first, with equal starts by id.
  const past = (await ids('past')).sort(
    (a, b) => b.startDate.localeCompare(a.startDate) || a.id.localeCompare(b.id),
  );
  expect(live.length, 'the demo data has live events').toBeGreaterThan(0);
  const expected = [...live, ...upcoming, ...past].map((event) => event.id);

  await app.nav('Events').click();
  await app.expectHeading('Events');
  await expect(page).toHaveURL(/#\/events$/);
  await expect.poll(() => events.ids()).toEqual(expected.slice(0, EVENTS_PER_PAGE));
  await expect(events.rows.first()).toContainText('Live');
  await expect(events.order).toHaveValue('current');

  // A filter in the address keeps its events, in the same order.
  await events.status.selectOption('Upcoming');
  await expect(page).toHaveURL(/status=upcoming/);
  await expect
    .poll(() => events.ids())
    .toEqual(upcoming.slice(0, EVENTS_PER_PAGE).map((event) => event.id));
  await events.status.selectOption('All');
  await expect(page).toHaveURL(/#\/events$/);
  await expect.poll(() => events.ids()).toEqual(expected.slice(0, EVENTS_PER_PAGE));

  // The keyboard: into the first row, down two, up one, and Enter opens that row's event.
  const firstLink = events.rows.first().getByRole('link');
  await firstLink.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(events.rows.nth(2).getByRole('link')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  const second = events.rows.nth(1).getByRole('link');
  await expect(second).toBeFocused();
  await page.keyboard.press('End');
  await expect(events.rows.last().getByRole('link')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(firstLink).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const name = (await second.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await app.expectHeading(name);
  await expect(page).toHaveURL(new RegExp(`#/events/${expected[1]}$`));
});
