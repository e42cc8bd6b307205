import { describe, expect, it } from 'vitest';
import {
  firstFieldAtFault,
  formFieldOf,
  hasProblems,
  problemsOf,
} from '../../../../src/renderer/src/views/event-form/field-errors';

describe('formFieldOf', () => {
  it('reads the paths of a body, as the shared checks write them', () => {
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('startDate')).toBe('startDate');
    expect(formFieldOf('location.venue')).toBe('venue');
    expect(formFieldOf('location.state')).toBe('state');
    expect(formFieldOf('visibility')).toBe('visibility');
  });

  it("reads main's paths within its command input", () => {
    expect(formFieldOf('event.name')).toBe('name');
    expect(formFieldOf('event.location.country')).toBe('country');
    expect(formFieldOf('patch.location.city')).toBe('city');
    expect(formFieldOf('patch.endDate')).toBe('endDate');
  });

  it('names no field for what the form does not show', () => {
    expect(formFieldOf('streamStatus')).toBeNull();
    expect(formFieldOf('patch.streamStatus')).toBeNull();
    expect(formFieldOf('location')).toBeNull();
    expect(formFieldOf('event')).toBeNull();
    expect(formFieldOf('eventname')).toBeNull();
  });
});

describe('problemsOf', () => {
  it('puts each message beside its field, word for word', () => {
    const problems = problemsOf(
      [
        { field: 'patch.location.city', issue: 'must not be empty' },
        { field: 'patch.name', issue: 'must be at most 120 characters' },
      ],
      'The event is not valid.',
    );
    expect(problems).toEqual({
      fields: { name: 'must be at most 120 characters', city: 'must not be empty' },
      other: [],
    });
    expect(firstFieldAtFault(problems)).toBe('name');
  });

  it('joins several messages for one field, once each', () => {
    expect(
      problemsOf(
        [
          { field: 'season', issue: 'a' },
          { field: 'event.season', issue: 'b' },
          { field: 'season', issue: 'a' },
        ],
        '',
      ).fields,
    ).toEqual({ season: 'a; b' });
  });

  it('keeps what belongs to no field, with its path', () => {
    expect(
      problemsOf([{ field: 'patch.streamStatus', issue: 'cannot change from live' }], 'x').other,
    ).toEqual(['streamStatus: cannot change from live']);
    expect(problemsOf([{ field: 'event', issue: 'must be an object' }], 'x').other).toEqual([
      'must be an object',
    ]);
  });

  it('keeps the message of a refusal that names no field (no service set up, say)', () => {
    const problems = problemsOf([], 'Set up a service before editing events.');
    expect(problems).toEqual({ fields: {}, other: ['Set up a service before editing events.'] });
    expect(hasProblems(problems)).toBe(true);
    expect(firstFieldAtFault(problems)).toBeNull();
  });

  it('focuses the first field at fault in the order of the form, not of the details', () => {
    const problems = problemsOf(
      [
        { field: 'location.country', issue: 'must not be empty' },
        { field: 'endDate', issue: 'must not be before startDate' },
      ],
      '',
    );
    expect(firstFieldAtFault(problems)).toBe('endDate');
  });
});
