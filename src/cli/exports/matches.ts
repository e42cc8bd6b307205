import type { MatchRecord, MatchType, Winner } from '../../shared/wire/match';
import { countOf, mapRows, type ResourceExport } from './resource';

interface MatchRow {
  id: string;
  event_id: string;
  type: MatchType;
  number: number;
  status: MatchRecord['status'];
  scheduled_at: string | null;
  played_at: string | null;
  red_teams: string;
  blue_teams: string;
  red_score: number | null;
  blue_score: number | null;
  winner: Winner | null;
  clip_count: number;
}

/* `type_rank` orders qualification, semifinal, final the way the service does, not by name. */
const SELECT = `SELECT m.id, m.event_id, m.type, m.number, m.status, m.scheduled_at,
  m.played_at, m.red_teams, m.blue_teams, m.red_score, m.blue_score, m.winner, m.clip_count
  FROM matches m JOIN events e ON e.id = m.event_id
  ORDER BY e.start_date, e.id, m.type_rank, m.number`;

/** The alliance lists were stored from validated records as JSON arrays of team numbers. */
function toRecord(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    number: row.number,
    status: row.status,
    scheduledAt: row.scheduled_at,
    playedAt: row.played_at,
    red: { teams: JSON.parse(row.red_teams) as number[], score: row.red_score },
    blue: { teams: JSON.parse(row.blue_teams) as number[], score: row.blue_score },
    winner: row.winner,
    clipCount: row.clip_count,
  };
}

export const matchesExport: ResourceExport<MatchRecord> = {
  columns: [
    'id',
    'eventId',
    'type',
    'number',
    'status',
    'scheduledAt',
    'playedAt',
    'red.teams',
    'red.score',
    'blue.teams',
    'blue.score',
    'winner',
    'clipCount',
  ],
  records: (db) => mapRows(db.prepare<[], MatchRow>(SELECT).iterate(), toRecord),
  count: (db) => countOf(db, 'SELECT count(*) FROM matches'),
};
