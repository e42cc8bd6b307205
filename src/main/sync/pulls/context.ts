import type { Statement } from 'better-sqlite3';
import type { ResourceKey } from '../../../shared/ipc/resources';
import type { ReadableList, UnreadableRecord } from '../../../shared/wire/readable-list';
import { formatTimestamp } from '../../../shared/wire/formats';
import type { Pagination } from '../../../shared/wire/queries';
import { withQuery, type ApiClient, type ReadOptions } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { ApiResponse } from '../../api/request';
import type { WriteQueue } from '../../cache/write-queue';
import type { CacheWriter } from '../../cache/writes';
import type { AppDatabase } from '../../storage/database';
import type { BatchWriter } from '../batch-writer';
import type { Limiter } from '../limiter';
import type { ServiceReplacement } from '../service-replacement';
import type { SourceTimes } from './source-times';
import { idsOf } from './unreadable';
import {
  LIST_PAGE_SIZE,
  pullList,
  type ChangedList,
  type HeldCopy,
  type ListSource,
} from '../list-pull';

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
  /**
   * Throws when this run's or fetch's writes are no longer wanted: it was canceled, or the
   * service changed since it started. Every write checks it inside its transaction.
   */
  guard: () => void;
  now: () => Date;
  /** Called for every request made, for progress and the benchmark. */
  requested: (count: number) => void;
  /** Called for every request the service answered: the run is online. */
  answered: () => void;
  /** When a venue share's laptop synced what it answered (a service says nothing). */
  sourceTimes: SourceTimes;
  /**
   * Whether the copy is still another service's (a change of service not answered yet): then it
   * holds nothing of this service, and the first resource written replaces it.
   */
  replacement: ServiceReplacement;
}

export interface PullOutcome {
  changed: boolean;
  records: number;
  /** Records the client could not read, by the resource that listed them; held copies stay. */
  unreadable?: (UnreadableRecord & { resource: string })[];
  /** Seasons whose statistics this pull may have moved (an event of theirs went away). */
  seasons?: string[];
}

export type ChangedPull<Item> = ChangedList<Item>;

interface SyncStateRow {
  complete: number;
  record_count: number;
  unreadable: number;
  page_size: number | null;
}

/** What we hold of a list, and how many records of it we could not read when we took it. */
export interface HeldList extends HeldCopy {
  records: number;
  unreadable: number;
}

/** The committed state of the copy, read on the reader connection. */
class HeldState {
  private readonly etag: Statement<[string], string>;
  private readonly state: Statement<[string], SyncStateRow>;

  constructor(reader: AppDatabase) {
    this.etag = reader.prepare<[string], string>('SELECT etag FROM etags WHERE url = ?').pluck();
    this.state = reader.prepare<[string], SyncStateRow>(
      'SELECT complete, record_count, unreadable, page_size FROM sync_state WHERE resource = ?',
    );
  }

  /**
   * Validators only count for a complete copy that misses nothing: a partial one must be read
   * again whole, and so must one that lacks records it could not read (a copy written before
   * such pages lost their validators holds one for the page of the missing record).
   */
  copyOf(resource: string): HeldList {
    const row = this.state.get(resource);
    const complete = row !== undefined && row.complete === 1;
    const validated = complete && row.unreadable === 0;
    return {
      etagOf: (path) => (validated ? (this.etag.get(path) ?? null) : null),
      // The service's list, unreadable records included: its pages are what a 304 stands for.
      total: complete ? row.record_count + row.unreadable : null,
      pageSize: complete ? row.page_size : null,
      records: complete ? row.record_count : 0,
      unreadable: complete ? row.unreadable : 0,
    };
  }
}

/** One set of prepared statements per reader connection, however many runs use it. */
const heldStates = new WeakMap<AppDatabase, HeldState>();

/** What is held of a resource of a service whose copy the cache does not hold yet. */
const NOTHING_HELD: HeldList = {
  etagOf: () => null,
  total: null,
  pageSize: null,
  records: 0,
  unreadable: 0,
};

/**
 * What the cache holds of `resource` from the service synced now. While the copy is still another
 * service's, nothing: its validators were that service's, and sent to this one they could have
 * it answer 304 for records the cache does not hold of it.
 */
