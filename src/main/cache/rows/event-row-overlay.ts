import type { EventListItem, EventRecord } from '../../../shared/wire/event';

/**
 * Keeps the rows of some events in the syncs' place. A layer built on the cache implements it (the
 * outbox, for events with organizers' edits standing) and the cache hands it what a sync brings for
 * those events: the cache owns this interface so that it never has to know that layer.
 */
export interface EventRowOverlay {
  /** Whether a sync must leave the event's row to the overlay. */
  guards(eventId: string): boolean;
  /** A sync's list item for a guarded event; returns how many rows changed. */
  takeItem(item: EventListItem): number;
  /** A single record for a guarded event, with its validator; returns how many rows changed. */
  takeRecord(record: EventRecord, etag: string | null): number;
  /** The service's list no longer shows a guarded event. */
  takeUnlisted(eventId: string): void;
  /** The service no longer has a guarded event. */
  takeGone(eventId: string): void;
}

/** Builds an overlay given the cache's own way to take an event's row (and everything of it) away. */
export type EventRowOverlayOf = (removeRow: (eventId: string) => boolean) => EventRowOverlay;

/** No event is kept by anything else: the cache is written as the service sends it. */
export const NO_OVERLAY: EventRowOverlay = {
  guards: () => false,
  takeItem: () => 0,
  takeRecord: () => 0,
  takeUnlisted: () => undefined,
  takeGone: () => undefined,
};
