import type { ClipRecord } from '../../shared/wire/clip';
import type { MatchType } from '../../shared/wire/match';
import { countOf, mapRows, type ResourceExport } from './resource';

interface ClipRow {
  id: string;
  event_id: string;
  match_id: string | null;
  match_type: MatchType | null;
  team_numbers: string;
  title: string;
  url: string;
  thumbnail_url: string | null;
  duration_seconds: number;
  recorded_at: string;
}

/* Newest first like the service's default `-date` sort; the id breaks ties in ascending order. */
const SELECT = `SELECT id, event_id, match_id, match_type, team_numbers, title, url,
  thumbnail_url, duration_seconds, recorded_at FROM clips ORDER BY recorded_at DESC, id`;

function toRecord(row: ClipRow): ClipRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    matchId: row.match_id,
    matchType: row.match_type,
    teamNumbers: JSON.parse(row.team_numbers) as number[],
    title: row.title,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
    durationSeconds: row.duration_seconds,
    recordedAt: row.recorded_at,
  };
}

export const clipsExport: ResourceExport<ClipRecord> = {
  columns: [
    'id',
    'eventId',
    'matchId',
    'matchType',
    'teamNumbers',
    'title',
    'url',
    'thumbnailUrl',
    'durationSeconds',
    'recordedAt',
  ],
  records: (db) => mapRows(db.prepare<[], ClipRow>(SELECT).iterate(), toRecord),
  count: (db) => countOf(db, 'SELECT count(*) FROM clips'),
};
