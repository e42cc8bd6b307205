import type { CommandInput } from '../../../shared/ipc/contract';
import { bridge, unwrap } from '../api';
import { createQueryStore } from './query-store';

/*
 * The cached reads, one store per concern. Each loader is one bridge command; the views read
 * through `useQuery` and never call the bridge themselves.
 */

export const eventQueries = createQueryStore({
  list: (input: CommandInput<'events:list'>) => unwrap(bridge().events.list(input)),
  event: (input: CommandInput<'events:get'>) => unwrap(bridge().events.get(input)),
  teams: (input: CommandInput<'events:teams'>) => unwrap(bridge().events.teams(input)),
  matches: (input: CommandInput<'events:matches'>) => unwrap(bridge().events.matches(input)),
  clips: (input: CommandInput<'events:clips'>) => unwrap(bridge().events.clips(input)),
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
