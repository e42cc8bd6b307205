import { describe, expect, it, vi } from 'vitest';

// The formatters are built in the process's zone when the module loads: pin one far from UTC
// (NZDT, UTC+13 in March 2026) first, so a value shown in UTC could not pass for a local one.
vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

import {
  fieldHeading,
  fieldName,
  fieldValueText,
  fieldValueTitle,
} from '../../../../src/renderer/src/views/edits/field-words';
import { localDateTime } from '../../../../src/renderer/src/format/dates';

describe('field names', () => {
  it('names fields as an organizer does, a location member by itself', () => {
    expect(fieldName('location.venue')).toBe('venue');
    expect(fieldName('streamStatus')).toBe('stream');
    expect(fieldHeading('startDate')).toBe('Start');
  });

  it('keeps a field it does not know as the service named it', () => {
    expect(fieldName('sponsor')).toBe('sponsor');
  });
});

describe('fieldValueText', () => {
  it('shows a date in the person’s time zone, whatever zone it was written in', () => {
    // 09:00 UTC is 22:00 in Auckland; the locale's own way of writing it is not the point.
    const local = localDateTime('2026-03-14T09:00:00Z');
    expect(local).toMatch(/22:00|10:00\sPM/);
    expect(fieldValueText('startDate', '2026-03-14T09:00:00Z')).toBe(local);
    expect(fieldValueText('startDate', '2026-03-14T10:00:00+01:00')).toBe(local);
  });

  it('gives a date’s UTC instant for hovering', () => {
    expect(fieldValueTitle('endDate', '2026-03-14T10:00:00+01:00')).toBe('2026-03-14 09:00 UTC');
    expect(fieldValueTitle('name', 'Leeds')).toBeUndefined();
  });

  it('says an empty or unknown value is empty', () => {
    expect(fieldValueText('location.venue', null)).toBe('empty');
    expect(fieldValueText('location.venue', '')).toBe('empty');
  });

  it('puts choices in words and leaves text as typed', () => {
    expect(fieldValueText('streamStatus', 'none')).toBe('No stream');
    expect(fieldValueText('visibility', 'unlisted')).toBe('Unlisted');
    expect(fieldValueText('name', 'Leeds Winter Open')).toBe('Leeds Winter Open');
  });
});
