import type { Freshness } from '../../shared/ipc/cached';
import type { TeamPart } from '../../shared/ipc/resources';
import type { FreshnessReader } from '../cache/queries/freshness';
import type { StatsQueries } from '../cache/queries/stats';
import type { TeamPartQueries } from '../cache/queries/team-parts';
import type { StatsSeason } from './share-stats-season';

const EVENT_PATH = /^\/v1\/events(?:\/([a-z0-9]{5,40})(?:\/(teams|matches|clips))?)?\/?$/;
const TEAM_PATH = /^\/v1\/teams(?:\/([1-9]\d{0,4})(?:\/(events|matches|clips|stats))?)?\/?$/;

/**
 * When the source laptop last synced what a URL of the interface answers with: the freshness of
 * the resources the cache answers it from, as the app's own views would show it. A receiving
 * Pitside keeps that time as its copy's, so a copy of a copy is never fresher than the service's.
 */
export class ShareFreshness {
  constructor(
    private readonly reader: FreshnessReader,
    private readonly teamParts: TeamPartQueries,
    private readonly stats: StatsQueries,
    private readonly statsSeason: StatsSeason,
    private readonly now: () => Date,
  ) {}

  /** `null` where the source holds no synced time for it. */
  syncedAt(path: string, season: string | undefined): string | null {
    return this.of(path, season)?.syncedAt ?? null;
  }

  private of(path: string, season: string | undefined): Freshness | null {
    const event = EVENT_PATH.exec(path);
    if (event !== null) {
      const [, eventId, part] = event;
      if (eventId === undefined) return this.reader.of('events');
      return this.reader.of(part === undefined ? `event:${eventId}` : `event:${eventId}:${part}`);
    }
    const team = TEAM_PATH.exec(path);
    if (team === null) return null;
    const [, number, part] = team;
    if (number === undefined) return this.reader.of('teams');
    const teamNumber = Number(number);
    if (part === undefined) return this.reader.of(`team:${teamNumber}`);
    if (part === 'stats') {
      return this.stats.held(teamNumber, this.statsSeason(teamNumber, season), this.now())
        .freshness;
    }
    return this.teamParts.freshnessOf(teamNumber, part as TeamPart);
  }
}
