import type { Freshness } from '../../../shared/ipc/cached';
import type { CommandInput } from '../../../shared/ipc/contract';
import type { CacheResource } from '../../../shared/ipc/resources';
import { PER_PAGE_MAX, type ListMeta } from '../../../shared/wire/envelopes';
import { bridge, unwrap } from '../api';
import { createQueryStore } from './query-store';

/*
 * The cached reads, one store per concern. Each loader is one bridge command; the views read
 * through `useQuery` and never call the bridge themselves.
 */

interface CachedPage<Item> {
  data: Item[];
  meta: ListMeta;
  freshness: Freshness;
  builtFrom: CacheResource[];
}

/**
 * Every page of a cached list joined into one answer, for what must be seen whole (a schedule
 * grouped by match type). Complete only when every page was; as of its oldest page.
 */
async function everyPage<Item>(
  readPage: (page: number) => Promise<CachedPage<Item>>,
): Promise<CachedPage<Item>> {
  const first = await readPage(1);
  const pages = [first];
  const pageCount = Math.ceil(first.meta.total / first.meta.perPage);
  for (let page = 2; page <= pageCount; page++) pages.push(await readPage(page));
  let syncedAt = first.freshness.syncedAt;
  for (const { freshness } of pages) {
    if (freshness.syncedAt === null || (syncedAt !== null && freshness.syncedAt < syncedAt))
      syncedAt = freshness.syncedAt;
  }
  return {
    data: pages.flatMap((each) => each.data),
    meta: { page: 1, perPage: first.meta.perPage, total: first.meta.total },
    freshness: { complete: pages.every((each) => each.freshness.complete), syncedAt },
    builtFrom: [...new Set(pages.flatMap((each) => each.builtFrom))],
  };
}

export const eventQueries = createQueryStore({
  list: (input: CommandInput<'events:list'>) => unwrap(bridge().events.list(input)),
  event: (input: CommandInput<'events:get'>) => unwrap(bridge().events.get(input)),
  teams: (input: CommandInput<'events:teams'>) => unwrap(bridge().events.teams(input)),
  matches: (input: CommandInput<'events:matches'>) => unwrap(bridge().events.matches(input)),
  clips: (input: CommandInput<'events:clips'>) => unwrap(bridge().events.clips(input)),
  allTeams: ({ eventId }: { eventId: string }) =>
    everyPage((page) => unwrap(bridge().events.teams({ eventId, page, perPage: PER_PAGE_MAX }))),
  allMatches: ({ eventId }: { eventId: string }) =>
    everyPage((page) => unwrap(bridge().events.matches({ eventId, page, perPage: PER_PAGE_MAX }))),
});

export const teamQueries = createQueryStore({
  list: (input: CommandInput<'teams:list'>) => unwrap(bridge().teams.list(input)),
  team: (input: CommandInput<'teams:get'>) => unwrap(bridge().teams.get(input)),
  events: (input: CommandInput<'teams:events'>) => unwrap(bridge().teams.events(input)),
  matches: (input: CommandInput<'teams:matches'>) => unwrap(bridge().teams.matches(input)),
  clips: (input: CommandInput<'teams:clips'>) => unwrap(bridge().teams.clips(input)),
  stats: (input: CommandInput<'teams:stats'>) => unwrap(bridge().teams.stats(input)),
});

export const searchQueries = createQueryStore({
  search: (input: CommandInput<'search:query'>) => unwrap(bridge().search.query(input)),
});
