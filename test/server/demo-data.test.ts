import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/server/demo/generate';
import type { DatasetEvent, DatasetMatch } from '../../src/server/store/dataset';
import {
  clipRecordSchema,
  EVENT_ID_PATTERN,
  eventIdBase,
  eventRecordSchema,
  matchId,
  matchRecordSchema,
  RESPONSE_TIMESTAMP_PATTERN,
  teamListItemSchema,
  winnerOf,
  type EventStatus,
} from '../../src/shared/wire';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY_START = Date.parse('2026-11-21T00:00:00Z');
const demo = generateDataset({ size: 'demo', seed: 7, now: NOW });

function statusAt(event: DatasetEvent, now: Date): EventStatus {
  if (now.getTime() < Date.parse(event.startDate)) return 'upcoming';
  return now.getTime() <= Date.parse(event.endDate) ? 'live' : 'past';
}

function teamsOf(match: DatasetMatch): number[] {
  return [...match.red.teams, ...match.blue.teams];
}

function isExampleUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' && /(^|\.)example\.(com|org|net)$/.test(hostname);
}

/**
 * Replays the service's id rule over the events in order of creation and returns the ids it would
 * not have issued: `eventIdBase`, or on a clash the base with the next free suffix 2, 3, ….
 */
function misissuedIds(events: readonly DatasetEvent[]): string[] {
  const byCreation = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const issued = new Set<string>();
  const wrong: string[] = [];
  for (const event of byCreation) {
    const base = eventIdBase(event.name, event.season);
    let expected = base;
    for (let suffix = 2; issued.has(expected); suffix++) expected = `${base}${suffix}`;
    if (event.id !== expected || !EVENT_ID_PATTERN.test(event.id)) wrong.push(event.id);
    issued.add(expected);
  }
  return wrong;
}

const eventsById = new Map(demo.events.map((event) => [event.id, event]));
const matchesById = new Map(demo.matches.map((match) => [match.id, match]));
const registered = new Map<string, Set<number>>();
for (const { eventId, teamNumber } of demo.registrations) {
  const teams = registered.get(eventId) ?? new Set<number>();
  teams.add(teamNumber);
  registered.set(eventId, teams);
}

describe('demo data: determinism', () => {
  it('gives the same data for the same size, seed and UTC day, whatever the hour, but for what is live', () => {
    const early = generateDataset({ size: 'demo', seed: 7, now: new Date('2026-11-21T00:00:01Z') });
    const late = generateDataset({ size: 'demo', seed: 7, now: new Date('2026-11-21T23:59:59Z') });
    const live = new Set(
      demo.events.filter((event) => statusAt(event, NOW) === 'live').map((event) => event.id),
    );
    expect(live.size).toBe(3);
    const settled = (data: typeof demo) => ({
      events: data.events,
      teams: data.teams,
      registrations: data.registrations,
      matches: data.matches.filter((match) => !live.has(match.eventId)),
    });
    for (const other of [early, late]) {
      expect(settled(other)).toEqual(settled(demo));
      // A live event's line-ups are the same at any hour: only how far it has got moves.
      for (const eventId of live) {
        const lineUps = (data: typeof demo) =>
          data.matches
            .filter((match) => match.eventId === eventId && match.type === 'qualification')
            .map((match) => [match.number, ...teamsOf(match)]);
        const shorter = Math.min(lineUps(other).length, lineUps(demo).length);
        expect(lineUps(other).slice(0, shorter)).toEqual(lineUps(demo).slice(0, shorter));
      }
    }
    const played = (data: typeof demo) =>
      data.matches.filter((match) => live.has(match.eventId) && match.status === 'played').length;
    expect(played(early)).toBeLessThan(played(demo));
    expect(played(demo)).toBeLessThan(played(late));
  });

  it('gives different data for another seed', () => {
    const other = generateDataset({ size: 'demo', seed: 8, now: NOW });
    expect(other.teams.map((team) => team.number)).not.toEqual(
      demo.teams.map((team) => team.number),
    );
    expect(other.events.map((event) => event.id)).not.toEqual(demo.events.map((event) => event.id));
  });

  it('moves with the day of now', () => {
    const nextWeek = generateDataset({
      size: 'demo',
      seed: 7,
      now: new Date('2026-11-28T12:00:00Z'),
    });
    expect(nextWeek.events.map((event) => event.startDate)).not.toEqual(
      demo.events.map((event) => event.startDate),
    );
  });
});

