import type { EventListItem } from '../../src/shared/wire/event';
import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, test } from './fixtures';
import { interceptBridge } from './support/held-reads';
import { everyTeam } from './support/service-lists';

test.use({ colorScheme: 'light' });

test('a team by number: the exact number first, arrows move, Enter opens', async ({
  app,
  service,
}) => {
  const teams = await everyTeam(service);
  // A number that starts several others (1 → 1010, 1051, …), so "exact first" means something;
  // the other teams' numbers are larger, so a plain numeric order would not prove it either way.
  const prefixOf = (team: TeamListItem) =>
    teams.filter((other) => other !== team && String(other.number).startsWith(String(team.number)));
  const exact = teams
    .filter((team) => prefixOf(team).length >= 2)
    .sort((a, b) => prefixOf(b).length - prefixOf(a).length)[0]!;

  const { quickOpen } = app;
  await quickOpen.openWithShortcut('Control+k');
  await quickOpen.search(String(exact.number));
  await expect(quickOpen.options.first()).toHaveText(
    new RegExp(`^${exact.number} · ${exact.name}`),
  );
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${exact.number} · `));
  const second = quickOpen.options.nth(1);
  await expect(second).toHaveText(new RegExp(`^${exact.number}\\d+ · `));
  const secondTitle = (await second.textContent()) ?? '';
  const [secondNumber] = secondTitle.split(' · ');

  await app.page.keyboard.press('ArrowDown');
  await expect(quickOpen.highlighted).toHaveText(secondTitle);
  await app.page.keyboard.press('Enter');
  await expect(quickOpen.dialog).toBeHidden();
  await app.expectHeading(new RegExp(`^${secondNumber} · `));
  await expect(app.page).toHaveURL(new RegExp(`#/teams/${secondNumber}$`));
});

test('a team by name and an event by its code; Esc closes', async ({ app, service }) => {
  const teams = await everyTeam(service);
  // A name whose words no other team shares in full.
  const named = teams.find(
    (team) => teams.filter((other) => other.name.includes(team.name)).length === 1,
  )!;
  const { quickOpen } = app;
  await app.page.keyboard.press('/');
  await expect(quickOpen.dialog).toBeVisible();
  await quickOpen.search(named.name.toLowerCase());
  await expect(quickOpen.option(new RegExp(`^${named.number} · ${named.name}`))).toBeVisible();
  await app.page.keyboard.press('Escape');
  await expect(quickOpen.dialog).toBeHidden();
  await app.expectHeading('Events');

  const events = await service.list<EventListItem>('/v1/events', { perPage: 100 });
  const event = events.data[events.data.length - 1]!;
  await quickOpen.openWithShortcut('/');
  await quickOpen.search(event.id);
  // Events come first when the text is exactly an event's code.
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${event.name} · ${event.id}`));
  await app.page.keyboard.press('Enter');
  await app.expectHeading(event.name);
});

test('`/` in a text field is text; quick open runs an action: switch theme', async ({ app }) => {
  const { page, quickOpen } = app;
  const search = page.getByRole('search', { name: 'Filter events' }).getByRole('searchbox');
  await search.focus();
  await page.keyboard.press('/');
  await expect(search).toHaveValue('/');
  await expect(quickOpen.dialog).toBeHidden();
  await search.fill('');

  await page.getByRole('heading', { level: 1 }).click();
  await quickOpen.openWithShortcut('Control+k');
  await quickOpen.search('theme');
  await expect(quickOpen.highlighted).toHaveText('Switch to dark theme');
  await page.keyboard.press('Enter');
  await expect(quickOpen.dialog).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Kept by main: a reload opens dark, and the action now offers the way back.
  await page.reload();
  await app.waitUntilReady();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await quickOpen.openWithShortcut('Control+k');
  await quickOpen.search('theme');
  await expect(quickOpen.highlighted).toHaveText('Switch to light theme');
});

test('Enter before the answer for the text typed opens that answer’s top hit, never the earlier one', async ({
  app,
  service,
}) => {
  const teams = await everyTeam(service);
  // Two teams neither of whose numbers starts the other's: each is its own text's top hit.
  const first = teams[0]!;
  const second = teams.find(
    (team) =>
      !String(team.number).startsWith(String(first.number)) &&
      !String(first.number).startsWith(String(team.number)),
  )!;
  const { page, quickOpen } = app;
  await quickOpen.openWithShortcut('Control+k');
  await quickOpen.search(String(first.number));
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${first.number} · `));

  // The answer for the second text is held back: the first text's results stay on screen.
  const held = await interceptBridge(
    page,
    ({ name, input }) =>
      name === 'search:query' && (input as { text: string }).text === String(second.number),
    { hold: true },
  );
  await quickOpen.search(String(second.number));
  await expect.poll(held.seen).toBe(1);
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${first.number} · `));
  await page.keyboard.press('Enter');
  held.release();
  await app.expectHeading(new RegExp(`^${second.number} · `));
  await expect(page).toHaveURL(new RegExp(`#/teams/${second.number}$`));
});
