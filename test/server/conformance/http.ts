import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { KeyRole } from '../../../src/shared/ipc/edits';
import type { ErrorBody } from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';

/** Who sends a request: a role's key from the test server, or nobody. */
export type Caller = KeyRole | 'anonymous';

export interface RequestOptions {
  /** Sends the key of this role (default: no Authorization header). */
  as?: Caller;
  /** Sends `Authorization: Bearer <key>` with this key instead of a role's. */
  key?: string;
  /** Sends this Authorization header verbatim instead of a Bearer key. */
  authorization?: string;
  headers?: Record<string, string>;
  /** Serialised as the body with `Content-Type: application/json` unless `contentType` says otherwise. */
  json?: unknown;
  /** A raw body; `Content-Type: application/json` unless `contentType` says otherwise. */
  body?: string | Uint8Array<ArrayBuffer>;
  /** `null` sends no Content-Type at all. */
  contentType?: string | null;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or `undefined` when the body is empty or not JSON. */
  body: unknown;
}

export function unknownKey(): string {
  return `unknown-${randomBytes(12).toString('hex')}`;
}

export class Api {
  constructor(readonly server: TestServer) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers = new Headers(options.headers);
    if (options.authorization !== undefined) {
      headers.set('authorization', options.authorization);
    } else if (options.key !== undefined) {
      headers.set('authorization', `Bearer ${options.key}`);
    } else if (options.as !== undefined && options.as !== 'anonymous') {
      headers.set('authorization', `Bearer ${this.server.keys[options.as]}`);
    } else if (options.as === undefined && this.server.defaultKey !== undefined) {
      headers.set('authorization', `Bearer ${this.server.defaultKey}`);
    }
    let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
    if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined && options.contentType !== null) {
      headers.set('content-type', options.contentType ?? 'application/json');
    }
    const response = await fetch(`${this.server.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  get(path: string, options?: RequestOptions): Promise<Reply> {
    return this.request('GET', path, options);
  }

  post(path: string, json: unknown, options: RequestOptions = {}): Promise<Reply> {
    return this.request('POST', path, { ...options, json });
  }

  patch(path: string, json: unknown, options: RequestOptions = {}): Promise<Reply> {
    return this.request('PATCH', path, { ...options, json });
  }

  delete(path: string, options?: RequestOptions): Promise<Reply> {
    return this.request('DELETE', path, options);
  }
}

const STACK_TRACE = /\bat .+:\d+:\d+|node_modules|\.ts:\d+|\.js:\d+/;

function describeReply(reply: Reply): string {
  return `${reply.status} ${reply.text.slice(0, 500)}`;
}

export function expectJsonContentType(reply: Reply): void {
  expect(reply.headers.get('content-type') ?? '', describeReply(reply)).toMatch(
    /^application\/json\b/,
  );
}

export function sortedKeys(value: unknown): string[] {
  return Object.keys(value as object).sort();
}

/** A single-record answer `{ data }`, parsed with the record's schema. */
export function expectSingle<Schema extends z.ZodType>(
  reply: Reply,
  record: Schema,
  status = 200,
): z.infer<Schema> {
  expect(reply.status, describeReply(reply)).toBe(status);
  expectJsonContentType(reply);
  expect(sortedKeys(reply.body)).toEqual(['data']);
  const parsed = record.safeParse((reply.body as { data: unknown }).data);
  expect(parsed.error, describeReply(reply)).toBeUndefined();
  return parsed.data as z.infer<Schema>;
}

export interface ListPage<Item> {
  data: Item[];
  meta: { page: number; perPage: number; total: number };
  raw: unknown[];
}

/** A list answer `{ data, meta: { page, perPage, total } }`, each item parsed with the item schema. */
export function expectList<Schema extends z.ZodType>(
  reply: Reply,
  item: Schema,
): ListPage<z.infer<Schema>> {
  expect(reply.status, describeReply(reply)).toBe(200);
  expectJsonContentType(reply);
  expect(sortedKeys(reply.body)).toEqual(['data', 'meta']);
  const envelope = reply.body as { data: unknown; meta: unknown };
  expect(Array.isArray(envelope.data)).toBe(true);
  expect(sortedKeys(envelope.meta)).toEqual(['page', 'perPage', 'total']);
  const meta = envelope.meta as ListPage<unknown>['meta'];
  for (const value of [meta.page, meta.perPage, meta.total]) {
    expect(Number.isInteger(value), JSON.stringify(meta)).toBe(true);
  }
  const raw = envelope.data as unknown[];
  const data = raw.map((entry) => {
    const parsed = item.safeParse(entry);
    expect(parsed.error, JSON.stringify(entry)).toBeUndefined();
    return parsed.data as z.infer<Schema>;
  });
  return { data, meta, raw };
}

/**
 * An error answer: the status, JSON, exactly `{ error: { code, message, details? } }`, details rows of
 * exactly `{ field, issue }`, no stack trace, and `WWW-Authenticate: Bearer` on every 401.
 */
export function expectError(
  reply: Reply,
  status: number,
  code: string | readonly string[],
): ErrorBody['error'] {
  expect(reply.status, describeReply(reply)).toBe(status);
  expectJsonContentType(reply);
  expect(reply.text).not.toMatch(STACK_TRACE);
  expect(sortedKeys(reply.body)).toEqual(['error']);
  const error = (reply.body as ErrorBody).error;
  const keys = sortedKeys(error);
  expect(
    keys.length === 2 ? keys : keys.filter((key) => key !== 'details'),
    describeReply(reply),
  ).toEqual(['code', 'message']);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  if (typeof code === 'string') expect(error.code, describeReply(reply)).toBe(code);
  else expect(code, describeReply(reply)).toContain(error.code);
  if (keys.includes('details')) {
    expect(Array.isArray(error.details)).toBe(true);
    for (const detail of error.details ?? []) {
      expect(sortedKeys(detail)).toEqual(['field', 'issue']);
      expect(typeof detail.field).toBe('string');
      expect(typeof detail.issue).toBe('string');
    }
  }
  if (status === 401) {
    expect(reply.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/);
  }
  return error;
}

/** The `field` of every details row of an error answer. */
export function detailFields(error: ErrorBody['error']): string[] {
  return (error.details ?? []).map((detail) => detail.field);
}

/** Fetches every page of a list (100 at a time), checking that pages add up to the total. */
export async function listAll<Schema extends z.ZodType>(
  api: Api,
  path: string,
  item: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>[]> {
  const items: z.infer<Schema>[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const reply = await api.get(`${path}${separator}page=${page}&perPage=100`, options);
    const list = expectList(reply, item);
    expect(list.meta.page).toBe(page);
    expect(list.meta.perPage).toBe(100);
    items.push(...list.data);
    if (list.data.length < 100) {
      expect(items.length, `${path}: pages add up to meta.total`).toBe(list.meta.total);
      return items;
    }
    expect(page, `${path}: runaway pagination`).toBeLessThan(1000);
  }
}
