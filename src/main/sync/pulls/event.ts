import { resourceKeys, type EventPart } from '../../../shared/ipc/resources';
import { ApiError } from '../../api/errors';
import {
  commitList,
  listSource,
  pullRecord,
  pullWholeList,
  type PageFetch,
  type PullContext,
  type PullOutcome,
} from './context';
import { idsOf } from './unreadable';

/**
 * A single event read by id (pinned events, which the list may not show). A 404 means it is gone:
 * it leaves the cache with everything of it.
 */
export function pullEvent(context: PullContext, eventId: string): Promise<PullOutcome> {
  const resource = resourceKeys.event(eventId);
  return pullRecord(
    context,
    resource,
    `/v1/events/${eventId}`,
    (read) => context.client.getEvent(eventId, read),
    (record, etag) => context.writer.events.upsertRecord(record.data, etag),
    async () => {
      const removed = await context.batch.write(() => context.writer.events.remove(eventId));
      return { changed: removed, records: 0 };
    },
  );
}

/** A record of another event inside this event's list is a service fault, not data to keep. */
function requireEvent(items: readonly { eventId: string }[], eventId: string, resource: string) {
  const stray = items.find((item) => item.eventId !== eventId);
  if (stray !== undefined) {
    throw new ApiError(
      'invalid_response',
      `${resource} holds a record of event ${stray.eventId}; nothing of it was stored.`,
    );
  }
}

/** How each part of an event is read and written; the rest of a pull is the same for all. */
function partPull<Item>(
  context: PullContext,
  eventId: string,
  part: EventPart,
  fetch: PageFetch<Item>,
  keyOf: (item: Item) => string | number,
  replace: (items: readonly Item[], keep: ReadonlySet<string>) => number,
): Promise<PullOutcome> {
  const resource = resourceKeys.eventPart(eventId, part);
  const source = listSource(context, resource, `/v1/events/${eventId}/${part}`, fetch, keyOf);
  return pullWholeList(context, resource, source, (pull) =>
    context.batch.write(() => {
      const rows = replace(pull.items, new Set(idsOf(pull.unreadable)));
      commitList(context, resource, pull);
      return rows;
    }),
  );
}

/** An event's teams, matches or clips, replaced whole. */
export function pullEventPart(
  context: PullContext,
  eventId: string,
  part: EventPart,
): Promise<PullOutcome> {
  const { client, writer } = context;
  switch (part) {
    case 'teams':
      return partPull(
        context,
        eventId,
        part,
        (page, read) => client.eventTeams(eventId, page, read),
        (team) => team.number,
        (teams, keep) => writer.eventParts.replaceTeams(eventId, teams, keep),
      );
    case 'matches':
      return partPull(
        context,
        eventId,
        part,
        (page, read) => client.eventMatches(eventId, page, read),
        (match) => match.id,
        (matches, keep) => {
          requireEvent(matches, eventId, resourceKeys.eventPart(eventId, part));
          return writer.eventParts.replaceMatches(eventId, matches, keep);
        },
      );
    case 'clips':
      return partPull(
        context,
        eventId,
        part,
        (page, read) => client.eventClips(eventId, page, read),
        (clip) => clip.id,
        (clips, keep) => {
          requireEvent(clips, eventId, resourceKeys.eventPart(eventId, part));
          return writer.eventParts.replaceClips(eventId, clips, keep);
        },
      );
  }
}
