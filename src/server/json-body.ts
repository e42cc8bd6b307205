import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * Only JSON bodies are accepted (Fastify's built-in text/plain parser would let others through).
 * Plain JSON.parse is used rather than Fastify's poisoning guard: it defines `__proto__` as an
 * ordinary own member instead of touching the prototype, so such a body is valid JSON with an
 * unknown field (422) rather than malformed (400).
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    // An empty body is no JSON text at all: malformed like a syntax error, not a body with bad fields.
    if (text === '') {
      done(new HttpError('invalid_request', 'The body is empty; send a JSON object.'), undefined);
      return;
    }
    try {
      done(null, JSON.parse(String(text)));
    } catch {
      done(new HttpError('invalid_request', 'The body is not valid JSON.'), undefined);
    }
  });
}
