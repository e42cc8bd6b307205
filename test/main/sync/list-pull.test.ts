import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../src/main/api/request';
import { Limiter } from '../../../src/main/sync/limiter';
import {
  pullList,
  UnstableListError,
  type HeldCopy,
  type ListSource,
} from '../../../src/main/sync/list-pull';
import type { ReadableList } from '../../../src/shared/wire/readable-list';

/*
 * The paging algorithm against an in-memory list whose content, ETags and page size the test
 * controls, including changes between two page requests. The same algorithm against the real
 * reference service is covered in full-sync and changing-service tests.
 */

interface Row {
  id: number;
  value: string;
}

interface FakeList {
  rows: Row[];
  withEtags: boolean;
  /** What the server really uses as page size, whatever is asked. */
  pageSize: number;
  /** Runs before the n-th request (1-based) is answered. */
  before: Map<number, () => void>;
  requests: { page: number; ifNoneMatch: string | null }[];
  inFlight: number;
  maxInFlight: number;
}

function fakeList(count: number, options: Partial<FakeList> = {}): FakeList {
  return {
    rows: Array.from({ length: count }, (_, index) => ({ id: index + 1, value: 'v1' })),
    withEtags: true,
    pageSize: 100,
    before: new Map(),
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    ...options,
  };
}

function source(list: FakeList): ListSource<Row> {
  return {
    resource: 'rows',
    pathOf: (page) => `/rows?page=${page}`,
    keyOf: (row) => row.id,
    fetchPage: async (page, ifNoneMatch) => {
      list.requests.push({ page, ifNoneMatch });
      list.before.get(list.requests.length)?.();
      list.inFlight += 1;
      list.maxInFlight = Math.max(list.maxInFlight, list.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      list.inFlight -= 1;
      const start = (page - 1) * list.pageSize;
      const body: ReadableList<Row> = {
        data: list.rows.slice(start, start + list.pageSize).map((row) => ({ ...row })),
        meta: { page, perPage: list.pageSize, total: list.rows.length },
        unreadable: [],
      };
      const etag = list.withEtags ? `"${JSON.stringify(body)}"` : null;
      const response: ApiResponse<ReadableList<Row>> =
        etag !== null && ifNoneMatch === etag
          ? { status: 304, value: undefined, etag, headers: new Headers() }
          : { status: 200, value: body, etag, headers: new Headers() };
      return response;
    },
  };
}

const nothingHeld: HeldCopy = { etagOf: () => null, total: null, pageSize: null };

function heldFrom(pull: Awaited<ReturnType<typeof pullList<Row>>>, pageSize = 100): HeldCopy {
  if (pull.kind !== 'changed') throw new Error('expected a changed pull');
  return {
    etagOf: (path) => pull.etags.get(path) ?? null,
    total: pull.items.length,
    pageSize,
  };
}

const signal = new AbortController().signal;

describe('pulling a paged list', () => {
  it('walks every page to meta.total with at most the limiter’s requests in flight', async () => {
    const list = fakeList(1234);
    const pull = await pullList(source(list), nothingHeld, new Limiter(3), signal);
    expect(pull.kind).toBe('changed');
    if (pull.kind !== 'changed') return;
    expect(pull.items.map((row) => row.id)).toEqual(list.rows.map((row) => row.id));
    expect(new Set(list.requests.map((request) => request.page)).size).toBe(13);
    expect(list.maxInFlight).toBeLessThanOrEqual(3);
    expect(list.maxInFlight).toBeGreaterThan(1);
  });

  it('follows the page size the server uses when it clamps the one asked for', async () => {
    const list = fakeList(230, { pageSize: 40 });
    const pull = await pullList(source(list), nothingHeld, new Limiter(4), signal);
    expect(pull.kind === 'changed' && pull.items.length).toBe(230);
    expect(pull.kind === 'changed' && pull.pageSize).toBe(40);
  });

  it('answers unchanged after every page answered 304, reading no page again', async () => {
    const list = fakeList(250);
    const first = await pullList(source(list), nothingHeld, new Limiter(4), signal);
    list.requests = [];
    const second = await pullList(source(list), heldFrom(first), new Limiter(4), signal);
    expect(second.kind).toBe('unchanged');
    expect(list.requests).toHaveLength(3);
    expect(list.requests.every((request) => request.ifNoneMatch !== null)).toBe(true);
  });

  it('re-reads the whole list when one page changed, and returns the new content', async () => {
    const list = fakeList(250);
    const first = await pullList(source(list), nothingHeld, new Limiter(4), signal);
    list.rows[160] = { id: 161, value: 'v2' };
    const second = await pullList(source(list), heldFrom(first), new Limiter(4), signal);
    expect(second.kind === 'changed' && second.items[160]).toEqual({ id: 161, value: 'v2' });
    expect(second.kind === 'changed' && second.items).toEqual(list.rows);
  });

  it('catches an insert and a delete before the read offset that leave the total alone', async () => {
    // After page 1 is read, one row is inserted and another deleted, both on page 1: pages 2 and
    // 3 look perfectly consistent (no duplicate, right total), yet the first read misses the new
    // row and keeps the deleted one. Only the second look at page 1 shows it.
    for (const withEtags of [true, false]) {
      const list = fakeList(250, { withEtags });
      list.before.set(2, () => {
        list.rows.splice(10, 0, { id: 9001, value: 'new' });
        list.rows.splice(20, 1);
      });
      const pull = await pullList(source(list), nothingHeld, new Limiter(1), signal);
      expect(pull.kind === 'changed' && pull.items).toEqual(list.rows);
    }
  });

  it('redoes a pull whose pages disagree on the total', async () => {
    const list = fakeList(250);
    list.before.set(3, () => list.rows.push({ id: 5000, value: 'late' }));
    const pull = await pullList(source(list), nothingHeld, new Limiter(1), signal);
    expect(pull.kind === 'changed' && pull.items).toEqual(list.rows);
    expect(pull.kind === 'changed' && pull.items).toHaveLength(251);
  });

  it('gives up on a list that never holds still, with a clear error', async () => {
    const list = fakeList(250);
    let next = 10_000;
    for (let request = 2; request < 200; request += 1) {
      list.before.set(request, () => list.rows.unshift({ id: (next += 1), value: 'churn' }));
    }
    await expect(pullList(source(list), nothingHeld, new Limiter(2), signal)).rejects.toThrow(
      UnstableListError,
    );
    await expect(
      pullList(source(fakeListChurning()), nothingHeld, new Limiter(2), signal),
    ).rejects.toThrow(/rows kept changing while it was read \(4 attempts\)/);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const list = fakeList(1000);
    list.before.set(3, () => controller.abort(new Error('canceled by the user')));
    await expect(
      pullList(source(list), nothingHeld, new Limiter(1), controller.signal),
    ).rejects.toThrow('canceled by the user');
  });
});

function fakeListChurning(): FakeList {
  const list = fakeList(150);
  let next = 20_000;
  for (let request = 1; request < 200; request += 1) {
    list.before.set(request, () => list.rows.unshift({ id: (next += 1), value: 'churn' }));
  }
  return list;
}
