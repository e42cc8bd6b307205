import { createHash } from 'node:crypto';

/** A strong validator of the exact bytes sent: two bodies share an ETag only when they are equal. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body, 'utf8').digest('base64url')}"`;
}

interface EntityTag {
  weak: boolean;
  opaque: string;
}

const ENTITY_TAG = /\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;

/** `*` or the entity tags of an If-Match / If-None-Match list; `null` when the header is garbled. */
function parseTagList(header: string): '*' | EntityTag[] | null {
  if (header.trim() === '*') return '*';
  const reader = new RegExp(ENTITY_TAG);
  const tags: EntityTag[] = [];
  while (reader.lastIndex < header.length) {
    const match = reader.exec(header);
    if (match === null) return null;
    tags.push({ weak: match[1] !== undefined, opaque: match[2] ?? '' });
  }
  return tags;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a `W/` tag matches the strong tag
 * with the same opaque value. `*` matches any current representation.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseTagList(header);
  if (tags === '*') return true;
  return tags !== null && tags.some((tag) => tag.opaque === etag);
}

/**
 * If-Match uses the strong comparison (RFC 9110 §13.1.1): a weak tag never matches. `*` matches any
 * existing event. A header that cannot be read matches nothing, so a garbled precondition fails
 * safe instead of letting the write through.
 */
export function ifMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const tags = parseTagList(header);
  if (tags === '*') return true;
  return tags !== null && tags.some((tag) => !tag.weak && tag.opaque === etag);
}
