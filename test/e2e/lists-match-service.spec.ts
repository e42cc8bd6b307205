import type { EventListItem } from '../../src/shared/wire/event';
import { expect, test } from './fixtures';
import { EventsPage } from './pages/events-page';
import { TeamsPage } from './pages/teams-page';
import type { Query } from './support/reference-service';
import { everyTeam } from './support/service-lists';

/** The events list shows this many a page; the service is asked for the same pages. */
const EVENTS_PER_PAGE = 50;

test('the events list, filtered and paged, equals the service’s answer to the same query', async ({
  app,
  service,
}) => {
  const { page } = app;
  const events = new EventsPage(page);
  const serviceIds = async (query: Query) =>
    (
      await service.list<EventListItem>('/v1/events', { perPage: EVENTS_PER_PAGE, ...query })
    ).data.map((event) => event.id);
  const expectSame = async (query: Query, address: RegExp) => {
    await expect(page).toHaveURL(address);
    const expected = await serviceIds(query);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => events.ids()).toEqual(expected);
  };

  const first = await service.list<EventListItem>('/v1/events', { perPage: EVENTS_PER_PAGE });
  expect(first.meta.total).toBeGreaterThan(EVENTS_PER_PAGE);
  // The list opens on what is current; the service's own order is one choice away.
  await events.order.selectOption('Oldest first');
  await expectSame({}, /#\/events\?sort=date$/);
  await expect(events.pages).toContainText(`Page 1 of 2 · ${first.meta.total} in all`);
  await events.pages.getByRole('button', { name: 'Next' }).click();
  await expectSame({ page: 2 }, /page=2/);
  await events.pages.getByRole('button', { name: 'Previous' }).click();
  await expectSame({}, /#\/events\?sort=date$/);

  const season = first.data[0]!.season;
  await events.season.selectOption(season);
  await expectSame({ season }, new RegExp(`season=${season}`));
  await events.status.selectOption('Past');
  await expectSame({ season, status: 'past' }, /status=past/);
  const region = first.data[0]!.location.state;
  await events.region.fill(region);
  await expectSame({ season, status: 'past', region }, new RegExp(`region=${region}`));

  // One filter at a time, each in the address before the next, as a person changes them.
  await events.season.selectOption('All seasons');
  await expect(page).not.toHaveURL(/season=/);
  await events.status.selectOption('All');
  await expect(page).not.toHaveURL(/status=/);
  await events.region.fill('');
  await expect(page).not.toHaveURL(/region=/);
  await events.search.fill('regional');
  await expectSame({ search: 'regional' }, /#\/events\?sort=date&search=regional$/);
});

test.describe('with everything synced', () => {
  // The season filter keeps the teams registered at that season's events: only a whole sync
  // holds every season's registrations, so that the cache can answer as the service does.
  test.use({ syncScope: 'all' });

  test('the teams list, filtered and scrolled to its end, equals the service’s list', async ({
    app,
    service,
  }) => {
    const { page } = app;
    await app.nav('Teams').click();
    await app.expectHeading('Teams');
    const teams = new TeamsPage(page);
    /** Each row drawn holds the team at its place in the service's list. */
    const expectDrawnRows = async (query: Query) => {
      const expected = (await everyTeam(service, query)).map((team) => team.number);
      await expect(teams.total).toHaveText(`${expected.length.toLocaleString('en-US')} teams`);
      await expect
        .poll(async () => {
          const drawn = await teams.drawn();
          return drawn.length > 0 && drawn.every((row) => expected[row.index] === row.number);
        })
        .toBe(true);
      return expected;
    };

    const all = await expectDrawnRows({});
    expect(all.length).toBeGreaterThan(100);

    // A season and a region: a list short enough to be drawn whole, compared whole.
    const [someTeam] = all;
    const season = (await service.one<{ season: string }>(`/v1/teams/${someTeam}/stats`)).data
      .season;
    await teams.season.selectOption(season);
    await expect(page).toHaveURL(new RegExp(`season=${season}`));
    const region = 'NH';
    await teams.region.fill(region);
    await expect(page).toHaveURL(new RegExp(`region=${region}`));
    const short = await expectDrawnRows({ season, region });
    expect(short.length).toBeGreaterThan(0);
    expect((await teams.drawn()).map((row) => row.number)).toEqual(short);

    // A search over more than one page of the service's: its last rows, reached by keyboard.
    await teams.season.selectOption('All seasons');
    await expect(page).not.toHaveURL(/season=/);
    await teams.region.fill('');
    await expect(page).not.toHaveURL(/region=/);
    await teams.search.fill('robo');
    await expect(page).toHaveURL(/#\/teams\?search=robo$/);
    const found = await expectDrawnRows({ search: 'robo' });
    expect(found.length).toBeGreaterThan(100);
    await teams.grid.focus();
    await page.keyboard.press('End');
    await expect
      .poll(async () => (await teams.drawn()).at(-1))
      .toEqual({ index: found.length - 1, number: found.at(-1) });
    await expectDrawnRows({ search: 'robo' });
  });
});