describe('demo data: sizes', () => {
  it('holds about 60 events, 600 teams, 3,000 matches and 900 clips', () => {
    expect(demo.events).toHaveLength(60);
    expect(demo.teams).toHaveLength(600);
    expect(demo.matches.length).toBeGreaterThan(2_500);
    expect(demo.matches.length).toBeLessThan(3_500);
    expect(demo.clips.length).toBeGreaterThan(750);
    expect(demo.clips.length).toBeLessThan(1_050);
  });

  it('holds about 2,000 events, 10,000 teams, 100,000 matches and 30,000 clips when large', () => {
    const large = generateDataset({ size: 'large', seed: 7, now: NOW });
    expect(large.events).toHaveLength(2_000);
    expect(large.teams).toHaveLength(10_000);
    expect(large.matches.length).toBeGreaterThan(90_000);
    expect(large.matches.length).toBeLessThan(110_000);
    expect(large.clips.length).toBeGreaterThan(27_000);
    expect(large.clips.length).toBeLessThan(33_000);
    expect(new Set(large.teams.map((team) => team.number)).size).toBe(10_000);
    expect(new Set(large.events.map((event) => event.id)).size).toBe(2_000);
    expect(misissuedIds(large.events)).toEqual([]);
    const clashes = large.events.filter(
      (event) => event.id !== eventIdBase(event.name, event.season),
    );
    expect(clashes.length).toBeGreaterThan(0);
  });
});

