import type { Clock } from './clock';
import { IdempotencyStore } from './idempotency';
import type { ReadModel } from './reads/read-model';
import { storeReadModel } from './reads/store-read-model';
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
  /** The store as the read routes see it. */
  model: ReadModel;
}

export function createServices(db: ServerDatabase, clock: Clock, extensions: boolean): Services {
  const version = new DataVersion();
  const parts = {
    events: new EventRepository(db, version),
    teams: new TeamRepository(db, version),
    matches: new MatchRepository(db),
    clips: new ClipRepository(db),
    stats: new SeasonStatistics(db, version, clock),
  };
  return {
    db,
    clock,
    version,
    readCache: new ReadCache(),
    respond: new Responder(extensions),
    ...parts,
    idempotency: new IdempotencyStore(db),
    model: storeReadModel(parts),
  };
}
