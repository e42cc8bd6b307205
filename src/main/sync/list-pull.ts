import type { ReadableList, UnreadableRecord } from '../../shared/wire/readable-list';
import type { ApiResponse } from '../api/request';
import type { Limiter } from './limiter';
import { settleAll } from './pacing';

/** How one paginated list of the service is read: its pages, and how records are told apart. */
export interface ListSource<Item> {
  /** Names the list in messages: `events`, `event:2026springfield:matches`, … */
  resource: string;
  /** The request path of a page, which also keys the page's stored ETag. */
  pathOf(page: number): string;
  fetchPage(
    page: number,
    ifNoneMatch: string | null,
    signal: AbortSignal,
  ): Promise<ApiResponse<ReadableList<Item>>>;
  keyOf(item: Item): string | number;
}

/** What we hold of the list: the ETag of each page URL and the size of the copy. */
export interface HeldCopy {
  etagOf(path: string): string | null;
  /** Records in the copy and the page size it was read with; `null` when there is no copy. */
  total: number | null;
  pageSize: number | null;
}

export type ListPull<Item> =
  | { kind: 'unchanged' }
  | {
      kind: 'changed';
      items: Item[];
      /**
       * Records the service listed that the client could not read. They count for the list's
       * consistency like any other; the copy keeps what it held of them.
       */
      unreadable: UnreadableRecord[];
      pageSize: number;
      /** The validator of every page, to store with the new copy. */
      etags: Map<string, string | null>;
      /** Requests the whole pull made, its check included (0 in what `commit` is given). */
      requests: number;
    };

/** Where a list goes as it is read: the views see it grow, then whole. */
export interface ListSink<Item> {
  /**
   * Makes a snapshot visible that holds together on its own (one total, full pages, no record
   * twice). It is checked afterwards, and committed again if the check finds the list moved.
   */
  commit(snapshot: ChangedList<Item>): Promise<void>;
  /**
   * Each page's records as they arrive, while no complete copy is held: a first sync shows the
   * list growing instead of nothing. The copy stays marked incomplete until `commit`.
   */
  page?(items: Item[]): Promise<void>;
}

export type ChangedList<Item> = Extract<ListPull<Item>, { kind: 'changed' }>;

/**
 * The service's data moved under every attempt to read it whole and check it. The copy holds the
 * last reading that held together, or the old copy when none did.
 */
export class UnstableListError extends Error {
  constructor(resource: string, attempts: number) {
    super(
      `${resource} kept changing while it was read (${attempts} attempts); the cached copy is the list as it was at one moment, and the next sync reads it again.`,
    );
    this.name = 'UnstableListError';
  }
}

interface Page<Item> {
  path: string;
  /** `null` for a 304 whose content we did not ask for again. */
  items: Item[] | null;
  unreadable: UnreadableRecord[];
  total: number | null;
  perPage: number | null;
  etag: string | null;
}

interface Pass<Item> {
  pages: Page<Item>[];
  requests: number;
}

const PER_PAGE = 100;
const MAX_ATTEMPTS = 4;

/**
 * Reads a whole list: its first page, then every other page at once (as many in flight as the
 * limiter allows) once the first has told the total.
 *
 * With validators from the last copy, a list whose every page answers 304 is unchanged and costs no
 * parsing and no writes. Otherwise the pages are read in full and checked against each other (one
 * total, full pages, no record twice, as many records as the total); a set that holds together is
 * committed at once, so the person waiting for the list has it. Then every page is read once more,
 * conditionally: when that second look finds each page as it was, the copy is a snapshot of one
 * moment and not a mix of before and after an insert that shifted the pages. When it does not, the
 * list is read and committed again. A server without ETags gets the same check by comparing the
 * records themselves.
 *
 * A copy committed but not yet checked (the run was canceled in between) is still sound: the next
 * run's conditional look is the same check, and a list whose every page answers 304 is each page
 * as it was read, all at one moment.
 */
export async function pullList<Item>(
  source: ListSource<Item>,
  held: HeldCopy,
  limiter: Limiter,
  signal: AbortSignal,
  sink: ListSink<Item> = { commit: () => Promise.resolve() },
): Promise<ListPull<Item>> {
  // Pages are written as they come without holding up the requests for the next ones. Each
  // snapshot's commit waits for them, so growing rows never land after the whole list; and the
  // pull ends only once none is left, whichever way it ends.
  const growth: Promise<void>[] = [];
  try {
    return await readList(source, held, limiter, signal, sink, growth);
  } finally {
    await Promise.allSettled(growth);
  }
}

