import type { ClipRecord } from '../../shared/wire/clip';
import type { EventListItem } from '../../shared/wire/event';
import { MATCH_TYPES, type MatchRecord } from '../../shared/wire/match';
import type { TeamListItem } from '../../shared/wire/team';

/*
 * Wire records as the named parameters of the cache's write statements: nested fields flattened
 * to their columns, team lists as JSON (the link-row triggers read them from there).
 */

const TYPE_RANK = new Map(MATCH_TYPES.map((type, rank) => [type, rank]));

export function eventParams(item: EventListItem): Record<string, string | number> {
  return {
    id: item.id,
    name: item.name,
    season: item.season,
    startDate: item.startDate,
    endDate: item.endDate,
    ...item.location,
    streamStatus: item.streamStatus,
    teamCount: item.teamCount,
    clipCount: item.clipCount,
  };
}

export function teamParams(item: TeamListItem): Record<string, string | number> {
  return {
    number: item.number,
    name: item.name,
    school: item.school,
    city: item.city,
    state: item.state,
    country: item.country,
    rookie: item.rookie,
    website: item.website,
    clipCount: item.clipCount,
  };
}

export function matchParams(match: MatchRecord): Record<string, string | number | null> {
  return {
    id: match.id,
    eventId: match.eventId,
    type: match.type,
    typeRank: TYPE_RANK.get(match.type) ?? 0,
    number: match.number,
    status: match.status,
    scheduledAt: match.scheduledAt,
    playedAt: match.playedAt,
    redTeams: JSON.stringify(match.red.teams),
    blueTeams: JSON.stringify(match.blue.teams),
    redScore: match.red.score,
    blueScore: match.blue.score,
    winner: match.winner,
    clipCount: match.clipCount,
  };
}

export function clipParams(clip: ClipRecord): Record<string, string | number | null> {
  return {
    id: clip.id,
    eventId: clip.eventId,
    matchId: clip.matchId,
    matchType: clip.matchType,
    teamNumbers: JSON.stringify(clip.teamNumbers),
    title: clip.title,
    url: clip.url,
    thumbnailUrl: clip.thumbnailUrl,
    durationSeconds: clip.durationSeconds,
    recordedAt: clip.recordedAt,
  };
}
