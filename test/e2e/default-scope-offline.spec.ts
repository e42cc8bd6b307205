import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import type { EventListItem } from '../../src/shared/wire/event';
import type { TeamListItem } from '../../src/shared/wire/team';
import { expect, OUTAGE_NOTICED, test } from './fixtures';
import { ComparePage } from './pages/compare-page';
import { QuickOpenDialog } from './pages/quick-open';
import { TeamPage } from './pages/team-page';
import type { ReferenceService } from './support/reference-service';

/*
 * A new user at a live venue: the default scope, nothing pinned or starred, one sync, then the
 * wifi goes. The teams playing there show their record and compare with numbers; a team the scope
 * did not keep says "not kept offline" and how to keep it, never a dash or a 0; and nothing offers
 * "Sync now", which could not reach the service.
 */

// Syncs every second: the outage is noticed within a few seconds.
test.use({ syncIntervalMs: 1_000 });
// The outage is noticed in up to 20 s, and axe takes 1 to 3 s a check on these machines (four here).
test.describe.configure({ timeout: 90_000 });

/** Every team registered at a live or upcoming event: those the default scope may keep. */
async function teamsAtLiveOrComing(service: ReferenceService): Promise<Set<number>> {
  const teams = new Set<number>();
  for (const status of ['live', 'upcoming']) {
    const events = await service.list<EventListItem>('/v1/events', { status, perPage: 100 });
    for (const event of events.data) {
      const at = await service.list<TeamListItem>(`/v1/events/${event.id}/teams`, {
        perPage: 100,
      });
      for (const team of at.data) teams.add(team.number);
    }
  }
  return teams;
}

/** Screenshots in both themes, and what axe finds against WCAG AA in `include` in each. */
async function shoot(page: Page, testInfo: TestInfo, name: string, include: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`) });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .include(include)
      .setLegacyMode(true)
      .analyze();
    expect(violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('offline after a default sync: live teams have their record, others say how to keep them', async ({
  app,
  service,
}, testInfo) => {
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 820 });
  const live = await service.list<EventListItem>('/v1/events', { status: 'live', perPage: 1 });
  const event = live.data[0]!;
  const playing = await service.list<TeamListItem>(`/v1/events/${event.id}/teams`, {
    perPage: 2,
  });
  const [team, other] = playing.data;
  const kept = await teamsAtLiveOrComing(service);
  const past = await service.list<EventListItem>('/v1/events', { status: 'past', perPage: 1 });
  const pastTeams = await service.list<TeamListItem>(`/v1/events/${past.data[0]!.id}/teams`, {
    perPage: 100,
  });
  const notKept = pastTeams.data.find((candidate) => !kept.has(candidate.number));
  expect(notKept, 'a team of a past event only').toBeDefined();
  // The service has its statistics: only the copy lacks them.
  const serviceStats = await service.get<{ data: { matches: number } }>(
    `/v1/teams/${notKept!.number}/stats`,
  );
  expect(serviceStats.data.matches).toBeGreaterThan(0);

  // Nothing was opened before the wifi went: what shows is what the scope kept.
  await service.stop();
  await expect(app.syncState).toHaveAttribute('data-state', 'offline', OUTAGE_NOTICED);
  const noSyncNow = async () => {
    await expect(page.getByRole('button', { name: /Sync now/ })).toHaveCount(0);
  };

  await app.go(`/teams/${team!.number}`);
  await app.expectHeading(`${team!.number} · ${team!.name}`);
  await expect(new TeamPage(page).summaryLine).toHaveText(/^\d+–\d+ in /);
  await noSyncNow();

  const compare = new ComparePage(page);
  await app.go(`/compare?teams=${team!.number},${other!.number}`);
  await app.expectHeading('Compare teams');
  await expect(compare.row('Wins').getByRole('cell')).toHaveText([/\d+$/, /\d+$/]);
  await expect(compare.row('Matches').getByRole('cell')).toHaveText([/[1-9]/, /[1-9]/]);
  await expect(page.getByTestId('compare-no-stats')).toHaveCount(0);

  // A team the scope did not keep: its column says so and how, in one cell, with no dash or 0.
  await app.go(`/compare?teams=${team!.number},${notKept!.number}`);
  const missing = page.getByTestId('compare-no-stats');
  await expect(missing).toHaveText(
    /^Not kept offline: star this team, or keep its event offline, to have its statistics next time\./,
  );
  // (The rows computed here, OPR to Rating, are a body of their own under the service's figures.)
  await expect(
    compare.table.locator(`tbody:not(.compare-analysis) td[data-team="${notKept!.number}"]`),
  ).toHaveCount(1);
  await expect(compare.row('Losses').getByRole('cell')).toHaveText([/\d+$/]);
  await noSyncNow();
  await shoot(page, testInfo, 'compare-not-kept-offline', '[data-testid="compare-table"]');
  await missing.getByRole('button', { name: `Star ${notKept!.number}` }).click();
  await expect(missing).toHaveText(/^Not kept offline yet: starred, so its statistics are kept/);

  // The Team page says it in the same words (starred now, so kept from the next sync), and its
  // empty tabs offer no sync either.
  await app.go(`/teams/${notKept!.number}`);
  await app.expectHeading(new RegExp(`^${notKept!.number} · `));
  await expect(page.getByTestId('state-empty')).toHaveText([
    /^Not kept offline yet: starred, so its statistics are kept from the next sync/,
    /^Not kept offline yet: starred, so its events are kept from the next sync/,
  ]);
  await noSyncNow();
  await shoot(page, testInfo, 'team-not-kept-offline', '[data-testid="state-empty"]');

  // An empty state that offered "Sync now" says what happens instead.
  // The team page just left has two empty states of its own: the new one is read once it shows.
  await app.go('/teams/99999');
  await app.expectHeading('Team 99999');
  await expect(page.getByTestId('state-empty')).toHaveText(
    'Team 99999 is not in the local copy; Pitside looks for it on the service once it can be reached.',
  );
  await noSyncNow();
  await shoot(page, testInfo, 'empty-state-offline', '[data-testid="state-empty"]');

  const quickOpen = new QuickOpenDialog(page);
  await quickOpen.openWithShortcut();
  await quickOpen.search('sync');
  await expect(quickOpen.option(/Sync now/)).toHaveCount(0);
});