export function held(context: PullContext, resource: string): HeldList {
  if (context.replacement.pending) return NOTHING_HELD;
  let state = heldStates.get(context.reader);
  if (state === undefined) {
    state = new HeldState(context.reader);
    heldStates.set(context.reader, state);
  }
  return state.copyOf(resource);
}

/** Runs one request in a slot of the run's limiter, and counts it. */
export function request<Value>(context: PullContext, send: () => Promise<Value>): Promise<Value> {
  return context.limiter.run(() => heard(context, send()).finally(() => context.requested(1)));
}

/** Tells the context when a request was answered, and passes its answer on. */
function heard<Value>(context: PullContext, answer: Promise<Value>): Promise<Value> {
  return answer.then((value) => {
    context.answered();
    return value;
  });
}

/** One page of a service list, as the API client asks for it. */
export type PageFetch<Item> = (
  page: Pagination,
  read: ReadOptions,
) => Promise<ApiResponse<ReadableList<Item>>>;

/** A list of the service read page by page at the largest page size, counted like any request. */
export function listSource<Item>(
  context: PullContext,
  resource: string,
  path: string,
  fetch: PageFetch<Item>,
  keyOf: (item: Item) => string | number,
): ListSource<Item> {
  return {
    resource,
    pathOf: (page) => withQuery(path, { page, perPage: LIST_PAGE_SIZE }),
    // pullList already runs pages in the limiter; only the count is added here.
    fetchPage: (page, etag, signal) =>
      heard(
        context,
        fetch({ page, perPage: LIST_PAGE_SIZE }, { ifNoneMatch: etag, signal }).then((response) => {
          context.sourceTimes.note(resource, response.headers);
          return response;
        }),
      ).finally(() => context.requested(1)),
    keyOf,
  };
}

/** Records the new copy's validators and its sync state, in the transaction that writes it. */
export function commitState(
  context: PullContext,
  resource: ResourceKey,
  records: number,
  pageSize: number | null,
  etags: ReadonlyMap<string, string | null>,
  unreadable = 0,
): void {
  for (const [path, etag] of etags) context.writer.syncState.setEtag(path, etag);
  const now = formatTimestamp(context.now());
  context.writer.syncState.setSyncState(resource, {
    complete: true,
    recordCount: records,
    unreadable,
    pageSize,
    success: now,
    sourceSyncedAt: context.sourceTimes.take(resource),
    attempt: now,
  });
}

export function commitList<Item>(
  context: PullContext,
  resource: ResourceKey,
  pull: ChangedPull<Item>,
): void {
  const { items, unreadable, pageSize, etags } = pull;
  // The copy holds what was read and what it kept of the unreadable records; the rest of the
  // list is counted apart, so that the two add up to the service's list and its pages.
  const kept = context.writer.countHeld(resource, idsOf(unreadable));
  commitState(context, resource, items.length + kept, pageSize, etags, unreadable.length - kept);
}

/** Stores the outcome of a failed pull and passes the error on. */
export async function failed(
  context: PullContext,
  resource: string,
  error: unknown,
): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  // A copy kept for another service is not this service's to annotate.
  if (!context.signal.aborted && !context.replacement.pending) {
    await context.batch.note(() =>
      context.writer.syncState.noteFailure(resource, formatTimestamp(context.now()), message),
    );
  }
  throw error;
}

/**
 * Pulls a whole list and hands a changed one to `store`, which writes it (and `commitList`) in
 * one transaction and returns how many rows changed; `store` runs again if the list's check finds
 * it moved (see `pullList`). `grow` writes the records of each page as it arrives while no
 * complete copy is held; `visible` is told when the list is first committed whole, before its
 * check. An unchanged list only moves its last success; a failed one keeps the
 * copy it had and records why.
 */
