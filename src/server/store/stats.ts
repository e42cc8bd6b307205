import type { Statement } from 'better-sqlite3';
import type { TeamSeasonStats } from '../../shared/wire/stats';
import type { Clock } from '../clock';
import { PerVersion, type DataVersion } from './data-version';
import type { ServerDatabase } from './schema';

interface PlayedMatchRow {
  event_id: string;
  red_teams: string;
  blue_teams: string;
  red_score: number;
  blue_score: number;
}

interface SeasonRecord {
  number: number;
  matches: number;
  wins: number;
  losses: number;
  scoreSum: number;
  highScore: number;
  events: Set<string>;
}

type SeasonTable = Map<number, TeamSeasonStats>;

/** The season a date falls in: August starts the next one (2025-08-01 is in 2025-2026). */
export function seasonAt(instant: Date): string {
  const year = instant.getUTCFullYear();
  const first = instant.getUTCMonth() >= 7 ? year : year - 1;
  return `${first}-${first + 1}`;
}

function emptyStats(season: string): TeamSeasonStats {
  const rankings = { regional: 0, state: 0, world: 0 };
  return {
    season,
    events: 0,
    matches: 0,
    wins: 0,
    losses: 0,
    winRate: 0,
    avgScore: 0,
    highScore: 0,
    rankings,
  };
}

/** winRate desc, unrounded average desc, high score desc, then the lower team number first. */
function rankOrder(a: SeasonRecord, b: SeasonRecord): number {
  return (
    b.wins / b.matches - a.wins / a.matches ||
    b.scoreSum / b.matches - a.scoreSum / a.matches ||
    b.highScore - a.highScore ||
    a.number - b.number
  );
}

/**
 * Season statistics are the same for every caller and depend on every team's record at once (the
 * rankings), so a whole season is computed in one pass over its played matches and kept until the
 * next write.
 */
export class SeasonStatistics {
  private readonly selectPlayed: Statement<[string], PlayedMatchRow>;
  private readonly selectLocations: Statement<
    [],
    { number: number; state: string; country: string }
  >;
  private readonly selectTeamSeason: Statement<[number], { season: string }>;
  private readonly selectLatestSeason: Statement<[], { season: string | null }>;
  private readonly tables: PerVersion<Map<string, SeasonTable>>;

  constructor(
    db: ServerDatabase,
    version: DataVersion,
    private readonly clock: Clock,
  ) {
    this.selectPlayed = db.prepare(`SELECT m.event_id, m.red_teams, m.blue_teams, m.red_score,
      m.blue_score FROM events e JOIN matches m ON m.event_id = e.id
      WHERE e.season = ? AND e.visibility <> 'private' AND m.status = 'played'
      AND m.red_score IS NOT NULL AND m.blue_score IS NOT NULL`);
    this.selectLocations = db.prepare('SELECT number, state, country FROM teams');
    this.selectTeamSeason = db.prepare(`SELECT e.season FROM registrations r
      JOIN events e ON e.id = r.event_id WHERE r.team_number = ? AND e.visibility <> 'private'
      ORDER BY e.start_date DESC, e.id DESC LIMIT 1`);
    this.selectLatestSeason = db.prepare(
      `SELECT max(season) AS season FROM events WHERE visibility <> 'private'`,
    );
    this.tables = new PerVersion(version, () => new Map<string, SeasonTable>());
  }

  /**
   * Without a season asked for: the season of the team's latest event, else the latest season any
   * event is in, else the one the clock is in.
   */
  defaultSeason(teamNumber: number): string {
    return (
      this.selectTeamSeason.get(teamNumber)?.season ??
      this.selectLatestSeason.get()?.season ??
      seasonAt(this.clock.now())
    );
  }

  forTeam(teamNumber: number, season: string): TeamSeasonStats {
    const tables = this.tables.get();
    let table = tables.get(season);
    if (table === undefined) {
      table = this.computeSeason(season);
      tables.set(season, table);
    }
    return table.get(teamNumber) ?? emptyStats(season);
  }

  private computeSeason(season: string): SeasonTable {
    const records = new Map<number, SeasonRecord>();
    const tally = (number: number, eventId: string, own: number, other: number): void => {
      let record = records.get(number);
      if (record === undefined) {
        record = {
          number,
          matches: 0,
          wins: 0,
          losses: 0,
          scoreSum: 0,
          highScore: 0,
          events: new Set(),
        };
        records.set(number, record);
      }
      record.matches += 1;
      if (own > other) record.wins += 1;
      else if (own < other) record.losses += 1;
      record.scoreSum += own;
      record.highScore = Math.max(record.highScore, own);
      record.events.add(eventId);
    };
    for (const match of this.selectPlayed.iterate(season)) {
      for (const number of JSON.parse(match.red_teams) as number[]) {
        tally(number, match.event_id, match.red_score, match.blue_score);
      }
      for (const number of JSON.parse(match.blue_teams) as number[]) {
        tally(number, match.event_id, match.blue_score, match.red_score);
      }
    }
    return this.rank(season, [...records.values()].sort(rankOrder));
  }

  private rank(season: string, ranked: SeasonRecord[]): SeasonTable {
    const locations = new Map(this.selectLocations.all().map((team) => [team.number, team]));
    const regionalSeen = new Map<string, number>();
    const stateSeen = new Map<string, number>();
    const table: SeasonTable = new Map();
    ranked.forEach((record, index) => {
      const location = locations.get(record.number) ?? { state: '', country: '' };
      const regional = (regionalSeen.get(location.country) ?? 0) + 1;
      regionalSeen.set(location.country, regional);
      const stateKey = `${location.country}\u0000${location.state}`;
      const state = (stateSeen.get(stateKey) ?? 0) + 1;
      stateSeen.set(stateKey, state);
      table.set(record.number, {
        season,
        events: record.events.size,
        matches: record.matches,
        wins: record.wins,
        losses: record.losses,
        winRate: record.wins / record.matches,
        // Rounded from the exact ratio (scoreSum·100 is an integer), so 1.005 cannot become 1.00.
        avgScore: Math.round((record.scoreSum * 100) / record.matches) / 100,
        highScore: record.highScore,
        rankings: { regional, state, world: index + 1 },
      });
    });
    return table;
  }
}
