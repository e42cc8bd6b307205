import { beforeAll, describe, expect, it } from 'vitest';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { Favorites } from '../../../src/main/settings/favorites';
import { LIST_PAGE_SIZE } from '../../../src/main/sync/list-pull';
import { completeResources, readCacheCopy } from '../../harness/cache-copy';
import { canonical, differences, recordsText, type Copy } from '../../harness/copy';
import type { RecordedRequest } from '../../harness/fault-proxy';
import { TEST_NOW } from '../../harness/server';
import {
  eachLimited,
  idOf,
  numberOf,
  serviceReader,
  withoutStatus,
} from '../../harness/service-copy';
import { createEvent, uniqueName } from '../../server/conformance/fixtures';
import { Api } from '../../server/conformance/http';
import { useProxiedRigs } from './proxied-rigs';
import type { SyncRig } from './sync-rig';

/*
 * How a run brings the two big lists: both first and side by side, every page after the first at
 * once, committed before they are checked, and on a first sync growing page by page. Each test
 * watches a first sync from the fault proxy in front of the demo service: a hook runs when a
 * chosen request arrives and reads the cache as it is at that moment.
 *
 * The demo's events list is one page. Events are added until it has eight: more pages after the
 * first than the six requests a run used to keep in flight, so that "every other page at once"
 * can be told from "a few at a time".
 */

type List = 'events' | 'teams';
type WireRecord = Record<string, unknown>;

const LISTS: readonly List[] = ['events', 'teams'];
const EVENT_PAGES = 8;
const TEAM_PAGES = 6;

const proxied = useProxiedRigs();
const viewer = () => serviceReader(proxied.server().url, proxied.server().keys.viewer);

beforeAll(async () => {
  const listed = await viewer().list('/v1/events');
  const missing = (EVENT_PAGES - 1) * LIST_PAGE_SIZE + 1 - listed.length;
  const api = new Api(proxied.server());
  await eachLimited(Array.from({ length: missing }), 8, async () => {
    await createEvent(api, { name: uniqueName('Added') });
  });
});

/** The page a request asks for when it is a page of `list` (of either list when absent). */
function pageOf(path: string, list?: List): number | null {
  const url = new URL(path, 'http://proxy');
  const paths = (list === undefined ? LISTS : [list]).map((name) => `/v1/${name}`);
  return paths.includes(url.pathname) ? Number(url.searchParams.get('page')) : null;
}

const isListPage = (request: RecordedRequest) => pageOf(request.path) !== null;
/** A check: the request sends the validator of the page it read before. */
const isCheck = (request: RecordedRequest) => request.headers['if-none-match'] !== undefined;

/** A page of the first read of a list that nothing is held of yet: there is nothing to validate. */
const firstRead = (list: List, pages: (page: number) => boolean) => (request: RecordedRequest) => {
  const page = pageOf(request.path, list);
  return page !== null && pages(page) && !isCheck(request);
};

/** Holds every request it is given until `count` of them have arrived. */
function gathering(count: number) {
  const arrived: number[] = [];
  let open = () => {};
  const all = new Promise<void>((resolve) => (open = resolve));
  return {
    /** The pages held, in the order they arrived. */
    arrived,
    async hold(request: RecordedRequest) {
      arrived.push(pageOf(request.path) ?? 0);
      if (arrived.length >= count) open();
      await all;
    },
  };
}

/** The service's list, each record as the cache keeps it (an event's status is derived). */
async function serviceList(list: List): Promise<WireRecord[]> {
  const records = await viewer().list(`/v1/${list}`);
  return list === 'events' ? records.map(withoutStatus) : records;
}

const keyOf = (list: List) => (record: WireRecord) =>
  list === 'events' ? idOf(record) : numberOf(record);

/**
 * A rig whose commits are also told to the waiters of `afterCommit`, so that a hook can wait for
 * the cache to reach a state instead of sleeping.
 */
function committingRig() {
  const rig = proxied.rig();
  const waiters: { holds: () => boolean; resolve: () => void }[] = [];
  rig.engine = rig.rebuild({
    queue: new WriteQueue(rig.cache.writer, {
      onCommit: (changed) => {
        rig.changes.push(...changed);
        for (const waiter of waiters.splice(0)) {
          if (waiter.holds()) waiter.resolve();
          else waiters.push(waiter);
        }
      },
    }),
  });
  const afterCommit = (holds: () => boolean) =>
    holds() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ holds, resolve }));
  return { rig, afterCommit };
}

