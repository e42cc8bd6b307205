import { describe, expect, it } from 'vitest';
import { createValues } from '../../../src/main/outbox/edit';
import { EDITABLE_EVENT_FIELDS, flatFields } from '../../../src/shared/ipc/edits';
import type { EventListItem } from '../../../src/shared/wire/event';

/*
 * The one reading of an event's editable fields, flat: what the outbox compares, a lost create is
 * looked for by, and an edit form is based on.
 */

const LISTED: EventListItem = {
  id: '2026leeds',
  name: 'Leeds Open',
  season: '2026-2027',
  startDate: '2026-11-24T08:00:00Z',
  endDate: '2026-11-26T20:00:00Z',
  location: { venue: 'Hopper Sports Complex', city: 'Leeds', state: 'ENG', country: 'GB' },
  status: 'upcoming',
  streamStatus: 'scheduled',
  teamCount: 24,
  clipCount: 0,
};

describe('an event’s fields, flat', () => {
  it('names every editable field, a location’s members each on its own, and an unknown visibility null', () => {
    const flat = flatFields(LISTED);
    expect(Object.keys(flat)).toEqual([...EDITABLE_EVENT_FIELDS]);
    expect(flat).toMatchObject({
      'location.venue': 'Hopper Sports Complex',
      'location.state': 'ENG',
      visibility: null,
      streamStatus: 'scheduled',
    });
    expect(flatFields({ ...LISTED, visibility: 'private' }).visibility).toBe('private');
  });

  it('reads a create as the service will store it, and one that no longer passes as it was typed', () => {
    const create = {
      name: ' Leeds Open ',
      season: '2026-2027',
      startDate: '2026-11-24T09:00:00+01:00',
      endDate: '2026-11-26T20:00:00Z',
      location: { city: 'Leeds', country: 'GB' },
    };
    expect(createValues(create)).toEqual({
      name: 'Leeds Open',
      season: '2026-2027',
      startDate: '2026-11-24T08:00:00Z',
      endDate: '2026-11-26T20:00:00Z',
      'location.venue': '',
      'location.city': 'Leeds',
      'location.state': '',
      'location.country': 'GB',
      visibility: 'public',
      streamStatus: 'none',
    });
    // Its city emptied: a venue and a visibility left out stay out, never read as cleared.
    const refused = createValues({ ...create, location: { city: '', country: 'GB' } });
    expect(refused).toEqual({
      name: 'Leeds Open',
      season: '2026-2027',
      startDate: '2026-11-24T08:00:00Z',
      endDate: '2026-11-26T20:00:00Z',
      'location.city': '',
      'location.country': 'GB',
    });
  });
});
