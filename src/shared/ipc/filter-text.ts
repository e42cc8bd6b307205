import { z } from 'zod';
import { FILTER_TEXT_MAX } from '../wire/queries';

/**
 * The longest free text a list filter or a search takes is the service's bound (and a share's,
 * which reads the same parameters): one cap for the read commands' schemas, every box a person
 * types a filter into, and the service's query parameters.
 */
export { FILTER_TEXT_MAX };

export const filterTextSchema = z.string().max(FILTER_TEXT_MAX);

/**
 * Free text as a read takes it: trimmed and cut to the cap, so text pasted or linked past it still
 * reads (its first 200 characters) instead of failing. A cut never splits a surrogate pair.
 */
export function boundedFilterText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= FILTER_TEXT_MAX) return trimmed;
  const cut = trimmed.slice(0, FILTER_TEXT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
