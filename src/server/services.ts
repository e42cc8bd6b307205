import type { Clock } from './clock';
import { IdempotencyStore } from './idempotency';
import { ReadCache } from './read-cache';
import { Responder } from './respond';
import { ClipRepository } from './store/clips';
import { DataVersion } from './store/data-version';
import { EventRepository } from './store/events';
import { MatchRepository } from './store/matches';
import type { ServerDatabase } from './store/schema';
import { SeasonStatistics } from './store/stats';
import { TeamRepository } from './store/teams';

/** Everything a route needs, built once per server over one store. */
export interface Services {
  db: ServerDatabase;
  clock: Clock;
  /** Bumped by every write; whatever is cached is cached against it. */
  version: DataVersion;
  readCache: ReadCache;
  respond: Responder;
  events: EventRepository;
  teams: TeamRepository;
  matches: MatchRepository;
  clips: ClipRepository;
  stats: SeasonStatistics;
  idempotency: IdempotencyStore;
}

export function createServices(db: ServerDatabase, clock: Clock, extensions: boolean): Services {
  const version = new DataVersion();
  return {
    db,
    clock,
    version,
    readCache: new ReadCache(),
    respond: new Responder(extensions),
    events: new EventRepository(db, version),
    teams: new TeamRepository(db, version),
    matches: new MatchRepository(db),
    clips: new ClipRepository(db),
    stats: new SeasonStatistics(db, version, clock),
    idempotency: new IdempotencyStore(db),
  };
}
