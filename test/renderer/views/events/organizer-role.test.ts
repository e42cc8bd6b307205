import { describe, expect, it } from 'vitest';
import { organizerActions } from '../../../../src/renderer/src/views/events/organizer-role';

describe('organizerActions', () => {
  it('offers nothing to a viewer key', () => {
    expect(organizerActions('viewer')).toEqual({ edit: false, delete: false });
  });

  it('offers editing, not deleting, to an organizer key', () => {
    expect(organizerActions('organizer')).toEqual({ edit: true, delete: false });
  });

  it('offers everything to an admin key', () => {
    expect(organizerActions('admin')).toEqual({ edit: true, delete: true });
  });

  it('offers everything while the role is not known yet, as at a venue with no signal', () => {
    expect(organizerActions(null)).toEqual({ edit: true, delete: true });
  });
});
