import { etagOf } from './etag';

/** A 200 answer as the bytes sent (encoded once, not per request) and its validator. */
export interface CachedBody {
  body: Buffer;
  etag: string;
}

/** Enough for every page a busy client cycles through; each body is at most a page of 100 records. */
const MAX_ENTRIES = 512;
/** Larger bodies are rare and cheap to rebuild relative to their size; they are not kept. */
const MAX_BODY_CHARS = 256 * 1024;

/**
 * Answers to reads, by everything an answer depends on: the URL, which events the caller may see,
 * the data version and the clock's second (statuses move with it). Repeated reads then skip SQLite,
 * serialisation and hashing: serialising a page of 100 teams alone costs more than a whole bare
 * HTTP answer. Entries of an older data version are dropped on the first read after a write.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedBody>();
  private version = -1;

  get(key: string, version: number): CachedBody | undefined {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
      return undefined;
    }
    return this.entries.get(key);
  }

  /** Serialises and hashes a body, keeping it when the version is still current. */
  put(key: string, version: number, body: string): CachedBody {
    const entry = { body: Buffer.from(body, 'utf8'), etag: etagOf(body) };
    if (version === this.version && body.length <= MAX_BODY_CHARS) {
      this.entries.set(key, entry);
      // The oldest entry goes first: cheaper on every hit than keeping a recency order, and a read
      // that is still hot is simply cached again.
      if (this.entries.size > MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (oldest.done !== true) this.entries.delete(oldest.value);
      }
    }
    return entry;
  }
}
