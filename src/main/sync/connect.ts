import { createHash } from 'node:crypto';
import { createApiClient, type ApiClient } from '../api/client';
import { Pace } from '../api/pace';
import type { FetchLike } from '../api/request';
import { KeychainUnavailableError, type Credentials } from '../credentials/credentials';
import { overrideFor, type KeyOverride } from '../credentials/key-override';
import { SyncSetupError } from './setup-error';

export interface ConnectOptions {
  /** The configured service, or `null` when none is. */
  baseUrl: () => string | null;
  credentials: Credentials;
  fetch: FetchLike;
  /** A key given from outside, for its service alone: the keychain is not asked for that one. */
  keyOverride?: KeyOverride;
}

/** The key each client built here sends, by its tag (see `keyTagOf`). */
const clientKeys = new WeakMap<ApiClient, string | null>();

/**
 * What tells one key from another without being the key: a hash cut short, from which the key
 * cannot be read back. What the key may do is kept with it (`role.ts`), so a key that changes (in
 * settings, on connecting, from outside) starts unknown. `null`: no key, or a client built
 * elsewhere (tests), whose key is unknown here.
 */
export function keyTagOf(client: ApiClient): string | null {
  return clientKeys.get(client) ?? null;
}

function keyTag(key: string | null): string | null {
  if (key === null) return null;
  return createHash('sha256').update(`pitside key role\0${key}`).digest('hex').slice(0, 16);
}

/**
 * Builds the API client a sync run uses. The key is read once per run, from the override (when
 * the run is for its service) or the keychain; a keychain that cannot be reached stops the run with its own clear reason instead of
 * surfacing later as a stream of unauthorized requests. No key is fine: team endpoints are public.
 */
export function serviceConnector(options: ConnectOptions): () => Promise<ApiClient> {
  // One pace per service and key, kept across runs: what the last run learned of the rate limit
  // holds for the next one, and a view's background fetch waits out the run's 429 pause too.
  const paces = new Map<string, Pace>();
  const paceFor = (baseUrl: string, key: string | null): Pace => {
    const id = JSON.stringify([baseUrl, key]);
    let pace = paces.get(id);
    if (pace === undefined) {
      pace = new Pace();
      paces.set(id, pace);
    }
    return pace;
  };
  return async () => {
    const baseUrl = options.baseUrl();
    if (baseUrl === null) {
      throw new SyncSetupError('not_configured', 'No service is configured yet.');
    }
    let key: string | null;
    try {
      key =
        overrideFor(options.keyOverride, baseUrl) ?? (await options.credentials.getKey(baseUrl));
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        throw new SyncSetupError('keychain', error.message, { cause: error });
      }
      throw error;
    }
    const client = createApiClient({
      baseUrl,
      fetch: options.fetch,
      apiKey: () => Promise.resolve(key),
      pace: paceFor(baseUrl, key),
    });
    clientKeys.set(client, keyTag(key));
    return client;
  };
}
