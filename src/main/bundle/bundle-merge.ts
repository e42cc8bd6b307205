import type { Statement } from 'better-sqlite3';
import type { ResourceKey } from '../../shared/ipc/resources';
import { formatTimestamp } from '../../shared/wire/formats';
import { withQuery } from '../api/client';
import type { WriteQueue } from '../cache/write-queue';
import { OutboxWriter } from '../outbox/outbox-writer';
import { SettingsStore } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import type { BundleReader } from './container-read';
import type { VerifiedPart } from './part-records';

/** What a merge did, part by part. */
export interface MergeTally {
  /** Parts whose copy was newer than the cache's (or the cache had none): they replaced it. */
  merged: number;
  /** Parts the cache held a copy of synced at the same time or later: the cache's stayed. */
  keptNewer: number;
  /** An event's part whose event the cache does not show (an organizer's delete is waiting). */
  skipped: number;
}

/** The cache a bundle merges into: its two connections and the queue its writes go through. */
export interface MergeTarget {
  reader: AppDatabase;
  writer: AppDatabase;
  queue: WriteQueue;
}

/**
 * Merges a bundle's parts into a cache of the bundle's service, in one transaction: a part the
 * reader refuses midway (the file changed under it, say) rolls back every part before it.
 *
 * Per resource, the newer synced copy wins: a part replaces the cache's copy only when it was
 * synced later than the cache's (`sync_state.last_success`) or the cache has none, and the copy
 * then keeps the bundle's sync time, since it is as fresh as when its source synced it. The writes
 * are the sync's own (`OutboxWriter`), so an event with edits standing gets the bundle's record as
 * its shadow and keeps its edits on top; the outbox, favorites, pins, pick lists and notes are
 * never written. A cache without a service yet takes the bundle's (`adoptService`).
 *
 * A part synced after `now` (the reader let it through: within the clock skew it allows) counts
 * as synced now, so that it never looks fresher than this laptop's own next sync.
 */
export async function mergeBundle(
  bundle: BundleReader,
  target: MergeTarget,
  adoptService: boolean,
  now: Date,
): Promise<MergeTally> {
  const service = bundle.manifest.service;
  const writer = new OutboxWriter(target.writer, target.queue.changes, () => service);
  const settings = new SettingsStore(target.reader, target.writer, target.queue);
  const syncedAt = target.writer
    .prepare<[string], string | null>(
      // How old the cache's copy is: a copy from a venue share is as old as the share's copy.
      'SELECT coalesce(source_synced_at, last_success) FROM sync_state WHERE resource = ?',
    )
    .pluck();
  const tally: MergeTally = { merged: 0, keptNewer: 0, skipped: 0 };
  const current = formatTimestamp(now);
  await target.queue.session(async (session) => {
    if (adoptService) await session.step(() => settings.putBaseUrl(service));
    for await (const part of bundle.parts()) {
      await session.step(() => {
        const outcome = mergePart(writer, syncedAt, part, current);
        tally[outcome] += 1;
      });
    }
  });
  return tally;
}

function isNewer(local: Statement<[string], string | null>, resource: string, at: string): boolean {
  const held = local.get(resource) ?? null;
  return held === null || at > held;
}

function mergePart(
  writer: OutboxWriter,
  local: Statement<[string], string | null>,
  part: VerifiedPart,
  now: string,
): keyof MergeTally {
  const { resource } = part.entry;
  const syncedAt = part.entry.syncedAt > now ? now : part.entry.syncedAt;
  if (!isNewer(local, resource, syncedAt)) return 'keptNewer';
  if ('eventId' in part && part.kind !== 'event' && !writer.events.has(part.eventId)) {
    return 'skipped';
  }
  const eventPath = 'eventId' in part ? `/v1/events/${part.eventId}` : '';
  let records = 1;
  switch (part.kind) {
    case 'event':
      // Whether the service lists it is the event list's word: taken when the list is no newer
      // here, and only as a viewer's list says it: a copy synced with an organizer's key listed
      // the private and unlisted events too, and this laptop keeps them unlisted.
      if (part.listed && part.record.visibility === 'public' && isNewer(local, 'events', syncedAt))
        writer.events.upsertItems([part.record]);
      writer.events.upsertRecord(part.record, null);
      writer.syncState.setEtag(eventPath, null);
      break;
    case 'eventTeams':
      writer.eventParts.replaceTeams(part.eventId, part.records);
      writer.syncState.dropEtagsOf(`${eventPath}/teams`);
      records = part.records.length;
      break;
    case 'eventMatches':
      writer.eventParts.replaceMatches(part.eventId, part.records);
      writer.syncState.dropEtagsOf(`${eventPath}/matches`);
      records = part.records.length;
      break;
    case 'eventClips':
      writer.eventParts.replaceClips(part.eventId, part.records);
      writer.syncState.dropEtagsOf(`${eventPath}/clips`);
      records = part.records.length;
      break;
    case 'teamStats':
      writer.teamParts.putStats(part.teamNumber, part.record);
      writer.syncState.setEtag(
        withQuery(`/v1/teams/${part.teamNumber}/stats`, { season: part.season }),
        null,
      );
      break;
    case 'teams':
      // Entries of the team list, never the whole of it: they are written, the list's own sync
      // state (what the service lists, and when) stays the cache's.
      writer.teams.upsertItems(part.records);
      return 'merged';
  }
  writer.syncState.setSyncState(resource as ResourceKey, {
    complete: true,
    recordCount: records,
    success: syncedAt,
    attempt: syncedAt,
  });
  return 'merged';
}
