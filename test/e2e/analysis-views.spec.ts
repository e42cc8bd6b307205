import { WHAT_IF_RUNS, type EventAnalysis, type TeamAnalysis } from '../../src/shared/ipc/analysis';
import type { EventListItem } from '../../src/shared/wire/event';
import type { MatchRecord } from '../../src/shared/wire/match';
import { expect, test } from './fixtures';
import type { AppPage } from './pages/app-page';
import { EventPage } from './pages/event-page';
import type { ReferenceService } from './support/reference-service';
import { tourSubjects } from './support/tour';

/*
 * The analyst's views through the preview: main's real analysis (its worker reading the SQLite
 * cache the sync filled) answers, and each view must show what it answered. The figures are read
 * from the same commands the page calls, so nothing here is a number written by hand.
 */

async function eventAnalysis(app: AppPage, eventId: string): Promise<EventAnalysis> {
  const handlers = app.preview.workspace.dataHandlers;
  let data: EventAnalysis | null = null;
  await expect
    .poll(async () => {
      data = (await handlers['analysis:event']({ eventId })).data;
      return data !== null;
    })
    .toBe(true);
  return data as unknown as EventAnalysis;
}

/** A live event (synced whole by the default scope) with qualification matches still to play. */
async function eventWithMatchesLeft(service: ReferenceService): Promise<EventListItem> {
  const live = await service.list<EventListItem>('/v1/events', { status: 'live', perPage: 100 });
  for (const event of live.data) {
    const matches = await service.list<MatchRecord>(`/v1/events/${event.id}/matches`, {
      perPage: 100,
    });
    const left = matches.data.some(
      (match) => match.type === 'qualification' && match.status !== 'played',
    );
    if (left) return event;
  }
  throw new Error('no live event of the demo has a qualification match left to play');
}

async function teamAnalysis(app: AppPage, teamNumber: number): Promise<TeamAnalysis> {
  const handlers = app.preview.workspace.dataHandlers;
  let data: TeamAnalysis | null = null;
  await expect
    .poll(async () => {
      data = (await handlers['analysis:team']({ teamNumber })).data;
      return data !== null;
    })
    .toBe(true);
  return data as unknown as TeamAnalysis;
}

test('the Rankings tab lists the computed ranking, its basis and its provisional values', async ({
  app,
  service,
}) => {
  const { event } = await tourSubjects(service);
  const analysis = await eventAnalysis(app, event.id);
  await app.go(`/events/${event.id}?tab=rankings`);
  const rankings = app.page.getByTestId('event-rankings');
  await expect(new EventPage(app.page).tab('Rankings')).toHaveAttribute('aria-selected', 'true');
  await expect(rankings.getByTestId('rankings-disclaimer')).toContainText(
    'the official ranking may differ',
  );
  const { played, total } = analysis.basis;
  await expect(rankings.getByTestId('analysis-basis')).toContainText(
    `from ${played} of ${total} played matches, as of`,
  );
  const rows = rankings.getByTestId('ranking-row');
  await expect(rows).toHaveCount(analysis.teams.length);
  // The order on screen is the analysis' order.
  const shownTeams = await rows.evaluateAll((each) => each.map((row) => row.dataset.team));
  expect(shownTeams).toEqual(analysis.teams.map((row) => String(row.team)));
  // Each provisional OPR says so, with its count; an exact one does not.
  for (const row of analysis.teams.slice(0, 12)) {
    const cell = app.page.locator(`[data-testid="ranking-row"][data-team="${row.team}"]`);
    const contribution = row.contribution;
    if (contribution === null) continue;
    if (contribution.provisional) {
      const n = contribution.matches;
      await expect(cell.getByTestId('ranking-opr')).toContainText(
        n === 0 ? 'no match played yet' : `from ${n} ${n === 1 ? 'match' : 'matches'}`,
      );
      await expect(cell.getByTestId('ranking-opr')).toContainText('provisional');
    } else {
      await expect(cell.getByTestId('ranking-opr')).not.toContainText('from');
    }
  }
});

