import type { EditView } from '../../../../src/shared/ipc/edits';

/*
 * Edits as `edits:list` answers them, with only what a test is about written out. The list is
 * parsed with the contract's schema on the way in, so these are the shapes the panel gets.
 */

type Common = Pick<
  EditView,
  'id' | 'eventId' | 'eventName' | 'state' | 'attempts' | 'queuedAt' | 'error' | 'conflict'
>;

const common = (overrides: Partial<Common>): Common => ({
  id: 1,
  eventId: '2026leeds',
  eventName: null,
  state: 'pending',
  attempts: 0,
  queuedAt: '2026-03-14T09:00:00Z',
  error: null,
  conflict: null,
  ...overrides,
});

export function createEdit(
  name: string,
  overrides: Partial<Common> = {},
): Extract<EditView, { kind: 'create' }> {
  return {
    ...common({ eventId: 'localk3x9q2', ...overrides }),
    kind: 'create',
    payload: {
      name,
      season: '2025-2026',
      startDate: '2026-03-14T09:00:00Z',
      endDate: '2026-03-15T17:00:00Z',
      location: { city: 'Leeds', country: 'GB' },
    },
    base: null,
  };
}

export function updateEdit(
  payload: Extract<EditView, { kind: 'update' }>['payload'],
  overrides: Partial<Common> = {},
): Extract<EditView, { kind: 'update' }> {
  return { ...common(overrides), kind: 'update', payload, base: {} };
}

export function deleteEdit(
  overrides: Partial<Common> = {},
  name = 'Leeds Winter Open',
): Extract<EditView, { kind: 'delete' }> {
  return { ...common(overrides), kind: 'delete', payload: null, base: { name } };
}
