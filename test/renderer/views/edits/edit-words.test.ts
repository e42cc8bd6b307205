import { describe, expect, it } from 'vitest';
import {
  changedFields,
  createdNames,
  describeEdit,
  describeState,
  discardConsequence,
  failureDetails,
} from '../../../../src/renderer/src/views/edits/edit-words';
import { createEdit, deleteEdit, updateEdit } from './edit-fixtures';

describe('describeEdit', () => {
  it('names a new event by its name', () => {
    expect(describeEdit(createEdit('Leeds Winter Open'))).toBe('New event Leeds Winter Open');
  });

  it('names a change by its event’s name and says each field’s change, a location member each', () => {
    const edit = {
      ...updateEdit(
        { location: { venue: 'Rockford Fieldhouse' }, streamStatus: 'live' },
        { eventId: '2026rockfordregi', eventName: 'Rockford Regional' },
      ),
      base: { 'location.venue': 'Rockford Expo Center', streamStatus: 'scheduled' },
    };
    expect(describeEdit(edit)).toBe(
      'Rockford Regional · Venue: Rockford Expo Center → Rockford Fieldhouse · Stream: Scheduled → Live',
    );
  });

  it('says a cleared field is empty, and gives only the new value when the old one is unknown', () => {
    const edit = {
      ...updateEdit({ location: { state: null }, name: 'Leeds Open' }, { eventName: 'Leeds' }),
      base: { 'location.state': 'West Yorkshire' },
    };
    expect(describeEdit(edit)).toBe('Leeds · Name: Leeds Open · State: West Yorkshire → empty');
  });

  it('falls back to the event’s code only when no name is known', () => {
    expect(describeEdit(updateEdit({ visibility: 'private' }))).toBe(
      '2026leeds · Visibility: Private',
    );
  });

  it('lists changed fields in the form’s order, whatever order they were typed in', () => {
    expect(
      changedFields({ streamStatus: 'live', endDate: 'x', name: 'x', location: { city: 'York' } }),
    ).toEqual(['name', 'end', 'city', 'stream']);
  });

  it('counts a field cleared to null as changed', () => {
    expect(changedFields({ location: { state: null } })).toEqual(['state']);
  });

  it('names a deletion by its event', () => {
    expect(describeEdit(deleteEdit({ eventName: 'Leeds Winter Open' }))).toBe(
      'Deletion of Leeds Winter Open',
    );
  });

  it('names an event the service has not named yet by the name it was created with', () => {
    const created = createEdit('Leeds Winter Open', { id: 1, eventId: 'localk3x9q2' });
    const changed = updateEdit({ name: 'Leeds Open' }, { id: 2, eventId: 'localk3x9q2' });
    const removed = deleteEdit({ id: 3, eventId: 'localk3x9q2' });
    const names = createdNames([created, changed, removed]);
    expect(describeEdit(changed, names)).toBe('New event Leeds Winter Open · Name: Leeds Open');
    expect(describeEdit(removed, names)).toBe('Deletion of new event Leeds Winter Open');
  });
});