/** The lists the cache's sync state calls complete right now. */
const completeLists = (rig: SyncRig) =>
  LISTS.filter((list) => completeResources(rig.cache.reader).has(list));

const expectCompleted = async (rig: SyncRig) =>
  expect(await rig.run({ scope: 'default' })).toMatchObject({
    outcome: 'completed',
    problem: null,
  });

describe('the events and teams lists of a first sync', () => {
  it('come first, side by side; pinned events, live events and favorite teams after both', async () => {
    const rig = proxied.rig();
    const proxy = proxied.proxy();
    const events = await viewer().list('/v1/events');
    const [pinned] = events.filter((event) => event.status === 'past');
    const [live] = events.filter((event) => event.status === 'live');
    const [favorite] = await viewer().list('/v1/teams');
    if (pinned === undefined || live === undefined || favorite === undefined) {
      throw new Error('the demo data has no past event, live event or team');
    }
    const favorites = new Favorites(
      rig.cache.reader,
      rig.cache.writer,
      new WriteQueue(rig.cache.writer),
      () => new Date(TEST_NOW),
    );
    await favorites.setPinned(idOf(pinned), true);
    await favorites.setFavorite(numberOf(favorite), true);

    // Each list's first page waits for the other's: both are asked for before either is
    // answered. A run that asked for something else first has its order wrong already and is
    // not held (it might never ask for the other list while one is held).
    const firstPages = gathering(2);
    let completeAtFirstOther: List[] | null = null;
    proxy.plan(
      {
        fault: {
          kind: 'hook',
          action: (request) =>
            proxy.requests.every(isListPage) ? firstPages.hold(request) : undefined,
        },
        match: (request) => pageOf(request.path) === 1 && !isCheck(request),
      },
      {
        fault: { kind: 'hook', action: () => void (completeAtFirstOther = completeLists(rig)) },
        match: (request) => !isListPage(request),
        times: 1,
      },
    );

    await expectCompleted(rig);

    const paths = proxy.requests.map((request) => request.path);
    expect(paths.slice(0, 2).sort()).toEqual([
      '/v1/events?page=1&perPage=100',
      '/v1/teams?page=1&perPage=100',
    ]);
    expect(firstPages.arrived).toHaveLength(2);
    // Nothing but list pages until both lists are read whole; their check passes (conditional
    // requests) may go on beside what follows.
    const firstOther = proxy.requests.findIndex((request) => !isListPage(request));
    const lastRead = proxy.requests.findLastIndex(
      (request) => isListPage(request) && !isCheck(request),
    );
    expect(firstOther).toBeGreaterThan(lastRead);
    expect(completeAtFirstOther).toEqual(LISTS);
    const after = paths.slice(firstOther);
    expect(after).toContain(`/v1/events/${idOf(pinned)}`);
    expect(after).toContain(`/v1/events/${idOf(live)}`);
    expect(after).toContain(`/v1/teams/${numberOf(favorite)}`);
  });

  it('ask for every page after the first at once, once the first has told the total', async () => {
    const rig = proxied.rig();
    const proxy = proxied.proxy();
    // Pages 2 to 8 of the events list are each held until all seven have been asked for: a run
    // that needs one of them answered before it asks for another never gets them all. (The
    // client's pace admits six requests at first and one more per answer: once both lists' first
    // pages are answered, eight may be in flight, and the teams pages are not held.)
    const rest = gathering(EVENT_PAGES - 1);
    proxy.plan({
      fault: { kind: 'hook', action: (request) => rest.hold(request) },
      match: firstRead('events', (page) => page > 1),
    });

    await expectCompleted(rig);

    expect([...rest.arrived].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const eventPages = proxy.requests.filter((request) => pageOf(request.path, 'events') !== null);
    expect(pageOf(eventPages[0]?.path ?? '', 'events')).toBe(1);
  });

  it('are committed whole before the check that reads every page again', async () => {
    const rig = proxied.rig();
    const proxy = proxied.proxy();
    const service: Copy = new Map();
    const totals = new Map<List, number>();
    for (const list of LISTS) {
      const records = await serviceList(list);
      service.set(list, recordsText(records, keyOf(list)));
      totals.set(list, records.length);
    }
    // What the cache shows of each list when the first page of its check is asked for.
    const atCheck = new Map<List, { complete: number | undefined; differences: string[] }>();
    proxy.plan(
      ...LISTS.map((list) => ({
        fault: {
          kind: 'hook' as const,
          action: () => {
            atCheck.set(list, {
              complete: completeResources(rig.cache.reader).get(list),
              differences: differences(readCacheCopy(rig.cache.reader), service, {
                only: (key) => key === list,
              }),
            });
          },
        },
        match: (request: RecordedRequest) =>
          pageOf(request.path, list) !== null && isCheck(request),
        times: 1,
      })),
    );

    await expectCompleted(rig);

    expect(atCheck).toEqual(
      new Map(LISTS.map((list) => [list, { complete: totals.get(list), differences: [] }])),
    );
    const checks = (list: List) =>
      proxy.requests.filter((request) => pageOf(request.path, list) !== null && isCheck(request));
    expect(checks('events')).toHaveLength(EVENT_PAGES);
    expect(checks('teams')).toHaveLength(TEAM_PAGES);
  });

  it('grow page by page, each record as the service sent it, incomplete until committed', async () => {
    const { rig, afterCommit } = committingRig();
    const proxy = proxied.proxy();
    const teams = await serviceList('teams');
    const held = () => cachedTeams(rig, teams);

    const looks = new Map<string, ReturnType<typeof cachedTeams>>();
    proxy.plan(
      {
        fault: {
          kind: 'hook',
          action: async (request) => {
            // The first of pages 2 to 6 to be asked for: only page 1 can have been answered.
            if (looks.size === 0) looks.set('before page 2', held());
            if (pageOf(request.path) !== TEAM_PAGES) return;
            // The last page waits until the four before it are in. A run that has not even
            // written page 1 by now will not write those before this one either: not waited for.
            if (held().records > 0) {
              await afterCommit(() => held().records === (TEAM_PAGES - 1) * LIST_PAGE_SIZE);
            }
            looks.set('before the last page', held());
          },
        },
        match: firstRead('teams', (page) => page > 1),
      },
      {
        fault: { kind: 'hook', action: () => void looks.set('at the check', held()) },
        match: (request) => pageOf(request.path, 'teams') !== null && isCheck(request),
        times: 1,
      },
    );

    await expectCompleted(rig);

    // Page 1 is written as it comes, without holding up the requests for the others: when they
    // go out it may or may not be in yet, but nothing else can be.
    const early = looks.get('before page 2');
    expect(early).toMatchObject({ complete: false, unlike: [] });
    expect([fullPages(0), fullPages(1)]).toContainEqual(early?.pages);
    const late = looks.get('before the last page');
    expect(late).toMatchObject({
      complete: false,
      pages: fullPages(TEAM_PAGES - 1),
      unlike: [],
    });
    expect(late?.notices).toBeGreaterThan(0);
    expect(looks.get('at the check')).toMatchObject({
      complete: true,
      pages: fullPages(TEAM_PAGES),
      unlike: [],
    });
    expect(rig.problems()).toEqual([]);
  });
});

/** `count` pages, each held whole: what the cache holds after the first `count` pages. */
function fullPages(count: number): Record<number, number> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [index + 1, LIST_PAGE_SIZE]),
  );
}

/**
 * The teams list as the cache shows it now, against the service's list in its page order: whether
 * its sync state calls it complete, how many records of each of the service's pages it holds, the
 * teams it holds otherwise than as the service sent them, and how many commits have told views
 * that teams changed.
 */
function cachedTeams(rig: SyncRig, service: readonly WireRecord[]) {
  const sent = new Map(
    service.map((team, index) => [numberOf(team), { index, text: canonical(team) }]),
  );
  const records = JSON.parse(readCacheCopy(rig.cache.reader).get('teams') ?? '[]') as WireRecord[];
  const pages: Record<number, number> = {};
  const unlike: number[] = [];
  for (const team of records) {
    const original = sent.get(numberOf(team));
    if (original === undefined || original.text !== canonical(team)) {
      unlike.push(numberOf(team));
      continue;
    }
    const page = Math.floor(original.index / LIST_PAGE_SIZE) + 1;
    pages[page] = (pages[page] ?? 0) + 1;
  }
  return {
    complete: completeLists(rig).includes('teams'),
    records: records.length,
    pages,
    unlike,
    notices: rig.changes.filter((resource) => resource === 'teams').length,
  };
}
