import type { ErrorDetail } from './errors';

/** With the `u` flag a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

interface Visit {
  value: unknown;
  /** The member name or array index this value sits at; `null` for the body itself. */
  name: string | null;
  parent: Visit | null;
}

/** `location.city`: built only for a value at fault, as a body may nest thousands of levels. */
function fieldOf(visit: Visit): string {
  const names: string[] = [];
  for (let at: Visit | null = visit; at !== null && at.name !== null; at = at.parent) {
    names.push(at.name);
  }
  return names.reverse().join('.');
}

/**
 * Every string in a JSON body that holds a lone surrogate (`"\ud800X"` is valid JSON). The service
 * stores text in SQLite as UTF-8, which cannot encode one, so such a string would come back silently
 * changed; it is refused instead, and a client checking first refuses it the same way. A work list,
 * not recursion: the body is not validated yet and may nest deeply.
 */
export function loneSurrogateFields(body: unknown): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const work: Visit[] = [{ value: body, name: null, parent: null }];
  for (let visit = work.pop(); visit !== undefined; visit = work.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) {
        problems.push({ field: fieldOf(visit), issue: 'must be well-formed Unicode text' });
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, member] of Object.entries(value)) {
        work.push({ value: member, name, parent: visit });
      }
    }
  }
  return problems.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}