describe('describeState', () => {
  it('says a queued edit waits for the service while offline, not that it is being sent', () => {
    const offline = { offline: true };
    const tried = updateEdit(
      { name: 'x' },
      { state: 'sending', attempts: 1, error: { code: 'offline', message: 'Unreachable.' } },
    );
    expect(describeState(tried, offline)).toEqual({
      label: 'Waiting',
      tone: 'waiting',
      explanation:
        'Waiting for the service (offline). When it is back, Pitside checks whether the last try arrived before sending it again.',
    });
    expect(describeState(createEdit('A'), offline)).toEqual({
      label: 'Waiting',
      tone: 'waiting',
      explanation: 'Waiting for the service (offline).',
    });
    // What waits for the organizer is said as it is, online or not.
    const refused = createEdit('A', {
      state: 'failed',
      error: { code: 'rejected', message: 'No.' },
    });
    expect(describeState(refused, offline).label).toBe('Failed');
  });

  it('says a pending edit waits for the next sync', () => {
    expect(describeState(createEdit('A'))).toEqual({
      label: 'Waiting',
      tone: 'waiting',
      explanation: 'Goes out with the next sync.',
    });
  });

  it('says why a pending edit’s last try did not get through', () => {
    const edit = createEdit('A', {
      attempts: 2,
      error: { code: 'offline', message: 'The service could not be reached.' },
    });
    expect(describeState(edit).explanation).toBe(
      'The last try did not get through (The service could not be reached); it goes out with the next sync.',
    );
  });

  it('says an edit is on its way while it is sent', () => {
    expect(describeState(createEdit('A', { state: 'sending' }))).toMatchObject({
      label: 'Sending',
      tone: 'sending',
      explanation: 'On its way to the service.',
    });
  });

  it('says an edit sent with a lost answer may have arrived and is checked before resending', () => {
    const edit = updateEdit(
      { name: 'x' },
      { state: 'sending', attempts: 1, error: { code: 'timeout', message: 'No answer in 15 s.' } },
    );
    expect(describeState(edit)).toEqual({
      label: 'Sending',
      tone: 'sending',
      explanation: 'Unsure whether it arrived; checked before it is sent again.',
    });
  });

  it('gives a refusal the service’s message and needs the organizer', () => {
    const edit = createEdit('A', {
      state: 'failed',
      error: { code: 'rejected', message: 'The event is not valid.', status: 422 },
    });
    expect(describeState(edit)).toEqual({
      label: 'Failed',
      tone: 'attention',
      explanation: 'The service refused it: The event is not valid.',
    });
  });

  it('tells a create given up without a clear answer from a refusal, with what the look found', () => {
    const error = {
      code: 'timeout' as const,
      message: 'Gave up after 8 tries without a clear answer',
    };
    const unknown = createEdit('A', { state: 'failed', error: { ...error, gaveUp: 'unknown' } });
    expect(describeState(unknown)).toEqual({
      label: 'Gave up',
      tone: 'attention',
      explanation:
        'The service never answered clearly, and could not be asked whether it arrived: it may have. It is looked for on the service before it is sent again.',
    });
    const absent = createEdit('A', { state: 'failed', error: { ...error, gaveUp: 'absent' } });
    expect(describeState(absent).explanation).toBe(
      'The service never answered clearly, and it is not on the service: it did not arrive. Send it again when the service answers.',
    );
    expect(describeState(absent).explanation).not.toContain('refused');
  });

  it('lists a refusal’s field details by the fields’ names', () => {
    const edit = createEdit('A', {
      state: 'failed',
      error: {
        code: 'rejected',
        message: 'The event is not valid.',
        details: [
          { field: 'location.city', issue: 'is required' },
          { field: 'endDate', issue: 'must not be before startDate' },
          { field: 'sponsor', issue: 'is not a known field' },
          { field: '', issue: 'the body must be an object' },
        ],
      },
    });
    expect(failureDetails(edit)).toEqual([
      'City: is required',
      'End: must not be before startDate',
      'Sponsor: is not a known field',
      'the body must be an object',
    ]);
  });

  it('lists no details for an edit that has not failed, even with an error kept', () => {
    const edit = createEdit('A', {
      error: { code: 'internal', message: 'y', details: [{ field: 'name', issue: 'z' }] },
    });
    expect(failureDetails(edit)).toEqual([]);
  });

  it('asks the organizer to choose for a change in conflict', () => {
    const edit = updateEdit({ name: 'x' }, { state: 'conflict' });
    expect(describeState(edit)).toMatchObject({ label: 'Conflict', tone: 'attention' });
    expect(describeState(edit).explanation).toContain('choose which values to keep');
  });

  it('says what the second look found at a change that went out', () => {
    const message =
      'Someone changed this on the service moments after your change went out, without having seen it. Choose which value stays.';
    const edit = updateEdit(
      { name: 'x' },
      { state: 'conflict', error: { code: 'conflict', message } },
    );
    expect(describeState(edit).explanation).toBe(message);
  });

  it('says an event gone from the service is gone, not that the service refused the change', () => {
    const message =
      'Event 2026leeds was deleted on the service moments after your change to it went out; the change went with it.';
    const edit = updateEdit(
      { name: 'x' },
      { state: 'failed', error: { code: 'not_found', status: 404, message } },
    );
    expect(describeState(edit).explanation).toBe(message);
    const refused = updateEdit(
      { name: 'x' },
      {
        state: 'failed',
        error: {
          code: 'not_found',
          status: 404,
          serviceCode: 'not_found',
          message: 'No such event.',
        },
      },
    );
    expect(describeState(refused).explanation).toBe('The service refused it: No such event.');
  });

  it('says a value never read here is why a change is held, not that someone changed it', () => {
    const edit = updateEdit(
      { visibility: 'unlisted' },
      {
        state: 'conflict',
        conflict: {
          etag: null,
          fields: { visibility: { base: null, theirs: 'private', mine: 'unlisted' } },
        },
      },
    );
    expect(describeState(edit).explanation).toBe(
      'This computer had not read the event’s visibility before you changed it, so it cannot tell whether the service’s value is someone else’s change: choose which value to keep.',
    );
  });

  it('says why a change refused together with someone else’s is a conflict, and which rule', () => {
    const message =
      'Your change and a change made on the service meanwhile cannot both stand, so the service refused them together and nothing was applied. Choose which values stay.';
    const edit = updateEdit(
      { endDate: '2026-03-14T10:00:00Z' },
      {
        state: 'conflict',
        error: {
          code: 'conflict',
          status: 422,
          serviceCode: 'validation_failed',
          message,
          details: [{ field: 'endDate', issue: 'must not be before startDate' }],
        },
      },
    );
    expect(describeState(edit).explanation).toBe(message);
    expect(failureDetails(edit)).toEqual(['End: must not be before startDate']);
  });

  it('says a deletion in conflict would also remove their changes', () => {
    const edit = deleteEdit({ state: 'conflict' });
    expect(describeState(edit).explanation).toContain(
      'deleting it would also remove their changes',
    );
  });
});

describe('discardConsequence', () => {
  it('says what each kind of edit takes back', () => {
    expect(discardConsequence(createEdit('A'))).toContain('The new event and any later changes');
    expect(discardConsequence(updateEdit({ name: 'x' }))).toContain('Your change is taken back');
    expect(discardConsequence(deleteEdit())).toContain('the event stays on the service');
  });
});
