import { z } from 'zod';

/**
 * The longest free text a list filter or a search takes (the service's bound too): one cap for
 * the read commands' schemas and every box a person types a filter into.
 */
export const FILTER_TEXT_MAX = 200;

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
