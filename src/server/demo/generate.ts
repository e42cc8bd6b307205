import type { Dataset } from '../store/dataset';
import { generateClips } from './clips';
import { scheduleMatches, type EventMatch } from './schedule';
import { buildWorld, type GenerateOptions } from './world';

export type { GenerateOptions } from './world';

/**
 * A realistic store's worth of records, the same for the same size, seed and UTC day but for the
 * live events' matches, which are played up to `now` itself: three seasons up to the one `now`
 * falls in, with past, live and upcoming events around that day.
 * Scores come from the teams' hidden strengths (`strength-drift.ts`), which never leave here.
 */
export function generateDataset(options: GenerateOptions): Dataset {
  const { plan, cutoffMs, nowMs, events, teams, attendees, strengths, matchRandom, stream } =
    buildWorld(options);

  // Scores draw apart from line-ups and times, so a change to how scores are made keeps the schedule.
  const scoreRandom = stream('scores');
  const matchesByEvent = events.map((event): EventMatch[] => {
    const teamsThere = attendees.get(event) ?? [];
    return scheduleMatches(
      {
        random: matchRandom,
        cutoffMs,
        nowMs,
        scoring: {
          random: scoreRandom,
          strengths: strengths.atEvent(event, teamsThere),
          noise: strengths.noise(event),
        },
      },
      event,
      teamsThere,
    );
  });

  const eventsWithPlay = matchesByEvent.filter((matches) =>
    matches.some((match) => match.playedMs !== null),
  ).length;
  const clipContext = {
    random: stream('clips'),
    cutoffMs,
    perEvent: plan.clips / Math.max(1, eventsWithPlay),
  };
  const clips = events.flatMap((event, index) =>
    generateClips(
      // A live event's clips are recorded up to now, as its matches are played.
      event.phase === 'live' ? { ...clipContext, cutoffMs: nowMs } : clipContext,
      event,
      attendees.get(event) ?? [],
      matchesByEvent[index] ?? [],
    ),
  );

  return {
    events: events.map((event) => event.record),
    teams: teams.map((team) => team.record),
    registrations: events.flatMap((event) =>
      (attendees.get(event) ?? []).map((team) => ({
        eventId: event.record.id,
        teamNumber: team.record.number,
      })),
    ),
    matches: matchesByEvent.flatMap((matches) => matches.map((match) => match.record)),
    clips,
  };
}
