import { describe, expect, it } from 'vitest';
import { summaryLine, type BundleSummary } from '../../../src/main/bundle/bundle-summary';

const NOW = new Date('2026-11-21T12:00:00Z');

function summary(syncedFrom: string | null, syncedTo: string | null): BundleSummary {
  return {
    service: 'https://league.example.org/',
    createdAt: '2026-11-21T12:00:00Z',
    events: 48,
    privateEvents: 0,
    unlistedEvents: 0,
    teams: 1204,
    matches: 1,
    clips: 0,
    stats: 2,
    syncedFrom,
    syncedTo,
  };
}

describe('what a bundle brings, in one line', () => {
  it('counts with the right words and says how old its parts are', () => {
    expect(summaryLine(summary('2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z'), NOW)).toBe(
      '48 events, 1,204 teams, 1 match, 0 clips, 2 team statistics, synced 2 h ago from league.example.org',
    );
    expect(summaryLine(summary('2026-11-18T12:00:00Z', '2026-11-21T11:59:30Z'), NOW)).toMatch(
      /, synced 3 d ago to just now from league\.example\.org$/,
    );
    expect(summaryLine(summary('2026-11-21T11:59:30Z', '2026-11-21T11:59:30Z'), NOW)).toMatch(
      /, synced just now from league\.example\.org$/,
    );
    expect(summaryLine(summary(null, null), NOW)).toMatch(
      /, nothing synced from league\.example\.org$/,
    );
  });
});
