import type { DigestLine } from '../../../../shared/ipc/digest';
import type { StreamStatus } from '../../../../shared/wire/event';
import { localDate, localDateTime } from '../../format/dates';
import { paths } from '../../routes';

/*
 * A digest line in the product's words, from the reader's side: the event by its name, the match
 * by its short label, a score with its alliances named (never by colour alone), before → after.
 */

const MATCH_LABEL = /-(q|sf|f)(\d+)$/;

/** "Q12", "SF1", "F2" from a match id (`2026springfield-q12`). */
export function matchLabel(matchId: string): string {
  const found = MATCH_LABEL.exec(matchId);
  return found === null ? matchId : `${(found[1] ?? '').toUpperCase()}${found[2] ?? ''}`;
}

const STREAM_WORDS: Record<StreamStatus, string> = {
  none: 'No stream',
  scheduled: 'Scheduled',
  live: 'Live now',
  ended: 'Ended',
};

function streamWords(status: string | null): string {
  return status !== null && status in STREAM_WORDS
    ? STREAM_WORDS[status as StreamStatus]
    : (status ?? '—');
}

const STATUS_WORDS: Record<string, string> = {
  upcoming: 'Event is upcoming',
  live: 'Event is under way',
  past: 'Event has ended',
};

const FACT_NAMES: Record<NonNullable<DigestLine['field']>, string> = {
  name: 'Name',
  startDate: 'Starts',
  endDate: 'Ends',
  venue: 'Venue',
  city: 'City',
  state: 'State',
  country: 'Country',
};

function when(iso: string | null): string {
  return iso === null ? 'no time set' : localDateTime(iso);
}

/** "Red 101 · Blue 99" from the stored "101–99". */
function scoreWords(score: string | null): string {
  const [red, blue] = (score ?? '').split('–');
  return red === undefined || blue === undefined ? '—' : `Red ${red} · Blue ${blue}`;
}

function factValue(line: DigestLine, value: string | null): string {
  if (value === null || value === '') return '(none)';
  return line.field === 'startDate' || line.field === 'endDate' ? localDate(value) : value;
}

export interface LineWords {
  text: string;
  /** What the line is about, where a click takes the reader. */
  to: string;
}

export function lineWords(line: DigestLine): LineWords {
  const matchTo = paths.event(line.eventId, { tab: 'matches' });
  const match = line.matchId === null ? '' : matchLabel(line.matchId);
  switch (line.kind) {
    case 'match-added':
      return { text: `${match} added, at ${when(line.after)}`, to: matchTo };
    case 'match-rescheduled':
      return { text: `${match} moved: ${when(line.before)} → ${when(line.after)}`, to: matchTo };
    case 'match-removed':
      return { text: `${match} removed (was at ${when(line.before)})`, to: matchTo };
    case 'score-posted':
      return { text: `${match} score: ${scoreWords(line.after)}`, to: matchTo };
    case 'score-corrected':
      return {
        text: `${match} score corrected: ${scoreWords(line.before)} → ${scoreWords(line.after)}`,
        to: matchTo,
      };
    case 'team-added':
      return { text: `Team ${line.teamNumber ?? ''} registered`, to: teamTo(line) };
    case 'team-withdrawn':
      return { text: `Team ${line.teamNumber ?? ''} withdrew`, to: teamTo(line) };
    case 'stream':
      return {
        text: `Stream: ${streamWords(line.before)} → ${streamWords(line.after)}`,
        to: paths.event(line.eventId),
      };
    case 'event-status':
      return {
        text: STATUS_WORDS[line.after ?? ''] ?? `Status: ${line.after ?? ''}`,
        to: paths.event(line.eventId),
      };
    case 'event-fact':
      return {
        text: `${line.field === null ? 'Details' : FACT_NAMES[line.field]}: ${factValue(line, line.before)} → ${factValue(line, line.after)}`,
        to: paths.event(line.eventId),
      };
  }
}

function teamTo(line: DigestLine): string {
  return line.teamNumber === null ? paths.event(line.eventId) : paths.team(line.teamNumber);
}

/** "12 changes", "1 change". */
export function changesCount(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'change' : 'changes'}`;
}
