import type { TeamListItem } from '../../shared/wire/team';
import { countOf, mapRows, type ResourceExport } from './resource';

interface TeamRow {
  number: number;
  name: string;
  school: string;
  city: string;
  state: string;
  country: string;
  rookie: number;
  website: string;
  clip_count: number;
}

/* Listed teams only: a team known from an event's team list alone is not in the service's list. */
const SELECT = `SELECT number, name, school, city, state, country, rookie, website, clip_count
  FROM teams WHERE listed = 1 ORDER BY number`;

function toListItem(row: TeamRow): TeamListItem {
  return {
    number: row.number,
    name: row.name,
    school: row.school,
    city: row.city,
    state: row.state,
    country: row.country,
    rookie: row.rookie,
    website: row.website,
    clipCount: row.clip_count,
  };
}

export const teamsExport: ResourceExport<TeamListItem> = {
  columns: [
    'number',
    'name',
    'school',
    'city',
    'state',
    'country',
    'rookie',
    'website',
    'clipCount',
  ],
  records: (db) => mapRows(db.prepare<[], TeamRow>(SELECT).iterate(), toListItem),
  count: (db) => countOf(db, 'SELECT count(*) FROM teams WHERE listed = 1'),
};
