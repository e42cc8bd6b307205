import type { DigestSync } from '../../shared/ipc/digest';
import type { Notice, NotificationSwitches } from '../../shared/ipc/notifications';

/*
 * Which desktop notifications a sync's news makes: plain functions of what the digest recorded
 * and what the cache holds, so every rule is tested without Electron or a clock of its own.
 */

/** News older than this is not announced: the app was closed, or the copy is an old one. */
export const FRESH_MS = 10 * 60_000;
/** "A favorite team's next match is scheduled within the next 15 minutes." */
export const SOON_MS = 15 * 60_000;

/** A favorite team's next scheduled match, as the cache holds it. */
export interface NextMatch {
  teamNumber: number;
  matchId: string;
  eventId: string;
  eventName: string;
  scheduledAt: string;
  /** When the copy of the event's matches was last pulled whole. */
  pulledAt: string;
}

export interface NewsInput {
  now: Date;
  /** The digest, newest first. */
  syncs: readonly DigestSync[];
  pinned: ReadonlySet<string>;
  /** Events a favorite team is registered at. */
  favoriteEvents: ReadonlySet<string>;
  nextMatches: readonly NextMatch[];
  switches: NotificationSwitches;
  /** Keys of the changes already announced (or passed over while the window had focus). */
  sent: ReadonlySet<string>;
  /** "14:05" in the person's time zone. */
  clock: (iso: string) => string;
}

/** A notice with the change it announces, so it is never announced twice. */
export interface KeyedNotice extends Notice {
  key: string;
}

const matchLabel = (matchId: string) =>
  (/-(q|sf|f)(\d+)$/.exec(matchId)?.slice(1).join('') ?? matchId).toUpperCase();

function fresh(iso: string, now: Date): boolean {
  const age = now.getTime() - Date.parse(iso);
  return age >= 0 && age <= FRESH_MS;
}

/** What the recorded changes of recent syncs announce: an event under way, a stream live. */
function fromLines(input: NewsInput): KeyedNotice[] {
  const notices: KeyedNotice[] = [];
  for (const sync of [...input.syncs].reverse()) {
    if (!fresh(sync.finishedAt, input.now)) continue;
    sync.lines.forEach((line, index) => {
      const key = `${sync.id}:${index}`;
      const route = `/events/${encodeURIComponent(line.eventId)}`;
      if (
        line.kind === 'event-status' &&
        line.after === 'live' &&
        input.favoriteEvents.has(line.eventId)
      ) {
        notices.push({
          key: `eventLive:${key}`,
          kind: 'eventLive',
          title: `${line.eventName} is under way`,
          body: 'A favorite team of yours is there.',
          route,
        });
      }
      if (line.kind === 'stream' && line.after === 'live' && input.pinned.has(line.eventId)) {
        notices.push({
          key: `streamLive:${key}`,
          kind: 'streamLive',
          title: `${line.eventName} is streaming live`,
          body: 'The stream of a pinned event has started.',
          route,
        });
      }
    });
  }
  return notices;
}

/**
 * Each favorite team's next match when it is due within `SOON_MS`, from a copy pulled within
 * `FRESH_MS`: never from an old copy, never for a time already past. A match moved to a new
 * time is a new change, and may be announced again.
 */
function fromSchedule(input: NewsInput): KeyedNotice[] {
  const now = input.now.getTime();
  const next = new Map<number, NextMatch>();
  for (const match of input.nextMatches) {
    const at = Date.parse(match.scheduledAt);
    if (at <= now) continue;
    const held = next.get(match.teamNumber);
    if (held === undefined || Date.parse(held.scheduledAt) > at) next.set(match.teamNumber, match);
  }
  const notices: KeyedNotice[] = [];
  for (const match of next.values()) {
    const due = Date.parse(match.scheduledAt) - now;
    if (due > SOON_MS || !fresh(match.pulledAt, input.now)) continue;
    const minutes = Math.max(1, Math.round(due / 60_000));
    notices.push({
      key: `matchSoon:${match.matchId}:${match.scheduledAt}:${match.teamNumber}`,
      kind: 'matchSoon',
      title: `Team ${match.teamNumber} plays ${matchLabel(match.matchId)} at ${input.clock(match.scheduledAt)}`,
      body: `${match.eventName} · in ${minutes} min`,
      route: `/events/${encodeURIComponent(match.eventId)}?tab=matches`,
    });
  }
  return notices;
}

/**
 * The notices due now, least urgent first (the last one takes the single slot): each change
 * once, only kinds switched on. Changes made here never reach the digest, so never here either.
 */
export function noticesFor(input: NewsInput): KeyedNotice[] {
  return [...fromLines(input), ...fromSchedule(input)].filter(
    (notice) => input.switches[notice.kind] && !input.sent.has(notice.key),
  );
}
