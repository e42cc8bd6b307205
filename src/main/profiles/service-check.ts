import { createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { FetchLike } from '../api/request';
import { IpcFailure } from '../ipc/failure';

/** One try, answered quickly: a person is waiting on the connect form. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Asks the service for one event with the key, through the same client a sync uses, before
 * anything is saved: the one read that needs a key and costs the service almost nothing. Each way
 * it can fail becomes an error of its own that says what to do.
 */
export async function checkService(baseUrl: string, key: string, fetch: FetchLike): Promise<void> {
  const client = createApiClient({
    baseUrl,
    fetch,
    apiKey: () => Promise.resolve(key),
    timeoutMs: CHECK_TIMEOUT_MS,
    maxAttempts: 1,
    maxRetryAfterMs: 0,
    maxStallMs: CHECK_TIMEOUT_MS,
  });
  try {
    await client.listEvents({ perPage: 1 });
  } catch (error) {
    if (error instanceof ApiError) throw failureOf(error, baseUrl);
    throw error;
  }
}

function failureOf(error: ApiError, baseUrl: string): IpcFailure {
  switch (error.code) {
    case 'offline':
      return new IpcFailure(
        'offline',
        `Nothing answered at ${baseUrl}. Check the address, and that this computer is on a network that reaches it.`,
      );
    case 'timeout':
      return new IpcFailure(
        'timeout',
        `${baseUrl} did not answer within ${CHECK_TIMEOUT_MS / 1000} seconds. Check the address, or try again when the network is better.`,
      );
    case 'unauthorized':
      return new IpcFailure(
        'unauthorized',
        `The service at ${baseUrl} refused this key. Check that it was copied whole.`,
        [{ field: 'key', issue: 'the service refused this key' }],
      );
    case 'forbidden':
      return new IpcFailure(
        'forbidden',
        `The service at ${baseUrl} knows this key but does not let it read events. Ask for a key that may.`,
        [{ field: 'key', issue: 'this key may not read events' }],
      );
    case 'rate_limited':
      return new IpcFailure(
        'rate_limited',
        `The service at ${baseUrl} is turning requests away for now (its rate limit). Try again in a minute.`,
      );
    case 'server_error':
      return new IpcFailure(
        'server_error',
        `The service at ${baseUrl} answered with an error of its own (${error.status ?? 'no status'}). Try again later.`,
      );
    case 'captive_portal':
      return new IpcFailure(
        'invalid_response',
        `Something other than the service answered at ${baseUrl}: a web page or a network's sign-in page. On a venue's wifi, sign in to the network first; otherwise check the address.`,
      );
    case 'not_found':
    case 'invalid_response':
    case 'too_large':
    case 'conflict':
    case 'rejected':
      return new IpcFailure(
        'invalid_response',
        `Something answered at ${baseUrl}, but not a competition service. Check the address (and its path, if the service has one).`,
      );
  }
}
