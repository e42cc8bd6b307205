import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListEnvelope, SingleEnvelope } from '../shared/wire/envelopes';
import { JSON_CONTENT_TYPE } from './errors';
import { etagOf, noneMatchHits } from './etag';
import type { CachedBody } from './read-cache';
import type { Page, PageOf } from './store/paging';

export function listEnvelope<Item>(
  { page, perPage }: Page,
  { rows, total }: PageOf<Item>,
): ListEnvelope<Item> {
  return { data: rows, meta: { page, perPage, total } };
}

export function singleEnvelope<Record>(record: Record): SingleEnvelope<Record> {
  return { data: record };
}

/**
 * Sends JSON bodies serialised once, so that an ETag is the hash of exactly the bytes on the wire.
 * With the extensions off no validator is sent and none is honoured.
 */
export class Responder {
  constructor(readonly extensions: boolean) {}

  /** A 200 read, or 304 when the client's If-None-Match already names this body. */
  read(request: FastifyRequest, reply: FastifyReply, { body, etag }: CachedBody): void {
    if (this.extensions) {
      reply.header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) {
        reply.code(304).send();
        return;
      }
    }
    reply.code(200).header('content-type', JSON_CONTENT_TYPE).send(body);
  }

  /** The answer to a write: the event it leaves behind, with that event's ETag. */
  write(reply: FastifyReply, status: number, body: string): void {
    if (this.extensions) reply.header('etag', etagOf(body));
    reply.code(status).header('content-type', JSON_CONTENT_TYPE).send(body);
  }
}
