import type { NextMatch } from '../../../shared/ipc/analysis';
import { MATCH_ID_INFIX } from '../../../shared/wire/match';
import type { EventInfo, MatchInfo } from '../cache-read';

/*
 * A team's next match and when it will really start. Timestamps are the service's UTC ISO strings
 * and are only ever compared as instants (Date.parse of a `Z` string), never as local time.
 *
 * The delay is the median of (played − scheduled) over the event's last few played matches that
 * were scheduled within RECENT_HOURS before the next one: a late first day says little about the
 * second morning.
 */

export const DELAY_SAMPLE = 5;
export const RECENT_HOURS = 6;
const MINUTE_MS = 60_000;

export interface TeamEvent {
  event: EventInfo;
  matches: readonly MatchInfo[];
}

/** "Q42", "SF2", "F1". */
export function matchLabel(match: Pick<MatchInfo, 'type' | 'number'>): string {
  return `${MATCH_ID_INFIX[match.type].toUpperCase()}${match.number}`;
}

function instant(text: string | null): number | null {
  if (text === null) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** The service's timestamp form: UTC, second precision, `Z`. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Minutes the event runs behind at `before` (negative: ahead), or null without recent evidence. */
export function delayMinutes(matches: readonly MatchInfo[], before: number): number | null {
  const recent: { played: number; late: number }[] = [];
  for (const match of matches) {
    const scheduled = instant(match.scheduledAt);
    const played = instant(match.playedAt);
    if (!match.played || scheduled === null || played === null) continue;
    if (scheduled > before || scheduled < before - RECENT_HOURS * 60 * MINUTE_MS) continue;
    recent.push({ played, late: played - scheduled });
  }
  if (recent.length === 0) return null;
  recent.sort((a, b) => a.played - b.played);
  const sample = recent.slice(-DELAY_SAMPLE).map((entry) => entry.late / MINUTE_MS);
  return Math.round(median(sample));
}

/**
 * The first unplayed match of the team at its current or coming events (those not ended at `now`),
 * earliest event first; `over` when every event of the team has ended; `none` otherwise.
 */
export function nextMatch(team: number, events: readonly TeamEvent[], now: Date): NextMatch {
  const nowMs = now.getTime();
  const byStart = events
    .slice()
    .sort((a, b) => (instant(a.event.startDate) ?? 0) - (instant(b.event.startDate) ?? 0));
  const open = byStart.filter(({ event }) => (instant(event.endDate) ?? Infinity) >= nowMs);
  for (const { event, matches } of open) {
    const next = matches.find(
      (match) => !match.played && (match.red.includes(team) || match.blue.includes(team)),
    );
    if (next === undefined) continue;
    const alliance = next.red.includes(team) ? 'red' : 'blue';
    const own = alliance === 'red' ? next.red : next.blue;
    const scheduled = instant(next.scheduledAt);
    const delay = scheduled === null ? null : delayMinutes(matches, scheduled);
    return {
      state: 'scheduled',
      matchId: next.id,
      eventId: event.id,
      eventName: event.name,
      label: matchLabel(next),
      alliance,
      partners: own.filter((member) => member !== team),
      opponents: (alliance === 'red' ? next.blue : next.red).slice(),
      scheduledAt: scheduled === null ? null : isoSeconds(scheduled),
      expectedAt: scheduled === null ? null : isoSeconds(scheduled + (delay ?? 0) * MINUTE_MS),
      delayMinutes: delay,
    };
  }
  const last = byStart[byStart.length - 1];
  if (open.length === 0 && last !== undefined) {
    return { state: 'over', eventId: last.event.id, eventName: last.event.name };
  }
  return { state: 'none' };
}
