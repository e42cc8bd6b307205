import { describe, expect, it, vi } from 'vitest';

// Kathmandu: 5:45 ahead of UTC all year, so the minutes of an offset count too.
vi.hoisted(() => {
  process.env.TZ = 'Asia/Kathmandu';
});

import {
  isoToLocalInput,
  localInputToIso,
} from '../../../../src/renderer/src/views/event-form/local-time';

describe('an offset with minutes', () => {
  it('is written in full', () => {
    expect(localInputToIso('2026-03-14T09:00')).toBe('2026-03-14T09:00:00+05:45');
    expect(Date.parse(localInputToIso('2026-03-14T09:00') ?? '')).toBe(
      Date.parse('2026-03-14T03:15:00Z'),
    );
  });

  it('moves a late evening in UTC to the next local day', () => {
    expect(isoToLocalInput('2026-03-14T20:00:00Z')).toBe('2026-03-15T01:45');
  });
});
