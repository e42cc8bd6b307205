import type { SearchResult } from '../../../../shared/ipc/reads';
import type { Remote } from '../../stores/query-store';

/** Each kind shows at most this many; the search command ranks, so these are its best. */
export const PER_GROUP = 5;

export type GroupKind = 'teams' | 'events' | 'actions';

/** `254`, not `0254` or `25 4`: text a team number is typed as. */
export function typedTeamNumber(query: string): number | null {
  if (!/^\d{1,5}$/.test(query)) return null;
  const number = Number(query);
  return number >= 1 && String(number) === query ? number : null;
}

/**
 * Teams first when the text is digits (and by default); events first when the text is exactly
 * an event's code, which is what a person typing a code wants. Actions come last whenever
 * anything else matched, and alone for no text.
 */
export function groupOrder(query: string, result: Pick<SearchResult, 'events'>): GroupKind[] {
  if (/^\d+$/.test(query)) return ['teams', 'events', 'actions'];
  const code = query.toLowerCase();
  if (result.events.some((event) => event.id.toLowerCase() === code)) {
    return ['events', 'teams', 'actions'];
  }
  return ['teams', 'events', 'actions'];
}

export const teamValue = (teamNumber: number) => `team:${teamNumber}`;
export const eventValue = (eventId: string) => `event:${eventId}`;

/** What a cmdk value names: a team, an event, or an action (by its whole value). */
export function parseValue(
  value: string,
):
  | { kind: 'team'; teamNumber: number }
  | { kind: 'event'; eventId: string }
  | { kind: 'action'; value: string }
  | null {
  if (value.startsWith('team:')) return { kind: 'team', teamNumber: Number(value.slice(5)) };
  if (value.startsWith('event:')) return { kind: 'event', eventId: value.slice(6) };
  if (value.startsWith('action:')) return { kind: 'action', value };
  return null;
}

/**
 * Whether the options on screen answer the text typed, so Enter may act on the highlighted one.
 * Not while the answer shown is an earlier text's (kept on screen while the new one is read), nor
 * while the first answer is read: Enter would open the earlier text's top hit, or an action.
 */
export function answersTyped(
  query: string,
  search: Pick<Remote<unknown>, 'value' | 'status' | 'previous'>,
): boolean {
  if (query === '') return true;
  if (search.previous === true) return false;
  return !(search.value === null && search.status === 'loading');
}
