import type { FetchLike } from '../src/main/api/request';

/** One request as the sync made it: enough to make it again, byte for byte the same question. */
export interface RecordedRequest {
  method: string;
  url: string;
  ifNoneMatch: string | null;
  /** What the service answered the sync, so that a replay can tell it was asked the same. */
  status: number;
}

/**
 * A `fetch` for the API client that notes every request it passes on, in the order they were
 * made, and the most that were waiting for their answer's headers at once.
 */
export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  private inFlight = 0;
  private peak = 0;

  get peakInFlight(): number {
    return this.peak;
  }

  readonly fetch: FetchLike = async (url, init) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      ifNoneMatch: new Headers(init.headers).get('if-none-match'),
      status: 0,
    };
    this.requests.push(request);
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    try {
      const response = await fetch(url, init);
      request.status = response.status;
      return response;
    } finally {
      this.inFlight -= 1;
    }
  };
}

export interface ReplayFigures {
  seconds: number;
  requests: number;
  /** Answers whose status differs from the one the sync got: a fair replay has none. */
  mismatches: number;
  /** Characters of the bodies read, which is about their size in bytes (JSON is mostly ASCII). */
  bodyCharacters: number;
}

/**
 * The floor under a sync: the same requests at the same concurrency, each body only downloaded
 * and parsed (global fetch, `text()`, `JSON.parse`), with no validation and no database.
 */
export async function replay(
  requests: readonly RecordedRequest[],
  concurrency: number,
  apiKey: string,
): Promise<ReplayFigures> {
  let next = 0;
  let mismatches = 0;
  let bodyCharacters = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const request = requests[next];
      next += 1;
      if (request === undefined) continue;
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${apiKey}`,
      };
      if (request.ifNoneMatch !== null) headers['if-none-match'] = request.ifNoneMatch;
      const response = await fetch(request.url, { method: request.method, headers });
      const text = await response.text();
      bodyCharacters += text.length;
      if (text !== '') JSON.parse(text);
      if (response.status !== request.status) mismatches += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    seconds: (performance.now() - started) / 1000,
    requests: requests.length,
    mismatches,
    bodyCharacters,
  };
}
