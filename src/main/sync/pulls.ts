import type { Statement } from 'better-sqlite3';
import {
  resourceKeys,
  type EventPart,
  type ResourceKey,
  type TeamPart,
} from '../../shared/ipc/resources';
import type { ClipRecord } from '../../shared/wire/clip';
import type { EventListItem } from '../../shared/wire/event';
import { formatTimestamp } from '../../shared/wire/formats';
import type { MatchRecord } from '../../shared/wire/match';
import type { TeamListItem } from '../../shared/wire/team';
import { withQuery, type ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { WriteQueue } from '../cache/write-queue';
import type { CacheWriter } from '../cache/writes';
import type { AppDatabase } from '../storage/database';
import type { BatchWriter } from './batch-writer';
import type { Limiter } from './limiter';
import { LIST_PAGE_SIZE, pullList, type HeldCopy, type ListSource } from './list-pull';

/** Everything a pull needs; one context per sync run. */
export interface PullContext {
  client: ApiClient;
  /** The read-only connection: what is committed, including the validators of the copy. */
  reader: AppDatabase;
  writer: CacheWriter;
  queue: WriteQueue;
  batch: BatchWriter;
  limiter: Limiter;
  signal: AbortSignal;
  now: () => Date;
  /** Called after a commit that changed what views show. */
  changed: (key: ResourceKey) => void;
  /** Called for every request made, for progress and the benchmark. */
  requested: (count: number) => void;
}

export interface PullOutcome {
  changed: boolean;
  records: number;
  /** Seasons whose statistics this pull may have moved (an event of theirs went away). */
  seasons?: string[];
}

/** Rows per synchronous step when a big list is written: well under the 50 ms a block may take. */
const ROWS_PER_STEP = 250;

interface SyncStateRow {
  complete: number;
  record_count: number;
  page_size: number | null;
}

/** The committed state of the copy, read on the reader connection. */
export class HeldState {
  private readonly etag: Statement<[string], string>;
  private readonly state: Statement<[string], SyncStateRow>;

  constructor(reader: AppDatabase) {
    this.etag = reader.prepare<[string], string>('SELECT etag FROM etags WHERE url = ?').pluck();
    this.state = reader.prepare<[string], SyncStateRow>(
      'SELECT complete, record_count, page_size FROM sync_state WHERE resource = ?',
    );
  }

  etagOf(path: string): string | null {
    return this.etag.get(path) ?? null;
  }

  copyOf(resource: string): HeldCopy {
    const row = this.state.get(resource);
    const complete = row !== undefined && row.complete === 1;
    return {
      etagOf: (path) => (complete ? this.etagOf(path) : null),
      total: complete ? row.record_count : null,
      pageSize: complete ? row.page_size : null,
    };
  }
}

const heldStates = new WeakMap<AppDatabase, HeldState>();

function held(context: PullContext): HeldState {
  let state = heldStates.get(context.reader);
  if (state === undefined) {
    state = new HeldState(context.reader);
    heldStates.set(context.reader, state);
  }
  return state;
}

function stamp(context: PullContext): string {
  return formatTimestamp(context.now());
}

function counted<Value>(context: PullContext, request: Promise<Value>): Promise<Value> {
  return request.finally(() => context.requested(1));
}

function listSource<Item>(
  resource: string,
  path: string,
  keyOf: (item: Item) => string | number,
  fetchPage: ListSource<Item>['fetchPage'],
): ListSource<Item> {
  return {
    resource,
    pathOf: (page) => withQuery(path, { page, perPage: LIST_PAGE_SIZE }),
    fetchPage,
    keyOf,
  };
}

/** Stores the outcome of a failed pull and passes the error on. */
async function failed(context: PullContext, resource: string, error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  if (!context.signal.aborted) {
    await context.batch.write(() => context.writer.noteFailure(resource, stamp(context), message));
  }
  throw error;
}

function commitState(
  context: PullContext,
  resource: string,
  records: number,
  pageSize: number | null,
  etags: Map<string, string | null>,
): void {
  for (const [path, etag] of etags) context.writer.setEtag(path, etag);
  const now = stamp(context);
  context.writer.setSyncState(resource, {
    complete: true,
    recordCount: records,
    pageSize,
    success: now,
    attempt: now,
  });
}

/** The list is as we hold it: only the time of the last success moves. */
async function confirmUnchanged(context: PullContext, resource: ResourceKey): Promise<void> {
  const copy = held(context).copyOf(resource);
  await context.batch.write(() => {
    const now = stamp(context);
    context.writer.setSyncState(resource, {
      complete: true,
      recordCount: copy.total ?? 0,
      pageSize: copy.pageSize,
      success: now,
      attempt: now,
    });
  });
}

function inSteps<Item>(items: readonly Item[]): Item[][] {
  const steps: Item[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STEP) {
    steps.push(items.slice(start, start + ROWS_PER_STEP));
  }
  return steps;
}

/** Every event the service lists for our key; events that left the list leave the cache. */
export async function pullEventList(context: PullContext): Promise<PullOutcome> {
  const resource = resourceKeys.events;
  try {
    const source = listSource<EventListItem>(
      'events',
      '/v1/events',
      (event) => event.id,
      (page, etag, signal) =>
        counted(
          context,
          context.client.listEvents(
            { page, perPage: LIST_PAGE_SIZE },
            { ifNoneMatch: etag, signal },
          ),
        ),
    );
    const pull = await pullList(
      source,
      held(context).copyOf(resource),
      context.limiter,
      context.signal,
    );
    if (pull.kind === 'unchanged') {
      await confirmUnchanged(context, resource);
      return { changed: false, records: 0 };
    }
    const removed: string[] = [];
    const seasons = new Set<string>();
    const changedRows = await context.queue.session(async (session) => {
      let rows = 0;
      for (const step of inSteps(pull.items)) {
        rows += await session.step(() => context.writer.upsertEvents(step));
      }
      await session.step(() => {
        const wanted = new Set(pull.items.map((event) => event.id));
        for (const id of context.writer.listedEvents()) {
          if (wanted.has(id)) continue;
          const season = context.writer.seasonOf(id);
          if (season !== null) seasons.add(season);
          context.writer.dropEventFromList(id);
          if (!context.writer.hasEvent(id)) {
            context.writer.forgetSyncState(resourceKeys.event(id));
            context.writer.dropEtagsOf(`/v1/events/${id}`);
          }
          removed.push(id);
        }
        commitState(context, resource, pull.items.length, pull.pageSize, pull.etags);
      });
      return rows + removed.length;
    });
    if (changedRows > 0) context.changed(resource);
    for (const id of removed) context.changed(resourceKeys.event(id));
    return { changed: changedRows > 0, records: pull.items.length, seasons: [...seasons] };
  } catch (error) {
    return failed(context, resource, error);
  }
}

/** Every team the service lists. */
export async function pullTeamList(context: PullContext): Promise<PullOutcome> {
  const resource = resourceKeys.teams;
  try {
    const source = listSource<TeamListItem>(
      'teams',
      '/v1/teams',
      (team) => team.number,
      (page, etag, signal) =>
        counted(
          context,
          context.client.listTeams(
            { page, perPage: LIST_PAGE_SIZE },
            { ifNoneMatch: etag, signal },
          ),
        ),
    );
    const pull = await pullList(
      source,
      held(context).copyOf(resource),
      context.limiter,
      context.signal,
    );
    if (pull.kind === 'unchanged') {
      await confirmUnchanged(context, resource);
      return { changed: false, records: 0 };
    }
    const changedRows = await context.queue.session(async (session) => {
      let rows = 0;
      for (const step of inSteps(pull.items)) {
        rows += await session.step(() => context.writer.upsertTeams(step));
      }
      rows += await session.step(() => {
        const wanted = new Set(pull.items.map((team) => team.number));
        let dropped = 0;
        for (const number of context.writer.listedTeams()) {
          if (wanted.has(number)) continue;
          context.writer.dropTeamFromList(number);
          dropped += 1;
        }
        commitState(context, resource, pull.items.length, pull.pageSize, pull.etags);
        return dropped;
      });
      return rows;
    });
    if (changedRows > 0) context.changed(resource);
    return { changed: changedRows > 0, records: pull.items.length };
  } catch (error) {
    return failed(context, resource, error);
  }
}

/**
 * A single event read by id (pinned events, which the list may not show). A 404 means it is gone:
 * it leaves the cache with everything of it.
 */
export async function pullEvent(context: PullContext, eventId: string): Promise<PullOutcome> {
  const resource = resourceKeys.event(eventId);
  const path = `/v1/events/${eventId}`;
  try {
    const response = await context.limiter.run(() =>
      counted(
        context,
        context.client.getEvent(eventId, {
          ifNoneMatch: held(context).copyOf(resource).etagOf(path),
          signal: context.signal,
        }),
      ),
    );
    const record = response.value;
    const changedRows = await context.batch.write(() => {
      const rows = record === undefined ? 0 : context.writer.upsertEventRecord(record.data);
      commitState(context, resource, 1, null, new Map([[path, response.etag]]));
      return rows;
    });
    if (changedRows > 0) context.changed(resource);
    return { changed: changedRows > 0, records: 1 };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') {
      await context.batch.write(() => {
        context.writer.removeEvent(eventId);
        context.writer.forgetSyncState(resource);
        context.writer.dropEtagsOf(path);
      });
      context.changed(resource);
      context.changed(resourceKeys.events);
      return { changed: true, records: 0 };
    }
    return failed(context, resource, error);
  }
}

