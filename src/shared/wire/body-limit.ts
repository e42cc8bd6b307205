/** The largest request body the service takes (decisions: larger is a 413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

const utf8 = new TextEncoder();

/** The size of a body as it goes out: its JSON text in UTF-8, as the client sends it. */
export function jsonBodyBytes(body: unknown): number {
  return utf8.encode(JSON.stringify(body)).length;
}