async function readList<Item>(
  source: ListSource<Item>,
  held: HeldCopy,
  limiter: Limiter,
  signal: AbortSignal,
  sink: ListSink<Item>,
  growth: Promise<void>[],
): Promise<ListPull<Item>> {
  let requests = 0;
  const growing = held.total === null ? sink.page?.bind(sink) : undefined;
  const fetchPage = async (page: number, ifNoneMatch: string | null): Promise<Page<Item>> => {
    signal.throwIfAborted();
    const path = source.pathOf(page);
    const response = await limiter.run(() => source.fetchPage(page, ifNoneMatch, signal));
    requests += 1;
    if (response.status === 304 || response.value === undefined) {
      return { path, items: null, unreadable: [], total: null, perPage: null, etag: ifNoneMatch };
    }
    const { data, meta, unreadable } = response.value;
    if (growing !== undefined && data.length > 0) {
      const write = growing(data);
      // Its failure (a canceled run's guard) is taken up by the commit, or by the end of the pull.
      write.catch(() => undefined);
      growth.push(write);
    }
    return {
      path,
      items: data,
      unreadable,
      total: meta.total,
      perPage: meta.perPage,
      etag: response.etag,
    };
  };

  /** One walk over every page; `validatorOf` picks what to send as If-None-Match per page. */
  const walk = async (
    validatorOf: (page: number, path: string) => string | null,
    pageCountHint: number | null,
  ): Promise<Pass<Item>> => {
    const before = requests;
    const first = await fetchPage(1, validatorOf(1, source.pathOf(1)));
    const count =
      first.total !== null && first.perPage !== null
        ? Math.max(1, Math.ceil(first.total / first.perPage))
        : (pageCountHint ?? 1);
    const rest = await settleAll(
      Array.from({ length: count - 1 }, (_, index) =>
        fetchPage(index + 2, validatorOf(index + 2, source.pathOf(index + 2))),
      ),
    );
    return { pages: [first, ...rest], requests: requests - before };
  };

  const heldPages =
    held.total !== null && held.pageSize !== null
      ? Math.max(1, Math.ceil(held.total / held.pageSize))
      : null;
  let pass = await walk((_, path) => held.etagOf(path), heldPages);
  if (heldPages !== null && pass.pages.every((page) => page.items === null)) {
    return { kind: 'unchanged' };
  }

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    // Pages that answered 304 to the old validators are read again for their content.
    const filled = await settleAll(
      pass.pages.map((page, index) =>
        page.items === null ? fetchPage(index + 1, null) : Promise.resolve(page),
      ),
    );
    const keyOf = (item: Item) => source.keyOf(item);
    const snapshot = consistentSnapshot(filled, keyOf);
    if (snapshot !== null) {
      const result = changed(snapshot, filled);
      await settleAll([...growth]);
      await sink.commit(result);
      if (filled.length === 1) return { ...result, requests };
      const check = await walk((page) => filled[page - 1]?.etag ?? null, filled.length);
      if (sameAs(check.pages, filled, keyOf)) return { ...result, requests };
      // A page that answered 304 this time is the page read just before: keep its content.
      pass = {
        pages: check.pages.map((page, index) =>
          page.items === null ? (filled[index] ?? page) : page,
        ),
        requests: check.requests,
      };
    } else {
      pass = await walk(() => null, null);
    }
  }
  throw new UnstableListError(source.resource, MAX_ATTEMPTS);
}

function changed<Item>(snapshot: Snapshot<Item>, pages: Page<Item>[]): ChangedList<Item> {
  return {
    kind: 'changed',
    items: snapshot.items,
    unreadable: snapshot.unreadable,
    pageSize: snapshot.pageSize,
    // A page with a record we could not read keeps no validator: a 304 to it would stand for that
    // record too, and the next sync would never read it again (a record garbled on the way once
    // would stay missing for good).
    etags: new Map(pages.map((page) => [page.path, page.unreadable.length > 0 ? null : page.etag])),
    requests: 0,
  };
}

interface Snapshot<Item> {
  items: Item[];
  unreadable: UnreadableRecord[];
  pageSize: number;
}

/** The records of the pages when they can all be from one moment, else `null`. */
function consistentSnapshot<Item>(
  pages: Page<Item>[],
  keyOf: (item: Item) => string | number,
): Snapshot<Item> | null {
  const [first] = pages;
  if (first === undefined || first.total === null || first.perPage === null) return null;
  const { total, perPage } = first;
  if (Math.max(1, Math.ceil(total / perPage)) !== pages.length) return null;
  const items: Item[] = [];
  const unreadable: UnreadableRecord[] = [];
  // Keys as text: an unreadable record only has its id as text, a team's number included.
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && seen.add(key) !== undefined;
  for (const [index, page] of pages.entries()) {
    if (page.items === null || page.total !== total || page.perPage !== perPage) return null;
    const isLast = index === pages.length - 1;
    const expected = isLast ? total - perPage * (pages.length - 1) : perPage;
    if (page.items.length + page.unreadable.length !== expected) return null;
    for (const item of page.items) {
      if (!once(String(keyOf(item)))) return null;
      items.push(item);
    }
    for (const record of page.unreadable) {
      if (record.id !== null && !once(record.id)) return null;
      unreadable.push(record);
    }
  }
  return { items, unreadable, pageSize: perPage };
}

/** A second look agrees with the first: every page 304, or (without ETags) the same records. */
function sameAs<Item>(
  check: Page<Item>[],
  pages: Page<Item>[],
  keyOf: (item: Item) => string | number,
): boolean {
  if (check.length !== pages.length) return false;
  return check.every((page, index) => {
    const earlier = pages[index];
    if (earlier === undefined) return false;
    if (page.items === null) return earlier.etag !== null;
    if (page.total !== earlier.total || earlier.items === null) return false;
    if (page.items.length !== earlier.items.length) return false;
    if (!sameRecord(page.unreadable, earlier.unreadable)) return false;
    return page.items.every((item, position) => {
      const other = earlier.items?.[position];
      return other !== undefined && keyOf(item) === keyOf(other) && sameRecord(item, other);
    });
  });
}

function sameRecord(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export { PER_PAGE as LIST_PAGE_SIZE };
