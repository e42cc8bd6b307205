/*
 * The app's addresses, all under the hash so a view can be linked, reloaded and restored as it
 * was: `#/events`, `#/events/<eventId>`, `#/teams`, `#/teams/<teamNumber>`,
 * `#/compare?teams=254,1678`, `#/settings`, `#/changes`, and for organizers `#/events/new`,
 * `#/events/<eventId>/edit` and `#/edits`. A list's filters and page live in the query string.
 */

export type Query = Record<string, string | number | undefined | null>;

/** `?a=1&b=x`, leaving out what is empty, so default filters give the plain address. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

export const paths = {
  events: (query?: Query) => withQuery('/events', query),
  event: (eventId: string, query?: Query) =>
    withQuery(`/events/${encodeURIComponent(eventId)}`, query),
  teams: (query?: Query) => withQuery('/teams', query),
  team: (teamNumber: number, query?: Query) => withQuery(`/teams/${teamNumber}`, query),
  // Written by hand: URLSearchParams would encode the commas, and `teams=254,1678` is the address.
  compare: (teamNumbers: readonly number[]) =>
    teamNumbers.length === 0 ? '/compare' : `/compare?teams=${teamNumbers.join(',')}`,
  settings: () => '/settings',
  /** An organizer's form for a new event, and for changing one. */
  newEvent: () => '/events/new',
  editEvent: (eventId: string) => `/events/${encodeURIComponent(eventId)}/edit`,
  /** The edits not sent yet: waiting, refused, or in conflict. */
  edits: () => '/edits',
  /** What the last syncs changed in pinned events and favorite teams. */
  changes: () => '/changes',
  /** A refused edit in its form, to correct and send again. */
  fixEdit: (editId: number) => `/edits/${editId}/fix`,
} as const;

/** A page number from the query string: a whole number from 1, else 1. */
export function pageParam(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The teams of a compare address: up to four distinct team numbers, in the order given. */
export function compareTeams(text: string | null): number[] {
  const numbers = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 99_999);
  return [...new Set(numbers)].slice(0, 4);
}
