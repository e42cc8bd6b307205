import type { Edit } from './edit';
import type { EditUpdate } from './outbox-rows';

/**
 * What a conflict held for a field never seen here becomes. Such conflicts were held before only
 * what was seen was compared (`compare.ts`): a base never read (`null`, the visibility of an
 * event only read from its list) was taken for someone else's change, and a delete or update
 * nobody else touched waited for the organizer for ever. Those fields are dropped; an edit left
 * with none goes out again, compared afresh. Conflicts with a reason (a second look, a refusal
 * of two changes together) are the service's word, and stay as they are. `null`: nothing to do.
 */
export function releasedFromUnseen(edit: Edit): EditUpdate | null {
  if (edit.kind === 'create' || edit.state !== 'conflict' || edit.conflict === null) return null;
  if (edit.error !== null) return null;
  const all = Object.entries(edit.conflict.fields);
  const seen = all.filter(([, field]) => field.base !== null);
  if (seen.length === all.length) return null;
  if (seen.length === 0) return { state: 'pending', conflict: null };
  return { conflict: { ...edit.conflict, fields: Object.fromEntries(seen) } };
}
