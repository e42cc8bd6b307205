import { expect, type Page } from '@playwright/test';
import type { EventListItem } from '../../../src/shared/wire/event';
import type { TeamListItem } from '../../../src/shared/wire/team';
import type { AppPage } from '../pages/app-page';
import { QuickOpenDialog } from '../pages/quick-open';
import { TeamPage } from '../pages/team-page';
import type { ReferenceService } from './reference-service';

/** One stop of a walk through every view: where it is, and when it has finished drawing. */
export interface Stop {
  name: string;
  /** The hash path, or null for an overlay opened over the view before it. */
  path: string | null;
  heading: string | RegExp;
  ready: (page: Page) => Promise<void>;
}

/** A live event (synced whole by the default scope) and two of its teams, from the service. */
export async function tourSubjects(service: ReferenceService) {
  const live = await service.list<EventListItem>('/v1/events', { status: 'live', perPage: 1 });
  const event = live.data[0];
  if (event === undefined) throw new Error('the demo data set has no live event');
  const teams = await service.list<TeamListItem>(`/v1/events/${event.id}/teams`, { perPage: 2 });
  const [first, second] = teams.data;
  if (first === undefined || second === undefined) throw new Error(`${event.id} has < 2 teams`);
  return { event, teams: [first, second] as const };
}

/**
 * Every view of the app, each with its one heading, in the order a person might visit them. The
 * two teams are made favorites and synced first, so their statistics are in the cache and every
 * view has what it shows before it is looked at.
 */
export async function tourOf(app: AppPage, service: ReferenceService): Promise<Stop[]> {
  const { event, teams } = await tourSubjects(service);
  const [team, other] = teams;
  const { workspace } = app.preview;
  for (const { number } of teams) {
    await workspace.dataHandlers['favorites:set']({ teamNumber: number, favorite: true });
  }
  // Each favorite starts a sync at once; the run after them has both teams in its plan.
  const { engine } = workspace.current;
  await engine.idle();
  await engine.run();
  await app.waitForSync();
  const teamHeading = `${team.number} · ${team.name}`;
  const visible = (testId: string | RegExp) => async (page: Page) => {
    await expect(page.getByTestId(testId).first()).toBeVisible();
  };
  return [
    { name: 'events', path: '/events', heading: 'Events', ready: visible('event-row') },
    {
      name: 'event-teams',
      path: `/events/${event.id}`,
      heading: event.name,
      ready: visible('event-team-row'),
    },
    {
      name: 'event-rankings',
      path: `/events/${event.id}?tab=rankings`,
      heading: event.name,
      ready: visible('ranking-row'),
    },
    {
      name: 'what-if',
      path: null,
      heading: event.name,
      ready: async (page) => {
        const whatIf = page.getByTestId('what-if');
        await whatIf.getByTestId('what-if-run').click();
        await expect(whatIf.getByTestId('what-if-row').first()).toBeVisible({ timeout: 30_000 });
        await whatIf.scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'event-matches',
      path: `/events/${event.id}?tab=matches`,
      heading: event.name,
      ready: async (page) => {
        await expect(page.getByTestId('match-table').first()).toBeVisible();
        await expect(page.getByTestId('prediction').first()).toBeVisible();
        // The what-if before it scrolled the page down: the predictions' summary first.
        await page.getByTestId('prediction-accuracy').evaluate((line) => line.scrollIntoView());
      },
    },
    {
      name: 'event-clips',
      path: `/events/${event.id}?tab=clips`,
      heading: event.name,
      ready: visible(/^(clip-table|state-empty)$/),
    },
    {
      name: 'teams',
      path: '/teams',
      heading: 'Teams',
      ready: async (page) => {
        await expect(page.locator('[data-team-number]').first()).toBeVisible();
      },
    },
    {
      name: 'team',
      path: `/teams/${team.number}`,
      heading: teamHeading,
      ready: async (page) => {
        await expect(new TeamPage(page).figure('World rank')).toBeVisible();
        await expect(page.getByTestId('next-match')).toBeVisible();
        await expect(page.getByTestId('events-table')).toBeVisible();
        // The chart is loaded on demand: without this the picture showed its empty placeholder.
        await expect(page.getByTestId('team-chart')).toBeVisible();
      },
    },
    {
      name: 'team-matches',
      path: `/teams/${team.number}?tab=matches`,
      heading: teamHeading,
      ready: visible('match-table'),
    },
    {
      name: 'compare',
      path: `/compare?teams=${team.number},${other.number}`,
      heading: 'Compare teams',
      ready: async (page) => {
        await expect(page.getByTestId('compare-table')).toBeVisible();
        await expect(page.getByTestId('compare-row-wins').getByRole('cell')).toHaveText([
          /\d/,
          /\d/,
        ]);
      },
    },
    // The organizer's views: the fixture's key must be an organizer's for them to show the forms.
    { name: 'new-event', path: '/events/new', heading: 'New event', ready: visible('event-form') },
    {
      name: 'edit-event',
      path: `/events/${event.id}/edit`,
      heading: `Edit ${event.name}`,
      ready: visible('event-form'),
    },
    {
      name: 'edits',
      path: '/edits',
      heading: 'Edits not sent yet',
      ready: visible(/^(edit-item|state-empty)$/),
    },
    { name: 'settings', path: '/settings', heading: 'Settings', ready: visible('app-info') },
    {
      name: 'quick-open',
      path: null,
      heading: 'Settings',
      ready: async (page) => {
        const quickOpen = new QuickOpenDialog(page);
        await quickOpen.openWithShortcut();
        await quickOpen.search(String(team.number));
        await expect(quickOpen.option(teamHeading)).toBeVisible();
      },
    },
  ];
}

/** Goes to a stop and waits until it has drawn what it shows. */
export async function visit(app: AppPage, stop: Stop): Promise<void> {
  if (stop.path !== null) await app.go(stop.path);
  await app.expectHeading(stop.heading);
  await stop.ready(app.page);
}
