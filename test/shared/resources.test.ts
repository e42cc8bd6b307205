import { describe, expect, it } from 'vitest';
import { isCacheResource, touches } from '../../src/shared/ipc/resources';

describe('cache resources', () => {
  it('are the sync units plus the resources answers draw from across them', () => {
    for (const key of [
      'events',
      'teams',
      'event:2026springfield',
      'event:2026springfield:matches',
      'team:254',
      'team:254:clips',
      'team:254:stats:2025-2026',
      'team:254:stats',
      'registrations',
      'favorites',
      'pins',
      'all',
    ]) {
      expect(isCacheResource(key), key).toBe(true);
    }
    for (const key of ['', 'event', 'event:X', 'team:0', 'team:0:stats', 'team:254:stats:', '*']) {
      expect(isCacheResource(key), key).toBe(false);
    }
  });

  it('touch an answer when a notice names one of its sources, or everything', () => {
    const built = ['team:254:matches', 'registrations', 'events', 'event:2026abcde:matches'];
    expect(touches(['event:2026abcde:matches'], built)).toBe(true);
    expect(touches(['teams', 'team:254'], built)).toBe(false);
    expect(touches(['event:2026other:matches'], built)).toBe(false);
    expect(touches(['all'], built)).toBe(true);
    expect(touches([], built)).toBe(false);
  });
});
