import { formatTimestamp } from '../shared/wire/formats';
import type { Caller } from './auth';
import { HttpError, notFound } from './errors';
import { etagOf, ifMatchHolds } from './etag';
import { applyPatch, parseCreateBody, parsePatchBody } from './event-input';
import { readIdempotencyKey, requestHash, type StoredAnswer } from './idempotency';
import type { Services } from './services';
import { fieldsOf, sameFields, toEventRecord, type EventRow } from './store/event-rows';

/** What a write answers: the status, the Location of a created event, and the exact body. */
export type WriteAnswer = StoredAnswer;

/** The body GET /v1/events/:id sends for this row now; its hash is the event's current ETag. */
export function singleEventBody(row: EventRow, now: string): string {
  return JSON.stringify({ data: toEventRecord(row, now) });
}

function noSuchEvent(): HttpError {
  return notFound('No such event.');
}

/** Creating, changing and deleting events, with the rules that span the body, the store and headers. */
export class EventCommands {
  constructor(private readonly services: Services) {}

  private get extensions(): boolean {
    return this.services.respond.extensions;
  }

  private findOrFail(id: string): EventRow {
    const row = this.services.events.find(id);
    if (row === undefined) throw noSuchEvent();
    return row;
  }

  /** If-Match compares strongly against the ETag a GET of the event would carry right now. */
  private checkPrecondition(row: EventRow, now: string, ifMatch: string | undefined): void {
    if (!this.extensions || ifMatch === undefined) return;
    if (!ifMatchHolds(ifMatch, etagOf(singleEventBody(row, now)))) {
      throw new HttpError('precondition_failed', 'The event has changed since it was read.');
    }
  }

  create(
    caller: Caller,
    body: unknown,
    idempotencyHeader: string | string[] | undefined,
  ): WriteAnswer {
    const { db, clock, events, idempotency } = this.services;
    const key = this.extensions ? readIdempotencyKey(idempotencyHeader) : undefined;
    const instant = clock.now();
    const remembered =
      key !== undefined && caller.keyHash !== null
        ? { apiKeyHash: caller.keyHash, key, bodyHash: requestHash(body) }
        : null;
    if (remembered !== null) {
      const replayed = idempotency.replay(
        remembered.apiKeyHash,
        remembered.key,
        remembered.bodyHash,
        instant,
      );
      if (replayed !== undefined) return replayed;
    }
    const fields = parseCreateBody(body);
    const now = formatTimestamp(instant);
    // The event and the answer to replay are committed together, or neither is.
    return db.transaction(() => {
      const id = events.create(fields, now);
      const answer: WriteAnswer = {
        status: 201,
        location: `/v1/events/${id}`,
        body: singleEventBody(this.findOrFail(id), now),
      };
      if (remembered !== null) {
        idempotency.remember(
          remembered.apiKeyHash,
          remembered.key,
          remembered.bodyHash,
          answer,
          instant,
        );
      }
      return answer;
    })();
  }

  update(id: string, body: unknown, ifMatch: string | undefined): string {
    const patch = parsePatchBody(body);
    const { clock, events } = this.services;
    const now = formatTimestamp(clock.now());
    const row = this.findOrFail(id);
    this.checkPrecondition(row, now, ifMatch);
    const current = fieldsOf(row);
    const merged = applyPatch(current, patch);
    // A patch that changes nothing (an empty one, or the current stream state again) is not a write.
    if (sameFields(merged, current)) return singleEventBody(row, now);
    events.update(id, merged, now);
    return singleEventBody(this.findOrFail(id), now);
  }

  delete(id: string, ifMatch: string | undefined): void {
    const { clock, events } = this.services;
    const row = this.findOrFail(id);
    this.checkPrecondition(row, formatTimestamp(clock.now()), ifMatch);
    if (!events.delete(id)) throw noSuchEvent();
  }
}
