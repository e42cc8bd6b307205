import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  warmUpSeconds: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /**
   * Appends `uncached=<n>` with a new n to every request: the service ignores the parameter but
   * its response cache keys on the URL, so every request takes the full path through SQLite.
   */
  uncached?: boolean;
}

/** The marker `uncached` adds; the baseline strips it to find its fixed body. */
export const UNCACHED_PARAM = /[?&]uncached=\d+$/;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests that failed, timed out or answered other than 2xx; a fair run has none. */
  failures: number;
}

/** Loads `url` for a warm-up (discarded, so JIT and caches settle), then measures. */
export async function measure(url: string, options: LoadOptions): Promise<LoadFigures> {
  let counter = 0;
  const separator = url.includes('?') ? '&' : '?';
  const requests =
    options.uncached === true
      ? [
          {
            setupRequest: (request: { path?: string }) => ({
              ...request,
              path: `${request.path ?? '/'}${separator}uncached=${(counter += 1)}`,
            }),
          },
        ]
      : undefined;
  const run = (duration: number): ReturnType<typeof autocannon> =>
    autocannon({
      url,
      connections: options.connections,
      duration,
      headers: options.headers,
      timeout: 10,
      requests,
    });
  await run(options.warmUpSeconds);
  const result = await run(options.durationSeconds);
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