export async function pullWholeList<Item>(
  context: PullContext,
  resource: ResourceKey,
  source: ListSource<Item>,
  store: (pull: ChangedPull<Item>) => Promise<number>,
  grow?: (items: Item[]) => number,
  visible?: () => void,
): Promise<PullOutcome> {
  try {
    const copy = held(context, resource);
    // A list grows on screen only where there is nothing to show: a copy kept for another service
    // stays whole until this one's list is read whole.
    const growing = context.replacement.pending ? undefined : grow;
    let rows = 0;
    const pull = await pullList(source, copy, context.limiter, context.signal, {
      commit: async (snapshot) => {
        refuseAnonymous(resource, snapshot);
        if (context.replacement.pending) refuseUnread(resource, snapshot);
        rows += await store(snapshot);
        visible?.();
      },
      page:
        growing === undefined
          ? undefined
          : async (items) => {
              rows += await context.batch.write(() => growing(items));
            },
    });
    if (pull.kind === 'unchanged') {
      await context.batch.write(() =>
        commitState(context, resource, copy.records, copy.pageSize, new Map(), copy.unreadable),
      );
      return { changed: false, records: 0 };
    }
    return {
      changed: rows > 0,
      records: pull.items.length,
      unreadable: pull.unreadable.map((record) => ({ resource, ...record })),
    };
  } catch (error) {
    return failed(context, resource, error);
  }
}

/**
 * Without its id, no held record can stand in for an unreadable one, and committing the list would
 * drop it: the whole copy stays as it was instead.
 */
function refuseAnonymous(resource: string, pull: ChangedPull<unknown>): void {
  const anonymous = pull.unreadable.filter((record) => record.id === null).length;
  if (anonymous === 0) return;
  throw new ApiError(
    'invalid_response',
    `${resource} holds ${anonymous} record${anonymous === 1 ? '' : 's'} that could not be read, not even ${anonymous === 1 ? 'its' : 'their'} id; the cached copy is kept.`,
  );
}

/**
 * A list of which not one record could be read is no answer to replace a copy with: a copy still
 * kept for another service stays whole instead of giving way to nothing.
 */
function refuseUnread(resource: string, pull: ChangedPull<unknown>): void {
  if (pull.items.length > 0 || pull.unreadable.length === 0) return;
  throw new ApiError(
    'invalid_response',
    `${resource}: none of its ${pull.unreadable.length} records could be read (${pull.unreadable[0]?.reason ?? 'unreadable'}); the copy of the previous service is kept.`,
  );
}

/**
 * Pulls one record by its path, conditionally, and stores it with `store` (nothing to store on a
 * 304). `onNotFound` decides what a 404 means for this resource; without it, it is a failure.
 */
export async function pullRecord<Value>(
  context: PullContext,
  resource: ResourceKey,
  path: string,
  fetch: (read: ReadOptions) => Promise<ApiResponse<Value>>,
  store: (value: Value, etag: string | null) => number,
  onNotFound?: () => Promise<PullOutcome>,
): Promise<PullOutcome> {
  try {
    const ifNoneMatch = held(context, resource).etagOf(path);
    const response = await request(context, () => fetch({ ifNoneMatch, signal: context.signal }));
    requireAnswer(response, ifNoneMatch, path);
    context.sourceTimes.note(resource, response.headers);
    const rows = await context.batch.write(() => {
      const changed = response.value === undefined ? 0 : store(response.value, response.etag);
      commitState(context, resource, 1, null, new Map([[path, response.etag]]));
      return changed;
    });
    return { changed: rows > 0, records: 1 };
  } catch (error) {
    // A 404 of this service says nothing of a copy still kept for another one.
    const gone = error instanceof ApiError && error.code === 'not_found';
    if (onNotFound !== undefined && gone && !context.replacement.pending) return onNotFound();
    return failed(context, resource, error);
  }
}

/**
 * A 304 or 204 to a request that sent no validator says nothing of the resource: storing it would
 * mark a copy complete that holds nothing the service sent.
 */
export function requireAnswer(
  response: ApiResponse<unknown>,
  ifNoneMatch: string | null,
  path: string,
): void {
  if (response.value !== undefined || ifNoneMatch !== null) return;
  throw new ApiError(
    'invalid_response',
    `${path} answered ${response.status} without a body to a request that held no copy; nothing was stored.`,
    { status: response.status, transient: true },
  );
}

/** Rows per synchronous step when a big list is written: well under the 50 ms a block may take. */
const ROWS_PER_STEP = 250;

export function inSteps<Item>(items: readonly Item[]): Item[][] {
  const steps: Item[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STEP) {
    steps.push(items.slice(start, start + ROWS_PER_STEP));
  }
  return steps;
}
