import { describe, expect, it } from 'vitest';
import { formValuesWithEdit } from '../../../../src/renderer/src/views/event-form/fix-values';
import {
  EMPTY_FORM,
  type EventFormValues,
} from '../../../../src/renderer/src/views/event-form/form-values';
import { isoToLocalInput } from '../../../../src/renderer/src/views/event-form/local-time';

const SERVICE: EventFormValues = {
  name: 'Leeds Open',
  season: '2026-2027',
  startDate: '2026-11-24T08:00',
  endDate: '2026-11-26T20:00',
  venue: 'Hopper Sports Complex',
  city: 'Leeds',
  state: 'ENG',
  country: 'GB',
  visibility: 'public',
};

describe('a refused edit back in its form', () => {
  it('fills an empty form with a refused new event, dates on this computer’s clock', () => {
    const values = formValuesWithEdit(EMPTY_FORM, {
      name: 'Harbour Open',
      season: '2026-2027',
      startDate: '2026-12-05T09:00:00+01:00',
      endDate: '2026-12-06T17:30:00Z',
      location: { city: 'Portsmouth', country: 'GB' },
    });
    expect(values).toEqual({
      ...EMPTY_FORM,
      name: 'Harbour Open',
      season: '2026-2027',
      startDate: isoToLocalInput('2026-12-05T08:00:00Z'),
      endDate: isoToLocalInput('2026-12-06T17:30:00Z'),
      city: 'Portsmouth',
      country: 'GB',
    });
  });

  it('writes a refused change over the event as it reads now, a cleared venue or state as empty', () => {
    const values = formValuesWithEdit(SERVICE, {
      name: 'Leeds Open II',
      location: { venue: null, state: null },
      visibility: 'private',
    });
    expect(values).toEqual({
      ...SERVICE,
      name: 'Leeds Open II',
      venue: '',
      state: '',
      visibility: 'private',
    });
  });

  it('leaves every field the edit did not touch as it reads now', () => {
    expect(formValuesWithEdit(SERVICE, {})).toEqual(SERVICE);
  });
});