test('the Matches tab shows predictions, whether they were right, and their accuracy', async ({
  app,
  service,
}) => {
  const { event } = await tourSubjects(service);
  const analysis = await eventAnalysis(app, event.id);
  await app.go(`/events/${event.id}?tab=matches`);
  const tab = app.page.getByTestId('event-matches');
  await expect(tab.getByTestId('prediction-accuracy')).toContainText('a coin flip scores 0.25');
  const accuracy = analysis.accuracy;
  if (accuracy !== null && accuracy.matches > 0) {
    await expect(tab.getByTestId('prediction-accuracy')).toContainText(
      `Right in ${accuracy.right} of ${accuracy.called} played`,
    );
  }
  const predictions = tab.getByTestId('prediction');
  await expect(predictions).toHaveCount(analysis.predictions.length);
  const scheduled = analysis.predictions.filter((each) => each.winner === null);
  const played = analysis.predictions.filter((each) => each.right !== null);
  expect(scheduled.length, 'a live event has matches to come').toBeGreaterThan(0);
  expect(played.length, 'a live event has played matches').toBeGreaterThan(0);
  // A match too early or even to call made no call: played or not, it shows its scores only.
  const uncalled = analysis.predictions.filter((each) => each.right === null);
  await expect(
    predictions.filter({ hasText: /^((Red|Blue) [<>]?\d+%|Even) · \d+–\d+$|^Too early$/ }),
  ).toHaveCount(uncalled.length);
  await expect(predictions.filter({ hasText: /prediction (right|wrong|tie)$/ })).toHaveCount(
    played.length,
  );
});

test('a team’s page says its next match, counting down with the app’s clock', async ({
  app,
  service,
}) => {
  const { teams } = await tourSubjects(service);
  const team = teams[0];
  const analysis = await teamAnalysis(app, team.number);
  await app.go(`/teams/${team.number}`);
  const next = app.page.getByTestId('team-analysis').getByTestId('next-match');
  if (analysis.next.state === 'scheduled') {
    const { label, partners, opponents } = analysis.next;
    await expect(next).toContainText(`Next: ${label}`);
    for (const number of [...partners, ...opponents])
      await expect(next).toContainText(String(number));
    await expect(next).toHaveText(/(in about \d+|starting now|due \d+ min ago|on )/);
    await expect(next).toHaveText(
      /\((running \d+ min (behind|ahead)|on time|delay not known yet)\)$/,
    );
  } else {
    await expect(next).toHaveText(/No matches scheduled|is over/);
  }
  await expect(app.page.getByTestId('team-rating')).toContainText(
    analysis.rating === null
      ? 'no match this season'
      : `of ${analysis.rating.of.toLocaleString('en-US')}`,
  );
});

test('a what-if run with a fixed outcome changes a team’s chance of the top 8', async ({
  app,
  service,
}) => {
  const event = await eventWithMatchesLeft(service);
  await eventAnalysis(app, event.id);
  await app.go(`/events/${event.id}?tab=rankings`);
  const whatIf = app.page.getByTestId('what-if');
  await whatIf.getByTestId('what-if-run').click();
  const rows = whatIf.getByTestId('what-if-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(whatIf.getByTestId('what-if-status')).toContainText('10,000 runs');

  // Among the teams with a match still to play, the one whose chance is the most open.
  const result = await app.preview.workspace.dataHandlers['analysis:whatIf']({
    eventId: event.id,
    fixed: [],
    runs: WHAT_IF_RUNS.default,
    seed: 1,
  });
  const matches = await app.preview.workspace.dataHandlers['events:matches']({
    eventId: event.id,
    page: 1,
    perPage: 100,
  });
  const remaining = matches.data.filter(
    (match) => match.type === 'qualification' && match.status !== 'played',
  );
  const nextOf = (team: number) =>
    remaining.find((match) => match.red.teams.includes(team) || match.blue.teams.includes(team));
  const open = (result.data?.teams ?? [])
    .filter((team) => nextOf(team.team) !== undefined)
    .sort((a, b) => Math.abs(a.top8 - 0.5) - Math.abs(b.top8 - 0.5))[0];
  if (open === undefined) throw new Error(`no team at ${event.id} has a match left to fix`);
  const theirs = nextOf(open.team);
  if (theirs === undefined) throw new Error(`${open.team} has no match left to fix`);
  const lose = theirs.red.teams.includes(open.team) ? 'Blue wins' : 'Red wins';
  const before = await rows
    .and(app.page.locator(`[data-team="${open.team}"]`))
    .getByTestId('what-if-top8')
    .textContent();

  await whatIf.getByTestId('what-if-match').selectOption({ label: `Q${theirs.number}` });
  await whatIf.getByTestId('what-if-outcome').selectOption({ label: lose });
  await whatIf.getByRole('button', { name: 'Fix outcome' }).click();
  await expect(whatIf.getByTestId('what-if-fixed')).toContainText(`${lose} Q${theirs.number}`);
  await expect(whatIf.getByTestId('what-if-status')).toContainText('outcomes changed');
  await whatIf.getByTestId('what-if-run').click();
  await expect(whatIf.getByRole('columnheader', { name: 'Change' })).toBeVisible({
    timeout: 30_000,
  });
  const after = rows
    .and(app.page.locator(`[data-team="${open.team}"]`))
    .getByTestId('what-if-top8');
  await expect(after).not.toHaveText(before ?? '');
});
