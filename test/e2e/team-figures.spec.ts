import type { EventListItem } from '../../src/shared/wire/event';
import type { TeamSeasonStats } from '../../src/shared/wire/stats';
import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, test } from './fixtures';
import { FIGURES, TeamPage, type Figure } from './pages/team-page';
import type { ReferenceService } from './support/reference-service';

const count = (value: number) => value.toLocaleString('en-US');
const oneDecimal = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const rank = (value: number) => (value > 0 ? `#${count(value)}` : '—');

/** What each rank card must read for the service's statistics of one season. */
function expectedFigures(stats: TeamSeasonStats): Record<Figure, string> {
  return {
    'World rank': rank(stats.rankings.world),
    'Regional rank': rank(stats.rankings.regional),
    'State rank': rank(stats.rankings.state),
  };
}

/** A team at a live event that played two seasons or more, with its statistics of each. */
async function teamWithSeasons(service: ReferenceService) {
  const events = await service.list<EventListItem>('/v1/events', { perPage: 100 });
  const seasons = [...new Set(events.data.map((event) => event.season))].sort().reverse();
  const live = events.data.find((event) => event.status === 'live')!;
  const teams = await service.list<TeamListItem>(`/v1/events/${live.id}/teams`, { perPage: 100 });
  for (const team of teams.data) {
    const played = new Map<string, TeamSeasonStats>();
    for (const season of seasons) {
      // The service answers zeros for a season the team did not play.
      const { data } = await service.one<TeamSeasonStats>(`/v1/teams/${team.number}/stats`, {
        season,
      });
      if (data.matches > 0) played.set(season, data);
    }
    if (played.size >= 2) return { team, played };
  }
  throw new Error(`no team at ${live.id} played two seasons`);
}

test('a favorite team’s figures equal the service’s statistics, season by season', async ({
  app,
  service,
}) => {
  const { page } = app;
  // The service's figures are read once, before the app is driven: its clock is pinned, so they
  // cannot move during the test.
  const { team, played } = await test.step('find a team with two seasons', () =>
    teamWithSeasons(service));
  await app.go(`/teams/${team.number}`);
  await app.expectHeading(`${team.number} · ${team.name}`);
  const teamPage = new TeamPage(page);

  await test.step('favorite it, and sync its statistics now', async () => {
    // A favorite's statistics are synced first; Ctrl+S runs that sync now.
    await teamPage.favorite.click();
    await expect(teamPage.favorite).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Control+s');
    await app.waitForSync();
  });

  for (const [season, stats] of played) {
    await test.step(`the figures of ${season}`, async () => {
      await teamPage.seasonPicker.selectOption(season);
      await expect(teamPage.seasonPicker).toHaveValue(season);
      const expected = expectedFigures(stats);
      for (const figure of FIGURES) {
        await expect(teamPage.figure(figure), `${figure} in ${season}`).toHaveText(
          expected[figure],
        );
      }
      const high = Number.isInteger(stats.highScore)
        ? count(stats.highScore)
        : oneDecimal(stats.highScore);
      await expect(teamPage.summaryLine).toContainText(
        `${count(stats.wins)}–${count(stats.losses)} in ${season} · ` +
          `${Math.round(stats.winRate * 100)}% · avg ${oneDecimal(stats.avgScore)} · high ${high}`,
      );
    });
  }
});
