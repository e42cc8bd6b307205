import type { AppDatabase } from '../../main/storage/database';
import type { ExportResource } from '../export-kinds';
import { clipsExport } from './clips';
import { eventsExport } from './events';
import { matchesExport } from './matches';
import type { ResourceExport } from './resource';
import { statsExport } from './stats';
import { teamsExport } from './teams';

export const RESOURCE_EXPORTS: Readonly<Record<ExportResource, ResourceExport>> = {
  events: eventsExport,
  teams: teamsExport,
  matches: matchesExport,
  clips: clipsExport,
  stats: statsExport,
};

/** How many records an export of each resource would print, for the sync summary. */
export function cachedCounts(db: AppDatabase): Record<ExportResource, number> {
  return {
    events: eventsExport.count(db),
    teams: teamsExport.count(db),
    matches: matchesExport.count(db),
    clips: clipsExport.count(db),
    stats: statsExport.count(db),
  };
}
