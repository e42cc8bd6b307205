import type { MatchRecord } from '../../src/shared/wire/match';
import { expect, test } from './fixtures';
import { EventPage } from './pages/event-page';
import { everyPage } from './support/service-lists';
import { tourSubjects } from './support/tour';

const SHORT = { qualification: 'Q', semifinal: 'SF', final: 'F' } as const;
const nameOf = (match: MatchRecord) => `${SHORT[match.type]}${match.number}`;

/** What the team's side of a played match is, worked out here from the service's record. */
function expectedResult(match: MatchRecord, team: number): string {
  if (match.winner === 'tie') return 'Tied';
  const red = match.red.teams.includes(team);
  return (match.winner === 'red') === red ? 'Won' : 'Lost';
}

test('an event’s Matches tab jumps to the match up next and filters by team, each result said from the team’s side', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { event, teams } = await tourSubjects(service);
  const matches = await everyPage<MatchRecord>(service, `/v1/events/${event.id}/matches`);
  const next = matches.find((match) => match.status !== 'played');
  expect(next, `${event.id} has a match still to play`).toBeDefined();

  await app.go(`#/events/${event.id}?tab=matches`);
  await app.expectHeading(event.name);
  const tab = new EventPage(page).panel;
  const jump = tab.getByRole('button', { name: `Up next: ${nameOf(next!)}` });
  await expect(jump).toBeVisible();
  const row = tab.locator(`tr[data-match-id="${next!.id}"]`);
  await expect(row).toContainText('Up next');
  await expect(tab.getByText('Up next', { exact: true })).toHaveCount(1);
  await jump.click();
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();

  // The team filter keeps that team's matches, says each result from its side, and its next match.
  const team = teams[0].number;
  await tab.getByRole('combobox', { name: 'Team' }).selectOption(String(team));
  await expect(page).toHaveURL(new RegExp(`[?&]team=${team}(&|$)`));
  const own = matches.filter((m) => m.red.teams.includes(team) || m.blue.teams.includes(team));
  expect(own.length).toBeGreaterThan(0);
  await expect(tab.locator('tr[data-match-id]')).toHaveCount(own.length);
  await expect
    .poll(() =>
      tab
        .locator('tr[data-match-id]')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.matchId)),
    )
    .toEqual(own.map((m) => m.id));
  const played = own.filter((m) => m.status === 'played');
  await expect(tab.getByTestId('team-result')).toHaveText(
    played.map((m) => expectedResult(m, team)),
  );
  const ownNext = own.find((m) => m.status !== 'played');
  if (ownNext === undefined) await expect(tab.getByTestId('up-next-none')).toBeVisible();
  else await expect(tab.getByRole('button', { name: `Up next: ${nameOf(ownNext)}` })).toBeVisible();

  // The filter is the address's: the Clips tab keeps the team.
  await new EventPage(page).tab('Clips').click();
  await expect(page.getByRole('tabpanel').getByRole('combobox', { name: 'Team' })).toHaveValue(
    String(team),
  );
});

test('a team’s matches say Won, Lost or Tied from its side and name each event', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { event, teams } = await tourSubjects(service);
  const team = teams[1].number;
  const matches = (await everyPage<MatchRecord>(service, `/v1/events/${event.id}/matches`)).filter(
    (m) => m.red.teams.includes(team) || m.blue.teams.includes(team),
  );
  const played = matches.filter((m) => m.status === 'played');
  expect(played.length, `team ${team} has played at ${event.id}`).toBeGreaterThan(0);

  await app.go(`#/teams/${team}?tab=matches&event=${event.id}`);
  const table = page.getByTestId('team-matches').getByTestId('match-table');
  await expect(table.locator('tbody tr')).toHaveCount(matches.length);
  await expect(table.getByTestId('team-result')).toHaveText(
    played.map((m) => expectedResult(m, team)),
  );
  await expect(table).not.toContainText(/(Red|Blue) wins/);
  await expect(table.locator('td.match-event').first()).toHaveText(event.name);
});

test('the team chart is one keyboard stop that reads a summary, with each event’s start marked', async ({
  app,
  service,
}) => {
  const { page } = app;
  const { teams } = await tourSubjects(service);
  const team = teams[0].number;
  await app.go(`#/teams/${team}`);
  const chart = page.getByTestId('team-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart).toHaveAttribute('tabindex', '0');
  // Nothing inside it is a stop of its own.
  await expect(chart.locator('[tabindex]:not([tabindex="-1"])')).toHaveCount(0);
  const summary = chart.getByTestId('chart-summary');
  await expect(summary).toHaveText(/\d+ (seasons|matches at \d+ events?)/);
  const summaryId = await summary.getAttribute('id');
  await expect(chart).toHaveAttribute('aria-describedby', summaryId!);
  await chart.focus();
  await expect(chart).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(chart).not.toBeFocused();
  await expect(chart.locator(':focus')).toHaveCount(0);
});
