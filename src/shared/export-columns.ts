import { isLocalEventCode } from './wire/local-code';

/*
 * The CSV columns of each kind of record, as dotted paths into the service's shapes: one list per
 * kind, shared by the command line's `export` and the app's export, so a file has the same
 * header whichever of them wrote it (the app's events add one column, for events made in it).
 */

export const EVENT_EXPORT_COLUMNS = [
  'id',
  'name',
  'season',
  'startDate',
  'endDate',
  'location.venue',
  'location.city',
  'location.state',
  'location.country',
  'status',
  'streamStatus',
  'teamCount',
  'clipCount',
] as const;

/**
 * The app's files of events add whether each was created here and has no service code yet: its
 * `id` is then the app's temporary `local…` code, which no one else knows it by.
 */
export const APP_EVENT_EXPORT_COLUMNS = [...EVENT_EXPORT_COLUMNS, 'createdHere'] as const;

/** An event as a row of the app's files: its record, and whether it was created here. */
export function appEventExportRecord(event: { id: string }): object {
  return { ...event, createdHere: isLocalEventCode(event.id) };
}

export const TEAM_EXPORT_COLUMNS = [
  'number',
  'name',
  'school',
  'city',
  'state',
  'country',
  'rookie',
  'website',
  'clipCount',
] as const;

/** The app's files of teams add the person's private note on each (the command line's do not). */
export const APP_TEAM_EXPORT_COLUMNS = [...TEAM_EXPORT_COLUMNS, 'note'] as const;

/** A pick list as a file: its order, whether each team was picked, and the notes on it. */
export const PICK_LIST_EXPORT_COLUMNS = [
  'rank',
  'teamNumber',
  'teamName',
  'picked',
  'note',
] as const;

export const MATCH_EXPORT_COLUMNS = [
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
] as const;

export const CLIP_EXPORT_COLUMNS = [
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
] as const;

/** The service answers stats per team; a file of several teams' has to say whose each row is. */
export const TEAM_STATS_EXPORT_COLUMNS = [
  'teamNumber',
  'season',
  'events',
  'matches',
  'wins',
  'losses',
  'winRate',
  'avgScore',
  'highScore',
  'rankings.regional',
  'rankings.state',
  'rankings.world',
] as const;

/** A comparison is read by people: each row names its team as well as numbering it. */
export const COMPARE_EXPORT_COLUMNS = [
  'teamNumber',
  'teamName',
  ...TEAM_STATS_EXPORT_COLUMNS.slice(1),
] as const;
