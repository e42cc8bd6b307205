import { describe, expect, it } from 'vitest';
import {
  unsentMarks,
  unsentMarkWords,
} from '../../../../src/renderer/src/views/events/unsent-marks';
import { createEdit, deleteEdit, updateEdit } from '../edits/edit-fixtures';

describe('the events list’s marks for edits not sent', () => {
  it('marks each event with edits waiting, and says when one needs the organizer', () => {
    const marks = unsentMarks([
      updateEdit({ name: 'x' }, { id: 1, eventId: '2026leeds' }),
      updateEdit({ name: 'y' }, { id: 2, eventId: '2026leeds', state: 'conflict' }),
      createEdit('New', { id: 3, eventId: 'localk3x9q2' }),
      deleteEdit({ id: 4, eventId: '2026york' }),
    ]);
    expect(Object.fromEntries(marks)).toEqual({
      '2026leeds': { count: 2, attention: true },
      localk3x9q2: { count: 1, attention: false },
      '2026york': { count: 1, attention: false },
    });
    expect(unsentMarkWords({ count: 1, attention: false })).toBe('1 edit not sent yet');
    expect(unsentMarkWords({ count: 2, attention: true })).toBe(
      '2 edits not sent yet; one needs you',
    );
  });

  it('marks nothing when every edit has gone', () => {
    expect(unsentMarks([]).size).toBe(0);
  });
});
