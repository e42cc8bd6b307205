import { createApiClient, type ApiClient } from '../../../src/main/api/client';
import { ApiError } from '../../../src/main/api/errors';
import type { TransportOptions } from '../../../src/main/api/request';

/**
 * An API client whose backoff waits are recorded instead of slept, so retry tests are fast and
 * their delays visible, with jitter pinned to the middle of its range.
 */
export function recordingClient(
  baseUrl: string,
  apiKey: string,
  overrides: Partial<TransportOptions> = {},
): { client: ApiClient; waits: number[] } {
  const waits: number[] = [];
  const client = createApiClient({
    baseUrl,
    fetch: (url, init) => fetch(url, init),
    apiKey: () => Promise.resolve(apiKey),
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    ...overrides,
  });
  return { client, waits };
}

/** The ApiError a call ended with; anything else (or success) fails the test. */
export async function failure(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}
