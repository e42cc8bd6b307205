/**
 * A copy of the service's data as one resource key per thing the sync engine replaces whole
 * (`events`, `teams`, `event:<id>:matches`, `team:<n>:stats:<season>`, …), each mapped to the
 * canonical JSON of its records in key order. Built from the service over HTTP and from the cache
 * file with SQL, so the two can be compared record for record, and an interrupted sync can be
 * checked resource by resource for "exactly the old copy or exactly the new one".
 */
export type Copy = Map<string, string>;

/** JSON with object keys sorted at every level, so equal records give equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const entries = Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

/** The canonical text of a resource's records, ordered by `keyOf` whatever order they came in. */
export function recordsText<Item>(items: readonly Item[], keyOf: (item: Item) => string | number) {
  const sorted = [...items].sort((a, b) => {
    const left = keyOf(a);
    const right = keyOf(b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
  return canonical(sorted);
}

export interface CompareOptions {
  /** Only keys for which this holds are compared; all when absent. */
  only?: (key: string) => boolean;
  /** How many differences are described before the rest is only counted. */
  limit?: number;
}

/** Readable differences between two copies; empty when they are equal. */
export function differences(actual: Copy, expected: Copy, options: CompareOptions = {}): string[] {
  const only = options.only ?? (() => true);
  const keys = [...new Set([...actual.keys(), ...expected.keys()])].filter(only).sort();
  const found: string[] = [];
  for (const key of keys) {
    const mine = actual.get(key);
    const theirs = expected.get(key);
    if (mine === theirs) continue;
    if (mine === undefined) found.push(`${key}: missing, expected ${brief(theirs)}`);
    else if (theirs === undefined) found.push(`${key}: not expected, holds ${brief(mine)}`);
    else found.push(`${key}: holds ${brief(mine)}, expected ${brief(theirs)}`);
  }
  return summarise(found, options.limit ?? 8);
}

/**
 * Resources of `actual` that are neither exactly as in `before` nor exactly as in `after`: a
 * resource half-replaced by an interrupted sync (a key absent on one side counts as a state too).
 */
export function mixedResources(
  actual: Copy,
  before: Copy,
  after: Copy,
  options: CompareOptions = {},
): string[] {
  const only = options.only ?? (() => true);
  const keys = [...new Set([...actual.keys(), ...before.keys(), ...after.keys()])]
    .filter(only)
    .sort();
  const found: string[] = [];
  for (const key of keys) {
    const now = actual.get(key);
    if (now === before.get(key) || now === after.get(key)) continue;
    found.push(
      `${key}: holds ${brief(now)}, was ${brief(before.get(key))}, service has ${brief(after.get(key))}`,
    );
  }
  return summarise(found, options.limit ?? 8);
}

function brief(text: string | undefined): string {
  if (text === undefined) return '(absent)';
  return text.length <= 160 ? text : `${text.slice(0, 157)}…`;
}

function summarise(found: string[], limit: number): string[] {
  if (found.length <= limit) return found;
  return [...found.slice(0, limit), `… and ${found.length - limit} more`];
}
