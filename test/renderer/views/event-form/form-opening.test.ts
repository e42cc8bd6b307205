import { describe, expect, it } from 'vitest';
import type { CachedEvent } from '../../../../src/shared/ipc/reads';
import { formValuesWithEdit } from '../../../../src/renderer/src/views/event-form/fix-values';
import {
  followEvent,
  openOn,
  touchedFields,
} from '../../../../src/renderer/src/views/event-form/form-opening';
import { patchOf } from '../../../../src/renderer/src/views/event-form/form-values';

/*
 * What an edit form keeps from the moment it opens, and what a sync that changes the event while
 * it is open does to it: untouched fields show the change and are not sent; a field the organizer
 * typed into keeps its base, so the outbox can tell their change from someone else's.
 */

const OPENED: CachedEvent = {
  id: '2026leeds',
  name: 'Leeds Open',
  season: '2026-2027',
  startDate: '2026-11-24T08:00:00Z',
  endDate: '2026-11-26T20:00:00Z',
  location: { venue: 'Hopper Sports Complex', city: 'Leeds', state: 'ENG', country: 'GB' },
  status: 'upcoming',
  streamStatus: 'none',
  teamCount: 24,
  clipCount: 0,
  visibility: 'public',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** A colleague renamed the event and moved it to another venue; a sync brought both. */
const SYNCED: CachedEvent = {
  ...OPENED,
  name: 'Theirs',
  location: { ...OPENED.location, venue: 'Their Hall' },
  updatedAt: '2026-01-02T00:00:00Z',
};

describe('an edit form’s opening', () => {
  it('bases the edit on every field as the service wrote it, with the validator read', () => {
    const opening = openOn(OPENED, '"7"');
    expect(opening.base).toEqual({
      etag: '"7"',
      fields: {
        name: 'Leeds Open',
        season: '2026-2027',
        startDate: '2026-11-24T08:00:00Z',
        endDate: '2026-11-26T20:00:00Z',
        'location.venue': 'Hopper Sports Complex',
        'location.city': 'Leeds',
        'location.state': 'ENG',
        'location.country': 'GB',
        visibility: 'public',
        streamStatus: 'none',
      },
    });
  });

  it('keeps the base of a field typed into while a sync changed it, and sends only that field', () => {
    const opening = openOn(OPENED, '"7"');
    const typed = { ...opening.shown, name: 'Mine' };
    const after = followEvent(opening, typed, SYNCED, '"8"');
    expect(after.values.name).toBe('Mine');
    expect(after.opening.base.fields.name).toBe('Leeds Open');
    // The validator read at the opening stays: the service's newer one does not vouch for it.
    expect(after.opening.base.etag).toBe('"7"');
    // The colleague's venue shows in the untouched field, and is not sent back.
    expect(after.values.venue).toBe('Their Hall');
    expect(patchOf(after.opening.shown, after.values)).toEqual({ name: 'Mine' });
  });

  it('shows a colleague’s name in an untouched field; typed over after that, its base is still what the form opened on', () => {
    const opening = openOn(OPENED, null);
    const after = followEvent(opening, opening.shown, SYNCED, null);
    expect(after.values.name).toBe('Theirs');
    expect(touchedFields(after.opening.shown, after.values).size).toBe(0);
    const typed = { ...after.values, name: 'Mine' };
    expect(patchOf(after.opening.shown, typed)).toEqual({ name: 'Mine' });
    expect(after.opening.base.fields.name).toBe('Leeds Open');
  });

  it('learns a visibility never synced when it is first read, with its validator, unless one was chosen before', () => {
    const listOnly: CachedEvent = { ...OPENED, visibility: null, createdAt: null, updatedAt: null };
    const opening = openOn(listOnly, null);
    expect(opening.base.fields.visibility).toBeNull();
    expect(opening.shown.visibility).toBe('');

    const read = followEvent(opening, opening.shown, OPENED, '"7"');
    expect(read.values.visibility).toBe('public');
    expect(read.opening.base).toMatchObject({ fields: { visibility: 'public' }, etag: '"7"' });

    const chosen = followEvent(
      opening,
      { ...opening.shown, visibility: 'private' },
      { ...OPENED, visibility: 'unlisted' },
      '"8"',
    );
    expect(chosen.values.visibility).toBe('private');
    expect(chosen.opening.base.fields.visibility).toBeNull();
    expect(chosen.opening.base.etag).toBeNull();
  });

  it('keeps a refused change’s form as it opened: a field a sync changed is not sent back to its old value', () => {
    // "Correct and send again": the event as it read then, with the refused name typed over it.
    const opening = openOn(OPENED, null);
    const values = formValuesWithEdit(opening.shown, { name: 'Refused Name' });
    const after = followEvent(opening, values, SYNCED, null);
    expect(patchOf(after.opening.shown, after.values)).toEqual({ name: 'Refused Name' });
    expect(after.values.venue).toBe('Their Hall');
  });
});
