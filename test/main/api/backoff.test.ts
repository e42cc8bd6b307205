import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../../src/main/api/backoff';

const policy = { baseMs: 100, maxMs: 1_000 };

describe('backoff with full jitter', () => {
  it('draws between zero and a cap that doubles with each attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, () => 0.999))).toEqual([
      99, 199, 399, 799,
    ]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(200);
  });

  it('never waits longer than the policy’s maximum', () => {
    expect(backoffDelay(30, policy, () => 0.999)).toBe(999);
  });

  it('treats Retry-After as a floor that jitter cannot shorten', () => {
    expect(backoffDelay(1, policy, () => 0, 5_000)).toBe(5_000);
    expect(backoffDelay(4, policy, () => 0.999, 10)).toBe(799);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it.each([
    ['3', 3_000],
    [' 0 ', 0],
    ['Sat, 21 Nov 2026 12:00:10 GMT', 10_000],
    ['Sat, 21 Nov 2026 11:59:00 GMT', 0],
  ])('%j → %d ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([[null], ['soon'], ['-5'], ['1.5']])('ignores %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});