/** An event's teams, matches or clips, replaced whole. */
export async function pullEventPart(
  context: PullContext,
  eventId: string,
  part: EventPart,
): Promise<PullOutcome> {
  const resource = resourceKeys.eventPart(eventId, part);
  const path = `/v1/events/${eventId}/${part}`;
  const copy = held(context).copyOf(resource);
  const read = (etag: string | null, signal: AbortSignal) => ({ ifNoneMatch: etag, signal });
  try {
    let outcome: { rows: number; records: number } | null;
    switch (part) {
      case 'teams': {
        const source = listSource<TeamListItem>(
          resource,
          path,
          (team) => team.number,
          (page, etag, signal) =>
            counted(
              context,
              context.client.eventTeams(
                eventId,
                { page, perPage: LIST_PAGE_SIZE },
                read(etag, signal),
              ),
            ),
        );
        const pull = await pullList(source, copy, context.limiter, context.signal);
        outcome =
          pull.kind === 'unchanged'
            ? null
            : await context.batch.write(() => {
                const rows = context.writer.replaceEventTeams(eventId, pull.items);
                commitState(context, resource, pull.items.length, pull.pageSize, pull.etags);
                return { rows, records: pull.items.length };
              });
        break;
      }
      case 'matches': {
        const source = listSource<MatchRecord>(
          resource,
          path,
          (match) => match.id,
          (page, etag, signal) =>
            counted(
              context,
              context.client.eventMatches(
                eventId,
                { page, perPage: LIST_PAGE_SIZE },
                read(etag, signal),
              ),
            ),
        );
        const pull = await pullList(source, copy, context.limiter, context.signal);
        if (pull.kind === 'changed') requireEvent(pull.items, eventId, resource);
        outcome =
          pull.kind === 'unchanged'
            ? null
            : await context.batch.write(() => {
                const rows = context.writer.replaceEventMatches(eventId, pull.items);
                commitState(context, resource, pull.items.length, pull.pageSize, pull.etags);
                return { rows, records: pull.items.length };
              });
        break;
      }
      case 'clips': {
        const source = listSource<ClipRecord>(
          resource,
          path,
          (clip) => clip.id,
          (page, etag, signal) =>
            counted(
              context,
              context.client.eventClips(
                eventId,
                { page, perPage: LIST_PAGE_SIZE },
                read(etag, signal),
              ),
            ),
        );
        const pull = await pullList(source, copy, context.limiter, context.signal);
        if (pull.kind === 'changed') requireEvent(pull.items, eventId, resource);
        outcome =
          pull.kind === 'unchanged'
            ? null
            : await context.batch.write(() => {
                const rows = context.writer.replaceEventClips(eventId, pull.items);
                commitState(context, resource, pull.items.length, pull.pageSize, pull.etags);
                return { rows, records: pull.items.length };
              });
        break;
      }
    }
    if (outcome === null) {
      await confirmUnchanged(context, resource);
      return { changed: false, records: 0 };
    }
    if (outcome.rows > 0) context.changed(resource);
    return { changed: outcome.rows > 0, records: outcome.records };
  } catch (error) {
    return failed(context, resource, error);
  }
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

/** A team's single record: its counts over all seasons. */
export async function pullTeam(context: PullContext, teamNumber: number): Promise<PullOutcome> {
  const resource = resourceKeys.team(teamNumber);
  const path = `/v1/teams/${teamNumber}`;
  try {
    const response = await context.limiter.run(() =>
      counted(
        context,
        context.client.getTeam(teamNumber, {
          ifNoneMatch: held(context).copyOf(resource).etagOf(path),
          signal: context.signal,
        }),
      ),
    );
    const record = response.value;
    const rows = await context.batch.write(() => {
      const changedRows = record === undefined ? 0 : context.writer.upsertTeamRecord(record.data);
      commitState(context, resource, 1, null, new Map([[path, response.etag]]));
      return changedRows;
    });
    if (rows > 0) context.changed(resource);
    return { changed: rows > 0, records: 1 };
  } catch (error) {
    return failed(context, resource, error);
  }
}

/**
 * A team's events, matches or clips as the service lists them, for teams whose events are not all
 * synced in full (otherwise the cache derives them and this copy is not needed).
 */
export async function pullTeamPart(
  context: PullContext,
  teamNumber: number,
  part: TeamPart,
): Promise<PullOutcome> {
  const resource = resourceKeys.teamPart(teamNumber, part);
  const path = `/v1/teams/${teamNumber}/${part}`;
  const copy = held(context).copyOf(resource);
  const read = (etag: string | null, signal: AbortSignal) => ({ ifNoneMatch: etag, signal });
  const page = (number: number) => ({ page: number, perPage: LIST_PAGE_SIZE });
  try {
    let pull;
    switch (part) {
      case 'events':
        pull = await pullList(
          listSource<EventListItem>(
            resource,
            path,
            (event) => event.id,
            (number, etag, signal) =>
              counted(
                context,
                context.client.teamEvents(teamNumber, page(number), read(etag, signal)),
              ),
          ),
          copy,
          context.limiter,
          context.signal,
        );
        break;
      case 'matches':
        pull = await pullList(
          listSource<MatchRecord>(
            resource,
            path,
            (match) => match.id,
            (number, etag, signal) =>
              counted(
                context,
                context.client.teamMatches(teamNumber, page(number), read(etag, signal)),
              ),
          ),
          copy,
          context.limiter,
          context.signal,
        );
        break;
      case 'clips':
        pull = await pullList(
          listSource<ClipRecord>(
            resource,
            path,
            (clip) => clip.id,
            (number, etag, signal) =>
              counted(
                context,
                context.client.teamClips(teamNumber, page(number), read(etag, signal)),
              ),
          ),
          copy,
          context.limiter,
          context.signal,
        );
        break;
    }
    if (pull.kind === 'unchanged') {
      await confirmUnchanged(context, resource);
      return { changed: false, records: 0 };
    }
    const { items, pageSize, etags } = pull;
    await context.batch.write(() => {
      context.writer.replaceFetched(resource, items);
      commitState(context, resource, items.length, pageSize, etags);
    });
    context.changed(resource);
    return { changed: true, records: items.length };
  } catch (error) {
    return failed(context, resource, error);
  }
}

/**
 * A team's statistics for one season. `?season=` is an extension: a server without it answers the
 * latest season whatever we ask, and the answer is kept under the season it names.
 */
export async function pullTeamStats(
  context: PullContext,
  teamNumber: number,
  season: string | undefined,
): Promise<PullOutcome> {
  const path = withQuery(`/v1/teams/${teamNumber}/stats`, { season });
  const asked = season === undefined ? null : resourceKeys.teamStats(teamNumber, season);
  try {
    const response = await context.limiter.run(() =>
      counted(
        context,
        context.client.teamStats(teamNumber, season, {
          ifNoneMatch: asked === null ? null : held(context).copyOf(asked).etagOf(path),
          signal: context.signal,
        }),
      ),
    );
    const stats = response.value?.data;
    const resource = stats === undefined ? asked : resourceKeys.teamStats(teamNumber, stats.season);
    if (resource === null) return { changed: false, records: 0 };
    const rows = await context.batch.write(() => {
      const changedRows = stats === undefined ? 0 : context.writer.putTeamStats(teamNumber, stats);
      // The validator belongs to the URL we asked, and only means "this season" when we asked it.
      const etags = new Map([[path, resource === asked ? response.etag : null]]);
      commitState(context, resource, 1, null, etags);
      return changedRows;
    });
    if (rows > 0) context.changed(resource);
    return { changed: rows > 0, records: 1 };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found')
      return { changed: false, records: 0 };
    return failed(context, asked ?? resourceKeys.team(teamNumber), error);
  }
}
