import { describe, expect, it } from 'vitest';
import type { DigestLine, DigestSync } from '../../../src/shared/ipc/digest';
import { ALL_NOTIFICATIONS_ON } from '../../../src/shared/ipc/notifications';
import {
  FRESH_MS,
  noticesFor,
  SOON_MS,
  type NewsInput,
  type NextMatch,
} from '../../../src/main/notify/notice-rules';

const NOW = new Date('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString().replace('.000Z', 'Z');

function line(fields: Partial<DigestLine>): DigestLine {
  return {
    kind: 'stream',
    eventId: '2026leedsopen',
    eventName: 'Leeds Open',
    matchId: null,
    teamNumber: null,
    field: null,
    before: 'scheduled',
    after: 'live',
    ...fields,
  };
}

function sync(id: number, finishedAt: string, lines: DigestLine[]): DigestSync {
  return { id, finishedAt, lines };
}

const match = (fields: Partial<NextMatch> = {}): NextMatch => ({
  teamNumber: 254,
  matchId: '2026leedsopen-q12',
  eventId: '2026leedsopen',
  eventName: 'Leeds Open',
  scheduledAt: at(10 * 60_000),
  pulledAt: at(-60_000),
  ...fields,
});

function input(fields: Partial<NewsInput> = {}): NewsInput {
  return {
    now: NOW,
    syncs: [],
    pinned: new Set(['2026leedsopen']),
    favoriteEvents: new Set(['2026leedsopen']),
    nextMatches: [],
    switches: ALL_NOTIFICATIONS_ON,
    sent: new Set(),
    clock: (iso) => iso.slice(11, 16),
    ...fields,
  };
}

describe('the notice rules', () => {
  it('announces a pinned event’s stream going live, a favorite’s event going live and its match soon', () => {
    const notices = noticesFor(
      input({
        syncs: [
          sync(3, at(-30_000), [
            line({ kind: 'stream', after: 'live' }),
            line({ kind: 'event-status', before: 'upcoming', after: 'live' }),
          ]),
        ],
        nextMatches: [match()],
      }),
    );
    // Least urgent first: the last one takes the single slot.
    expect(notices.map((notice) => [notice.kind, notice.title, notice.route])).toEqual([
      ['streamLive', 'Leeds Open is streaming live', '/events/2026leedsopen'],
      ['eventLive', 'Leeds Open is under way', '/events/2026leedsopen'],
      ['matchSoon', 'Team 254 plays Q12 at 12:10', '/events/2026leedsopen?tab=matches'],
    ]);
  });

  it('announces each change once: what was sent is never sent again', () => {
    const news = input({ syncs: [sync(3, at(-30_000), [line({})])], nextMatches: [match()] });
    const first = noticesFor(news);
    expect(first).toHaveLength(2);
    expect(noticesFor({ ...news, sent: new Set(first.map((notice) => notice.key)) })).toEqual([]);
    // The same match moved to a new time is a new change.
    const moved = match({ scheduledAt: at(12 * 60_000) });
    expect(
      noticesFor({ ...news, nextMatches: [moved], sent: new Set(first.map((n) => n.key)) }),
    ).toHaveLength(1);
  });

  it('says nothing from stale data', () => {
    const old = sync(2, at(-FRESH_MS - 1_000), [line({})]);
    expect(noticesFor(input({ syncs: [old] }))).toEqual([]);
    // A match whose time has passed, one further off than 15 minutes, one from an old copy.
    expect(
      noticesFor(
        input({
          nextMatches: [
            match({ scheduledAt: at(-60_000) }),
            match({ teamNumber: 1678, scheduledAt: at(SOON_MS + 60_000) }),
            match({ teamNumber: 971, pulledAt: at(-FRESH_MS - 1_000) }),
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('takes only a favorite team’s next match', () => {
    const notices = noticesFor(
      input({
        nextMatches: [
          match({ matchId: '2026leedsopen-q14', scheduledAt: at(14 * 60_000) }),
          match({ matchId: '2026leedsopen-q12', scheduledAt: at(5 * 60_000) }),
        ],
      }),
    );
    expect(notices.map((notice) => notice.title)).toEqual(['Team 254 plays Q12 at 12:05']);
  });

  it('leaves out streams of events not pinned and events with no favorite team', () => {
    const notices = noticesFor(
      input({
        pinned: new Set(),
        favoriteEvents: new Set(),
        syncs: [
          sync(3, at(-30_000), [
            line({ kind: 'stream' }),
            line({ kind: 'event-status', before: 'upcoming', after: 'live' }),
            line({ kind: 'stream', eventId: '2026other', after: 'ended' }),
          ]),
        ],
      }),
    );
    expect(notices).toEqual([]);
  });

  it('says nothing of a kind switched off', () => {
    const news = input({
      syncs: [sync(3, at(-30_000), [line({ kind: 'stream' })])],
      nextMatches: [match()],
    });
    expect(
      noticesFor({ ...news, switches: { ...ALL_NOTIFICATIONS_ON, streamLive: false } }).map(
        (notice) => notice.kind,
      ),
    ).toEqual(['matchSoon']);
    expect(
      noticesFor({
        ...news,
        switches: { eventLive: false, streamLive: false, matchSoon: false },
      }),
    ).toEqual([]);
  });
});
