import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, test } from './fixtures';
import { TeamPage } from './pages/team-page';
import { TeamsPage } from './pages/teams-page';

// Every team's statistics in the cache, so the record and rank columns are full.
test.use({ syncScope: 'all' });

const RECORD = 3;
const RANK = 4;
const rankOf = (text: string) => Number(text.replace(/[#,]/g, ''));
/** "12–2–1": wins, losses, ties; the win rate counts every match played. */
const rateOf = (text: string) => {
  const [wins = 0, losses = 0, ties = 0] = text
    .split('–')
    .map((part) => Number(part.replace(/,/g, '')));
  return wins / (wins + losses + ties);
};
const ordered = (values: readonly number[], way: 'up' | 'down') =>
  values.every(
    (value, at) => at === 0 || (way === 'up' ? values[at - 1]! <= value : values[at - 1]! >= value),
  );

test('the Teams list sorts by its headers and keeps only the favorites, both in the address', async ({
  app,
  service,
}) => {
  const { page } = app;
  const teams = new TeamsPage(page);
  const [first, second] = (await service.list<TeamListItem>('/v1/teams', { perPage: 2 })).data;
  for (const { number } of [first!, second!]) {
    await app.preview.workspace.dataHandlers['favorites:set']({
      teamNumber: number,
      favorite: true,
    });
  }
  await app.nav('Teams').click();
  await app.expectHeading('Teams');
  await expect(teams.teamRows.first()).toHaveAttribute('data-team-number', String(first!.number));

  await teams.sortBy('World rank').click();
  await expect(page).toHaveURL(/[?&]sort=rank(&|$)/);
  await expect(teams.grid.getByRole('columnheader', { name: 'World rank' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(async () => (await teams.column(RANK))[0]).toBe('#1');
  await expect.poll(async () => ordered((await teams.column(RANK)).map(rankOf), 'up')).toBe(true);
  await teams.sortBy('World rank').click();
  await expect(page).toHaveURL(/[?&]sort=-rank(&|$)/);
  await expect.poll(async () => rankOf((await teams.column(RANK))[0] ?? '#0')).toBeGreaterThan(100);
  await expect.poll(async () => ordered((await teams.column(RANK)).map(rankOf), 'down')).toBe(true);

  await teams.sortBy('Record').click();
  await expect(page).toHaveURL(/[?&]sort=record(&|$)/);
  await expect
    .poll(async () => ordered((await teams.column(RECORD)).map(rateOf), 'down'))
    .toBe(true);
  // A reload opens the same order: the address holds it.
  await page.reload();
  await expect(teams.grid.getByRole('columnheader', { name: 'Record' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // The box follows the address, which the app's router changes a moment after the click: a
  // click, then its state awaited (check() and uncheck() read it at once, and fail under load).
  await teams.favoritesOnly.click();
  await expect(teams.favoritesOnly).toBeChecked();
  await expect(page).toHaveURL(/[?&]favorites=1(&|$)/);
  await expect(teams.total).toHaveText('2 teams');
  expect((await teams.drawn()).map((row) => row.number).sort()).toEqual(
    [first!.number, second!.number].sort(),
  );
  await teams.favoritesOnly.click();
  await expect(teams.favoritesOnly).not.toBeChecked();
  await expect(page).not.toHaveURL(/favorites=/);
  await expect(teams.total).not.toHaveText('2 teams');

  // With every team's statistics held, a rank says what it is out of.
  await teams.grid.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(new TeamPage(page).rankContexts.first()).toHaveText(
    /^of [\d,]+ teams that played$|^no match played$/,
  );
});
