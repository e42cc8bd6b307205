import type { ClipRecord } from '../../shared/wire/clip';
import { formatTimestamp } from '../../shared/wire/formats';
import type { MatchType } from '../../shared/wire/match';
import { MINUTE_MS } from './calendar';
import type { DemoEvent } from './events';
import { highlightAction } from './names';
import type { Random } from './random';
import type { EventMatch } from './schedule';
import type { DemoTeam } from './teams';

const MATCH_LABEL: Readonly<Record<MatchType, string>> = {
  qualification: 'Qualification',
  semifinal: 'Semifinal',
  final: 'Final',
};

/** A clip before it has its id: ids follow recording order within the event. */
type ClipDraft = Omit<ClipRecord, 'id' | 'url' | 'thumbnailUrl'>;

export interface ClipContext {
  random: Random;
  cutoffMs: number;
  /** The average number of clips an event with played matches gets. */
  perEvent: number;
}

function teamsLabel(numbers: readonly number[]): string {
  return numbers.join(', ');
}

function matchClip(
  context: ClipContext,
  event: DemoEvent,
  match: EventMatch & { playedMs: number },
): ClipDraft {
  const { random } = context;
  const { record } = match;
  const label = `${MATCH_LABEL[record.type]} ${record.number}`;
  // Uploaded a few minutes after the match, but never after the moment the data describes.
  const recordedMs = Math.min(
    match.playedMs + random.int(3, 20) * MINUTE_MS,
    context.cutoffMs - MINUTE_MS,
  );
  const base = {
    eventId: event.record.id,
    matchId: record.id,
    matchType: record.type,
    recordedAt: formatTimestamp(new Date(Math.max(recordedMs, match.playedMs))),
  };
  const style = random.next();
  if (style < 0.4) {
    return {
      ...base,
      teamNumbers: [...record.red.teams, ...record.blue.teams],
      title: `${label}: ${teamsLabel(record.red.teams)} vs ${teamsLabel(record.blue.teams)}`,
      durationSeconds: random.int(150, 240),
    };
  }
  if (style < 0.8) {
    const team = random.pick([...record.red.teams, ...record.blue.teams]);
    return {
      ...base,
      teamNumbers: [team],
      title: `${label}: Team ${team} ${highlightAction(random)}`,
      durationSeconds: random.int(15, 60),
    };
  }
  const side = record.winner === 'blue' ? 'blue' : 'red';
  return {
    ...base,
    teamNumbers: [...record[side].teams],
    title: `${label}: ${side === 'red' ? 'Red' : 'Blue'} alliance highlights`,
    durationSeconds: random.int(30, 120),
  };
}

/** Pit interviews, robot reveals and ceremonies: filmed at the event but not of a match. */
function eventClip(
  context: ClipContext,
  event: DemoEvent,
  teams: readonly DemoTeam[],
  lastPlayedMs: number,
): ClipDraft {
  const { random } = context;
  const startMs = Date.parse(event.record.startDate);
  const untilMs = Math.min(Date.parse(event.record.endDate), context.cutoffMs) - MINUTE_MS;
  const during =
    startMs + random.int(0, Math.max(0, Math.floor((untilMs - startMs) / MINUTE_MS))) * MINUTE_MS;
  const base = { eventId: event.record.id, matchId: null, matchType: null };
  const style = random.next();
  const eventOver =
    lastPlayedMs + 30 * MINUTE_MS < untilMs && Date.parse(event.record.endDate) < context.cutoffMs;
  if (style < 0.15 && eventOver) {
    const winners = random.sample(teams, random.int(1, 3)).map((team) => team.record.number);
    return {
      ...base,
      teamNumbers: winners.sort((a, b) => a - b),
      title: 'Awards ceremony',
      durationSeconds: random.int(180, 600),
      recordedAt: formatTimestamp(new Date(lastPlayedMs + 30 * MINUTE_MS)),
    };
  }
  if (style < 0.22) {
    return {
      ...base,
      teamNumbers: [],
      title: 'Opening ceremony',
      durationSeconds: random.int(120, 420),
      recordedAt: formatTimestamp(
        new Date(startMs + 60 * MINUTE_MS < untilMs ? startMs + 60 * MINUTE_MS : during),
      ),
    };
  }
  const team = random.pick(teams);
  const interview = style < 0.8;
  return {
    ...base,
    teamNumbers: [team.record.number],
    title: interview
      ? `Pit interview: Team ${team.record.number} ${team.record.name}`
      : `Robot reveal: Team ${team.record.number} ${team.record.name}`,
    durationSeconds: interview ? random.int(60, 300) : random.int(30, 180),
    recordedAt: formatTimestamp(new Date(during)),
  };
}

/**
 * Clips of an event that has played matches: most of a match (playoffs filmed more often), some of
 * the event itself. Events with nothing played yet have nothing to show.
 */
export function generateClips(
  context: ClipContext,
  event: DemoEvent,
  teams: readonly DemoTeam[],
  matches: readonly EventMatch[],
): ClipRecord[] {
  const { random } = context;
  const played = matches.filter(
    (match): match is EventMatch & { playedMs: number } => match.playedMs !== null,
  );
  if (played.length === 0 || teams.length === 0) return [];
  const weights = played.map((match) => (match.record.type === 'qualification' ? 1 : 3));
  const lastPlayedMs = Math.max(...played.map((match) => match.playedMs));
  const count = Math.max(3, Math.round(random.normal(context.perEvent, context.perEvent * 0.2)));
  const drafts: ClipDraft[] = [];
  for (let index = 0; index < count; index++) {
    drafts.push(
      random.chance(0.8)
        ? matchClip(context, event, random.pickWeighted(played, weights))
        : eventClip(context, event, teams, lastPlayedMs),
    );
  }
  drafts.sort((a, b) => (a.recordedAt < b.recordedAt ? -1 : a.recordedAt > b.recordedAt ? 1 : 0));
  return drafts.map((draft, index) => {
    const id = `${event.record.id}-c${index + 1}`;
    return {
      id,
      eventId: draft.eventId,
      matchId: draft.matchId,
      matchType: draft.matchType,
      teamNumbers: draft.teamNumbers,
      title: draft.title,
      url: `https://video.example.com/pitside/${id}`,
      thumbnailUrl: random.chance(0.85) ? `https://img.example.com/pitside/${id}.jpg` : null,
      durationSeconds: draft.durationSeconds,
      recordedAt: draft.recordedAt,
    };
  });
}
