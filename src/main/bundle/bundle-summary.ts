import { openBundle } from './container-read';
import type { BundleManifest } from './format';

/** What a bundle brings, counted from its records (every part read and checked). */
export interface BundleSummary {
  service: string;
  createdAt: string;
  events: number;
  /** Of those, the ones a viewer's key never lists: kept where they go, but not listed there. */
  privateEvents: number;
  unlistedEvents: number;
  teams: number;
  matches: number;
  clips: number;
  stats: number;
  /** The oldest and newest sync time of its parts; `null` for a bundle without parts. */
  syncedFrom: string | null;
  syncedTo: string | null;
}

/**
 * Reads a whole bundle as an import would, without writing anything: the preview, and the check
 * that lets an import refuse a bad bundle before it opens (or creates) any cache. `now` is this
 * computer's clock, past which (and a small skew) a bundle's times are refused.
 */
export async function inspectBundle(
  file: string,
  now: Date = new Date(),
): Promise<BundleSummary & { manifest: BundleManifest }> {
  const bundle = await openBundle(file, now);
  try {
    const teams = new Set<number>();
    const summary = {
      manifest: bundle.manifest,
      service: bundle.manifest.service,
      createdAt: bundle.manifest.createdAt,
      events: 0,
      privateEvents: 0,
      unlistedEvents: 0,
      teams: 0,
      matches: 0,
      clips: 0,
      stats: 0,
      syncedFrom: null as string | null,
      syncedTo: null as string | null,
    };
    for await (const part of bundle.parts()) {
      const { syncedAt } = part.entry;
      if (summary.syncedFrom === null || syncedAt < summary.syncedFrom)
        summary.syncedFrom = syncedAt;
      if (summary.syncedTo === null || syncedAt > summary.syncedTo) summary.syncedTo = syncedAt;
      switch (part.kind) {
        case 'event':
          summary.events += 1;
          if (part.record.visibility === 'private') summary.privateEvents += 1;
          if (part.record.visibility === 'unlisted') summary.unlistedEvents += 1;
          break;
        case 'eventTeams':
        case 'teams':
          for (const team of part.records) teams.add(team.number);
          break;
        case 'eventMatches':
          summary.matches += part.records.length;
          break;
        case 'eventClips':
          summary.clips += part.records.length;
          break;
        case 'teamStats':
          summary.stats += 1;
          break;
      }
    }
    summary.teams = teams.size;
    return summary;
  } finally {
    await bundle.close();
  }
}

const count = (value: number, one: string, many: string): string =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/** "2 h", "3 d": how long ago, in the words the sync bar uses for the age of data. */
export function age(at: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

function hostOf(service: string): string {
  try {
    return new URL(service).host;
  } catch {
    return service;
  }
}

/** "(1 private, 2 unlisted: kept, not listed)" after the events, when there are any. */
function hiddenWords({ privateEvents, unlistedEvents }: BundleSummary): string {
  const hidden = [
    ...(privateEvents > 0 ? [`${privateEvents.toLocaleString('en-US')} private`] : []),
    ...(unlistedEvents > 0 ? [`${unlistedEvents.toLocaleString('en-US')} unlisted`] : []),
  ];
  return hidden.length === 0 ? '' : ` (${hidden.join(', ')}: kept, not listed)`;
}

/**
 * "48 events, 1,204 teams, … synced 2 h ago from league.example.org", with "(1 private: kept,
 * not listed)" after the events when the bundle holds events a viewer's key never lists.
 */
export function summaryLine(summary: BundleSummary, now: Date): string {
  const counts = [
    `${count(summary.events, 'event', 'events')}${hiddenWords(summary)}`,
    count(summary.teams, 'team', 'teams'),
    count(summary.matches, 'match', 'matches'),
    count(summary.clips, 'clip', 'clips'),
    count(summary.stats, 'team statistic', 'team statistics'),
  ].join(', ');
  let synced = 'nothing synced';
  if (summary.syncedFrom !== null && summary.syncedTo !== null) {
    const oldest = age(summary.syncedFrom, now);
    const newest = age(summary.syncedTo, now);
    const ago = (text: string) => (text === '0 min' ? 'just now' : `${text} ago`);
    synced =
      oldest === newest ? `synced ${ago(newest)}` : `synced ${ago(oldest)} to ${ago(newest)}`;
  }
  return `${counts}, ${synced} from ${hostOf(summary.service)}`;
}
