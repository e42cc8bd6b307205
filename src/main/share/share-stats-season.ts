import type { Statement } from 'better-sqlite3';
import { seasonAt } from '../cache/queries/stats';
import type { AppDatabase } from '../storage/database';

/** The season a stats answer is of: the one asked, else the share's default. */
export type StatsSeason = (teamNumber: number, asked: string | undefined) => string;

/**
 * The season a share's `GET /v1/teams/:n/stats` answers without `?season=`: the service's default,
 * the season of the team's latest event that is not private, the same for every caller. The copy
 * holds that answer among its seasons (every sync asks for the default), but not which one it was:
 * a viewer's copy may hold it for an unlisted event it has no registrations of, and an organizer's
 * also holds the seasons of private events, all zeros. So: the latest season held, but one whose
 * registrations of the team are all at events a share may not serve. `db` is the share's own
 * connection: `events` there is its view of what it may serve (`share-views.ts`).
 */
export function shareStatsSeason(db: AppDatabase, now: () => Date): StatsSeason {
  const latestHeld: Statement<[{ team: number }], string> = db
    .prepare<[{ team: number }], string>(
      `SELECT s.season FROM team_stats s WHERE s.team_number = @team
        AND (NOT EXISTS (SELECT 1 FROM registrations r JOIN main.events e ON e.id = r.event_id
            WHERE r.team_number = @team AND e.season = s.season)
          OR EXISTS (SELECT 1 FROM registrations r JOIN events e ON e.id = r.event_id
            WHERE r.team_number = @team AND e.season = s.season))
      ORDER BY s.season DESC LIMIT 1`,
    )
    .pluck();
  // Nothing held that may be the default: the season the service would pick, as far as the copy
  // tells, whose statistics the share then does not hold (404, as for any season it does not).
  const latestEventSeason: Statement<[number], string> = db
    .prepare<[number], string>(
      `SELECT e.season FROM registrations r JOIN events e ON e.id = r.event_id
      WHERE r.team_number = ? ORDER BY e.start_date DESC, e.id DESC LIMIT 1`,
    )
    .pluck();
  const latestSeason: Statement<[], string | null> = db
    .prepare<[], string | null>('SELECT max(season) FROM events')
    .pluck();

  return (teamNumber, asked) =>
    asked ??
    latestHeld.get({ team: teamNumber }) ??
    latestEventSeason.get(teamNumber) ??
    latestSeason.get() ??
    seasonAt(now());
}
