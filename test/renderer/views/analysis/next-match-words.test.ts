import { describe, expect, it } from 'vitest';
import type { NextMatch } from '../../../../src/shared/ipc/analysis';
import {
  countdownText,
  delayText,
  nextMatchLine,
  teamList,
  tickFor,
} from '../../../../src/renderer/src/views/analysis/next-match-words';

const NOW = Date.parse('2026-03-14T14:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function scheduled(change: Partial<Extract<NextMatch, { state: 'scheduled' }>> = {}): NextMatch {
  return {
    state: 'scheduled',
    matchId: '2026txhou-q42',
    eventId: '2026txhou',
    eventName: 'Houston Regional',
    label: 'Q42',
    alliance: 'red',
    partners: [254, 1678],
    opponents: [971, 604, 1323],
    scheduledAt: at(4),
    expectedAt: at(12),
    delayMinutes: 8,
    ...change,
  };
}

describe('nextMatchLine', () => {
  it('says the match, partners, opponents, countdown and delay in one line', () => {
    expect(nextMatchLine(scheduled(), NOW)).toBe(
      'Next: Q42 with 254 and 1678 vs 971, 604 and 1323, in about 12 min (running 8 min behind)',
    );
  });

  it('says when the event runs ahead of its schedule', () => {
    expect(nextMatchLine(scheduled({ expectedAt: at(7), delayMinutes: -3 }), NOW)).toBe(
      'Next: Q42 with 254 and 1678 vs 971, 604 and 1323, in about 7 min (running 3 min ahead)',
    );
  });

  it('says "starting now" in the minute the match is expected', () => {
    expect(
      nextMatchLine(scheduled({ expectedAt: new Date(NOW + 20_000).toISOString() }), NOW),
    ).toContain(', starting now (');
  });

  it('says the delay is not known before any match is played', () => {
    expect(nextMatchLine(scheduled({ expectedAt: at(4), delayMinutes: null }), NOW)).toBe(
      'Next: Q42 with 254 and 1678 vs 971, 604 and 1323, in about 4 min (delay not known yet)',
    );
  });

  it('says a match without a time has none, instead of a countdown', () => {
    expect(nextMatchLine(scheduled({ scheduledAt: null, expectedAt: null }), NOW)).toBe(
      'Next: Q42 with 254 and 1678 vs 971, 604 and 1323, no time scheduled',
    );
  });

  it('leaves out "with" for a team without partners', () => {
    expect(nextMatchLine(scheduled({ partners: [], opponents: [971] }), NOW)).toMatch(
      /^Next: Q42 vs 971, in about 12 min/,
    );
  });

  it('says when nothing is scheduled and when the event is over', () => {
    expect(nextMatchLine({ state: 'none' }, NOW)).toBe('No matches scheduled');
    expect(
      nextMatchLine({ state: 'over', eventId: '2026txhou', eventName: 'Houston Regional' }, NOW),
    ).toBe('Houston Regional is over: no more matches');
  });
});

describe('countdownText', () => {
  it('counts minutes, then hours and minutes, then gives the day and time', () => {
    expect(countdownText(at(1), NOW)).toBe('in about 1 min');
    expect(countdownText(at(59), NOW)).toBe('in about 59 min');
    expect(countdownText(at(60), NOW)).toBe('in about 1 h');
    expect(countdownText(at(80), NOW)).toBe('in about 1 h 20 min');
    expect(countdownText(at(60 * 24), NOW)).toMatch(/^on /);
  });

  it('says a match expected minutes ago is due, not "in −5 min"', () => {
    expect(countdownText(at(-5), NOW)).toBe('due 5 min ago');
    expect(countdownText(at(-60), NOW)).toBe('due 60 min ago');
    expect(countdownText(at(-61), NOW)).toMatch(/^was due on /);
  });

  it('counts down as the app’s clock moves', () => {
    expect(countdownText(at(12), NOW + 5 * 60_000)).toBe('in about 7 min');
  });
});

describe('delayText', () => {
  it('rounds to whole minutes and calls under half a minute on time', () => {
    expect(delayText(8.4)).toBe('running 8 min behind');
    expect(delayText(-2.6)).toBe('running 3 min ahead');
    expect(delayText(0.3)).toBe('on time');
    expect(delayText(null)).toBe('delay not known yet');
  });
});

describe('teamList', () => {
  it('joins with commas and a last "and"', () => {
    expect(teamList([254])).toBe('254');
    expect(teamList([254, 1678])).toBe('254 and 1678');
    expect(teamList([971, 604, 1323])).toBe('971, 604 and 1323');
    expect(teamList([])).toBe('');
  });
});

describe('tickFor', () => {
  it('ticks every second in the last minutes, every minute otherwise', () => {
    expect(tickFor(scheduled({ expectedAt: at(3) }), NOW)).toBe(1_000);
    expect(tickFor(scheduled({ expectedAt: at(30) }), NOW)).toBe(60_000);
    expect(tickFor({ state: 'none' }, NOW)).toBe(60_000);
  });
});
