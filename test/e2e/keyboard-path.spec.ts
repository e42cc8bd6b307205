import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TeamSeasonStats } from '../../src/shared/wire/stats';
import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, test } from './fixtures';
import { ComparePage } from './pages/compare-page';
import { TeamPage } from './pages/team-page';
import { tourSubjects } from './support/tour';

/** The command line's header for team statistics, with each team's name: a comparison's file. */
const STATS_HEADER =
  'teamNumber,teamName,season,events,matches,wins,losses,winRate,avgScore,highScore,' +
  'rankings.regional,rankings.state,rankings.world';

/** A CSV field as RFC 4180 writes it: quoted when it holds a comma, quote or line break. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function statsRow(team: TeamListItem, stats: TeamSeasonStats): string {
  const { rankings } = stats;
  return [
    team.number,
    field(team.name),
    stats.season,
    stats.events,
    stats.matches,
    stats.wins,
    stats.losses,
    stats.winRate,
    stats.avgScore,
    stats.highScore,
    rankings.regional,
    rankings.state,
    rankings.world,
  ].join(',');
}

test('keyboard only: find a team, read its record, compare it, export the comparison', async ({
  app,
  service,
}) => {
  const { page, quickOpen } = app;
  const { teams } = await tourSubjects(service);
  const [team, other] = teams;
  const teamPage = new TeamPage(page);

  await page.keyboard.press('Control+k');
  await expect(quickOpen.input).toBeFocused();
  await page.keyboard.type(String(team.number));
  await expect(quickOpen.highlighted).toHaveText(new RegExp(`^${team.number} · `));
  await page.keyboard.press('Enter');
  await app.expectHeading(`${team.number} · ${team.name}`);

  const season = await teamPage.seasonPicker.inputValue();
  const { data: stats } = await service.one<TeamSeasonStats>(`/v1/teams/${team.number}/stats`, {
    season,
  });
  await expect(teamPage.summaryLine).toContainText(`${stats.wins}–${stats.losses} in ${season}`);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('compare');
  await expect(quickOpen.highlighted).toHaveText(`Compare ${team.number} with…`);
  await page.keyboard.press('Enter');
  await app.expectHeading('Compare teams');
  const compare = new ComparePage(page);
  await expect(compare.addTeam).toBeFocused();
  await page.keyboard.type(String(other.number));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`teams=${team.number}(%2C|,)${other.number}`));
  await expect(compare.row('Wins').getByRole('cell')).toHaveText([/\d/, /\d/]);
  const compareSeason = (await page.getByTestId('compare-season').textContent()) ?? '';

  await page.keyboard.press('Control+k');
  await page.keyboard.type('export');
  await expect(quickOpen.highlighted).toHaveText('Export this list');
  await page.keyboard.press('Enter');
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveText(/^Saved 2 rows to .+\.csv/);
  const path = /Saved 2 rows to (.+\.csv)/.exec((await notice.textContent()) ?? '')![1]!;
  expect(dirname(path)).toBe(app.exportsDirectory);

  // The app's exports open in a spreadsheet: a UTF-8 byte-order mark comes first.
  const text = await readFile(path, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
  const expected = [STATS_HEADER];
  for (const each of [team, other]) {
    const { data } = await service.one<TeamSeasonStats>(`/v1/teams/${each.number}/stats`, {
      season: compareSeason,
    });
    expected.push(statsRow(each, data));
  }
  expect(lines).toEqual(expected);
});

test('after a move to a team, focus is on its heading, where reading starts', async ({
  app,
  service,
}) => {
  const [first] = (await service.list<TeamListItem>('/v1/teams', { perPage: 1 })).data;
  await app.go(`/teams/${first!.number}`);
  await app.expectHeading(`${first!.number} · ${first!.name}`);
  // Focus moves with the view or not at all: two seconds is plenty.
  await expect(app.heading).toBeFocused({ timeout: 2_000 });
});