describe('demo data: teams', () => {
  it('have unique numbers, mostly four digits or fewer, some five', () => {
    const numbers = demo.teams.map((team) => team.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(
      numbers.every((number) => Number.isInteger(number) && number >= 1 && number <= 99_999),
    ).toBe(true);
    const fiveDigit = numbers.filter((number) => number >= 10_000).length;
    expect(fiveDigit).toBeGreaterThan(numbers.length * 0.05);
    expect(fiveDigit).toBeLessThan(numbers.length * 0.5);
  });

  it('parse as list items and carry codes, not names, for country and state', () => {
    for (const team of demo.teams) {
      expect(teamListItemSchema.safeParse({ ...team, clipCount: 0 }).success).toBe(true);
      expect(team.country).toMatch(/^[A-Z]{2}$/);
      expect(team.state).toMatch(/^[A-Z]{0,3}$/);
      if (team.country === 'US' || team.country === 'CA') expect(team.state).toMatch(/^[A-Z]{2}$/);
      expect(team.name.trim()).not.toBe('');
      expect(team.school.trim()).not.toBe('');
      expect(isExampleUrl(team.website)).toBe(true);
    }
  });

  it('have plausible rookie years: old numbers are old teams, none from the future', () => {
    const rookies = (from: number, to: number): number[] =>
      demo.teams
        .filter((team) => team.number >= from && team.number < to)
        .map((team) => team.rookie);
    const mean = (values: number[]): number =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    for (const team of demo.teams) {
      expect(team.rookie).toBeGreaterThanOrEqual(1989);
      expect(team.rookie).toBeLessThanOrEqual(NOW.getUTCFullYear());
    }
    expect(mean(rookies(1, 1000))).toBeLessThan(mean(rookies(8000, 10_000)) - 10);
  });

  it('never show up at an event of a season before their rookie year', () => {
    const rookieOf = new Map(demo.teams.map((team) => [team.number, team.rookie]));
    for (const { eventId, teamNumber } of demo.registrations) {
      const season = eventsById.get(eventId)?.season ?? '';
      expect(rookieOf.get(teamNumber)).toBeLessThanOrEqual(Number(season.slice(5)));
    }
  });
});

describe('demo data: events', () => {
  it('have ids the service would have issued, in order of creation', () => {
    expect(misissuedIds(demo.events)).toEqual([]);
  });

  it('parse as single events and obey the season rules', () => {
    for (const event of demo.events) {
      const record = { ...event, status: statusAt(event, NOW), teamCount: 0, clipCount: 0 };
      expect(eventRecordSchema.safeParse(record).success).toBe(true);
      const startYear = new Date(event.startDate).getUTCFullYear();
      const firstYear = Number(event.season.slice(0, 4));
      expect([firstYear, firstYear + 1]).toContain(startYear);
      expect(Date.parse(event.endDate)).toBeGreaterThan(Date.parse(event.startDate));
      expect(event.location.country).toMatch(/^[A-Z]{2}$/);
      expect(event.location.venue).not.toBe('');
    }
    expect(new Set(demo.events.map((event) => event.season))).toEqual(
      new Set(['2024-2025', '2025-2026', '2026-2027']),
    );
  });

  it('were created one at a time, and last updated before they started and before now', () => {
    expect(new Set(demo.events.map((event) => event.createdAt)).size).toBe(demo.events.length);
    for (const event of demo.events) {
      expect(event.createdAt <= event.updatedAt).toBe(true);
      expect(Date.parse(event.updatedAt)).toBeLessThan(Date.parse(event.startDate));
      expect(Date.parse(event.updatedAt)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('are mostly past, with some live today and a few upcoming, streams to match', () => {
    const byStatus = (status: EventStatus): DatasetEvent[] =>
      demo.events.filter((event) => statusAt(event, NOW) === status);
    expect(byStatus('live').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('upcoming').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('past').length).toBeGreaterThan(demo.events.length / 2);
    for (const event of byStatus('past')) expect(['ended', 'none']).toContain(event.streamStatus);
    for (const event of byStatus('live')) expect(event.streamStatus).toBe('live');
    for (const event of byStatus('upcoming'))
      expect(['scheduled', 'none']).toContain(event.streamStatus);
  });

  it('are mostly public, with a few unlisted and private ones', () => {
    const count = (visibility: string): number =>
      demo.events.filter((event) => event.visibility === visibility).length;
    expect(count('unlisted')).toBeGreaterThanOrEqual(1);
    expect(count('private')).toBeGreaterThanOrEqual(1);
    expect(count('public')).toBeGreaterThan(demo.events.length * 0.8);
    const live = demo.events.filter((event) => statusAt(event, NOW) === 'live');
    expect(live.some((event) => event.visibility === 'public')).toBe(true);
  });
});

describe('demo data: registrations', () => {
  it('name existing events and teams, once each, 16 to 64 teams an event, mostly local', () => {
    const teamsByNumber = new Map(demo.teams.map((team) => [team.number, team]));
    const pairs = new Set(demo.registrations.map((row) => `${row.eventId}/${row.teamNumber}`));
    expect(pairs.size).toBe(demo.registrations.length);
    let local = 0;
    for (const { eventId, teamNumber } of demo.registrations) {
      const event = eventsById.get(eventId);
      const team = teamsByNumber.get(teamNumber);
      expect(event).toBeDefined();
      expect(team).toBeDefined();
      if (event?.location.country === team?.country && event?.location.state === team?.state)
        local += 1;
    }
    expect(local).toBeGreaterThan(demo.registrations.length * 0.5);
    for (const event of demo.events) {
      const count = registered.get(event.id)?.size ?? 0;
      expect(count).toBeGreaterThanOrEqual(16);
      expect(count).toBeLessThanOrEqual(64);
    }
  });
});

describe('demo data: matches', () => {
  it('parse, carry the shared ids, and field registered teams once each in equal alliances', () => {
    expect(matchesById.size).toBe(demo.matches.length);
    for (const match of demo.matches) {
      expect(matchRecordSchema.safeParse({ ...match, clipCount: 0 }).success).toBe(true);
      expect(match.id).toBe(matchId(match.eventId, match.type, match.number));
      expect(eventsById.has(match.eventId)).toBe(true);
      const teams = teamsOf(match);
      expect(new Set(teams).size).toBe(teams.length);
      expect(match.red.teams.length).toBe(match.blue.teams.length);
      const atEvent = registered.get(match.eventId);
      for (const team of teams) expect(atEvent?.has(team)).toBe(true);
    }
  });

  it('are played with plausible scores and the winner the scores say, or still to come', () => {
    for (const match of demo.matches) {
      const event = eventsById.get(match.eventId) as DatasetEvent;
      const scheduled = Date.parse(match.scheduledAt ?? '');
      expect(scheduled).toBeGreaterThanOrEqual(Date.parse(event.startDate));
      expect(scheduled).toBeLessThanOrEqual(Date.parse(event.endDate));
      // A live event is played up to now; the rest of the data up to the day's start.
      const cutoff = statusAt(event, NOW) === 'live' ? NOW.getTime() : DAY_START;
      if (match.status === 'played') {
        const played = Date.parse(match.playedAt ?? '');
        expect(played).toBeGreaterThanOrEqual(scheduled);
        expect(played).toBeLessThan(cutoff);
        expect(match.winner).toBe(winnerOf(match.red.score, match.blue.score));
        for (const score of [match.red.score, match.blue.score]) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(400);
        }
      } else {
        expect(match.playedAt).toBeNull();
        expect(match.red.score).toBeNull();
        expect(match.blue.score).toBeNull();
        expect(match.winner).toBeNull();
        expect(scheduled).toBeGreaterThan(cutoff - 30 * 60_000);
      }
    }
    const scores = demo.matches.flatMap((match) =>
      match.red.score === null ? [] : [match.red.score],
    );
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    expect(mean).toBeGreaterThan(60);
    expect(mean).toBeLessThan(220);
  });

  it('number each type from 1 without gaps and give every team several qualification matches', () => {
    for (const event of demo.events) {
      const matches = demo.matches.filter((match) => match.eventId === event.id);
      for (const type of ['qualification', 'semifinal', 'final'] as const) {
        const numbers = matches.filter((match) => match.type === type).map((match) => match.number);
        expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, index) => index + 1));
      }
      const qualifications = matches.filter((match) => match.type === 'qualification');
      if (qualifications.length === 0) continue;
      for (const team of registered.get(event.id) ?? []) {
        const played = qualifications.filter((match) => teamsOf(match).includes(team)).length;
        expect(played).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('play past events to the end, live ones in part, upcoming ones not at all', () => {
    let liveChecked = 0;
    for (const event of demo.events) {
      const matches = demo.matches.filter((match) => match.eventId === event.id);
      const played = matches.filter((match) => match.status === 'played').length;
      switch (statusAt(event, NOW)) {
        case 'past':
          expect(played).toBe(matches.length);
          expect(matches.some((match) => match.type === 'final')).toBe(true);
          break;
        case 'live':
          expect(played).toBeGreaterThan(0);
          expect(played).toBeLessThan(matches.length);
          liveChecked += 1;
          break;
        case 'upcoming':
          expect(played).toBe(0);
          break;
      }
    }
    expect(liveChecked).toBeGreaterThan(0);
  });

  it('decide each playoff series by two wins, with a third game only after a split', () => {
    const finalsByEvent = new Map<string, DatasetMatch[]>();
    for (const match of demo.matches) {
      if (match.type !== 'final') continue;
      finalsByEvent.set(match.eventId, [...(finalsByEvent.get(match.eventId) ?? []), match]);
    }
    expect(finalsByEvent.size).toBeGreaterThan(10);
    for (const finals of finalsByEvent.values()) {
      finals.sort((a, b) => a.number - b.number);
      const [first, second, third] = finals;
      expect(first?.winner).not.toBe('tie');
      expect(second?.winner).not.toBe('tie');
      if (third === undefined) {
        expect(first?.winner).toBe(second?.winner);
      } else {
        expect(first?.winner).not.toBe(second?.winner);
        expect(finals).toHaveLength(3);
      }
      expect(new Set(finals.map((match) => match.red.teams.join()))).toHaveProperty('size', 1);
    }
  });
});

describe('demo data: clips', () => {
  it('parse, have unique ids, https links on example domains and sensible lengths', () => {
    expect(new Set(demo.clips.map((clip) => clip.id)).size).toBe(demo.clips.length);
    for (const clip of demo.clips) {
      expect(clipRecordSchema.safeParse(clip).success).toBe(true);
      expect(isExampleUrl(clip.url)).toBe(true);
      if (clip.thumbnailUrl !== null) expect(isExampleUrl(clip.thumbnailUrl)).toBe(true);
      expect(clip.durationSeconds).toBeGreaterThanOrEqual(15);
      expect(clip.durationSeconds).toBeLessThanOrEqual(600);
      expect(Date.parse(clip.recordedAt)).toBeLessThanOrEqual(NOW.getTime());
      expect(clip.recordedAt).toMatch(RESPONSE_TIMESTAMP_PATTERN);
    }
    expect(demo.clips.some((clip) => clip.thumbnailUrl === null)).toBe(true);
  });

  it('of a match belong to a played match of their event and show only its teams', () => {
    const ofMatches = demo.clips.filter((clip) => clip.matchId !== null);
    expect(ofMatches.length).toBeGreaterThan(demo.clips.length / 2);
    for (const clip of ofMatches) {
      const match = matchesById.get(clip.matchId ?? '');
      expect(match?.eventId).toBe(clip.eventId);
      expect(match?.status).toBe('played');
      expect(clip.matchType).toBe(match?.type);
      const teams = match === undefined ? [] : teamsOf(match);
      expect(clip.teamNumbers.length).toBeGreaterThan(0);
      for (const team of clip.teamNumbers) expect(teams).toContain(team);
      const afterMatch = Date.parse(clip.recordedAt) - Date.parse(match?.playedAt ?? '');
      expect(afterMatch).toBeGreaterThanOrEqual(0);
      expect(afterMatch).toBeLessThanOrEqual(30 * 60_000);
    }
  });

  it('not of a match show teams of their event and were recorded during it', () => {
    const ofEvents = demo.clips.filter((clip) => clip.matchId === null);
    expect(ofEvents.length).toBeGreaterThan(0);
    for (const clip of ofEvents) {
      expect(clip.matchType).toBeNull();
      const event = eventsById.get(clip.eventId) as DatasetEvent;
      for (const team of clip.teamNumbers)
        expect(registered.get(clip.eventId)?.has(team)).toBe(true);
      expect(Date.parse(clip.recordedAt)).toBeGreaterThanOrEqual(Date.parse(event.startDate));
      expect(Date.parse(clip.recordedAt)).toBeLessThanOrEqual(Date.parse(event.endDate));
    }
  });

  it('come about fifteen to an event with played matches, none to the others', () => {
    const withPlay = new Set(
      demo.matches.filter((match) => match.status === 'played').map((match) => match.eventId),
    );
    const clipEvents = new Set(demo.clips.map((clip) => clip.eventId));
    for (const eventId of clipEvents) expect(withPlay.has(eventId)).toBe(true);
    const perEvent = demo.clips.length / withPlay.size;
    expect(perEvent).toBeGreaterThan(10);
    expect(perEvent).toBeLessThan(20);
  });
});
