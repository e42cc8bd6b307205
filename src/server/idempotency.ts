import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { HttpError } from './errors';
import type { ServerDatabase } from './store/schema';

/** How long a first answer is replayed, by the service's clock. */
const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;

/** The first answer to a POST, as it is replayed: status, Location and the exact body. */
export interface StoredAnswer {
  status: number;
  location: string | null;
  body: string;
}

interface StoredRow extends StoredAnswer {
  request_hash: string;
}

/** Reads the Idempotency-Key header: 1–128 printable ASCII characters, or 400. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header === 'string' && KEY_PATTERN.test(header)) return header;
  throw new HttpError(
    'invalid_request',
    'Idempotency-Key must be 1 to 128 printable ASCII characters.',
  );
}

/** Text written as is between the JSON values of a canonical form. */
class Punctuation {
  constructor(readonly text: string) {}
}

const COMMA = new Punctuation(',');
const CLOSE_ARRAY = new Punctuation(']');
const CLOSE_OBJECT = new Punctuation('}');

/**
 * Member order does not matter in JSON objects, so two bodies that differ only in it are the same.
 * Built with a work list, not recursion: a body may nest thousands of levels deep, and the hash is
 * taken before the body is validated.
 */
function canonicalJson(body: unknown): string {
  const out: string[] = [];
  const work: unknown[] = [body];
  while (work.length > 0) {
    const next = work.pop();
    if (next instanceof Punctuation) {
      out.push(next.text);
    } else if (Array.isArray(next)) {
      out.push('[');
      work.push(CLOSE_ARRAY);
      for (let index = next.length - 1; index >= 0; index -= 1) {
        work.push(next[index]);
        if (index > 0) work.push(COMMA);
      }
    } else if (typeof next === 'object' && next !== null) {
      const members = Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push('{');
      work.push(CLOSE_OBJECT);
      for (let index = members.length - 1; index >= 0; index -= 1) {
        const [name, member] = members[index] as [string, unknown];
        work.push(member, new Punctuation(`${JSON.stringify(name)}:`));
        if (index > 0) work.push(COMMA);
      }
    } else {
      out.push(JSON.stringify(next) ?? 'null');
    }
  }
  return out.join('');
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** First answers to POSTs with an Idempotency-Key, per API key (held as its hash, never the key). */
export class IdempotencyStore {
  private readonly select: Statement<[string, string], StoredRow>;
  private readonly insert: Statement<
    [string, string, string, number, string | null, string, string]
  >;
  private readonly deleteExpired: Statement<[string]>;

  constructor(db: ServerDatabase) {
    this.select = db.prepare(`SELECT request_hash, status, location, body FROM idempotency_keys
      WHERE api_key_hash = ? AND idempotency_key = ?`);
    this.insert = db.prepare(`INSERT OR REPLACE INTO idempotency_keys (api_key_hash,
      idempotency_key, request_hash, status, location, body, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.deleteExpired = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  }

  /**
   * The answer to replay for this key and body, if a first one was given within the window;
   * 409 when the key was first used with another body.
   */
  replay(apiKeyHash: string, key: string, bodyHash: string, now: Date): StoredAnswer | undefined {
    this.deleteExpired.run(new Date(now.getTime() - REPLAY_WINDOW_MS).toISOString());
    const stored = this.select.get(apiKeyHash, key);
    if (stored === undefined) return undefined;
    if (stored.request_hash !== bodyHash) {
      throw new HttpError(
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different body.',
      );
    }
    return { status: stored.status, location: stored.location, body: stored.body };
  }

  remember(
    apiKeyHash: string,
    key: string,
    bodyHash: string,
    answer: StoredAnswer,
    now: Date,
  ): void {
    this.insert.run(
      apiKeyHash,
      key,
      bodyHash,
      answer.status,
      answer.location,
      answer.body,
      now.toISOString(),
    );
  }
}
