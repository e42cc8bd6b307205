import type { ClipRecord } from '../../shared/wire/clip';
import type { Location, StreamStatus, Visibility } from '../../shared/wire/event';
import type { MatchRecord } from '../../shared/wire/match';
import type { TeamListItem } from '../../shared/wire/team';

/** A whole store's worth of records, as the demo generator makes them and the importer loads them. */
export interface Dataset {
  events: DatasetEvent[];
  teams: DatasetTeam[];
  registrations: DatasetRegistration[];
  matches: DatasetMatch[];
  clips: ClipRecord[];
}

/** An event's stored fields; status, teamCount and clipCount are derived when it is read. */
export interface DatasetEvent {
  id: string;
  name: string;
  season: string;
  startDate: string;
  endDate: string;
  location: Location;
  visibility: Visibility;
  streamStatus: StreamStatus;
  createdAt: string;
  updatedAt: string;
}

export type DatasetTeam = Omit<TeamListItem, 'clipCount'>;

export interface DatasetRegistration {
  eventId: string;
  teamNumber: number;
}

export type DatasetMatch = Omit<MatchRecord, 'clipCount'>;
