import { createApiClient, type ApiClient } from '../api/client';
import type { FetchLike } from '../api/request';
import { KeychainUnavailableError, type Credentials } from '../credentials/credentials';
import { SyncSetupError } from './setup-error';

export interface ConnectOptions {
  /** The configured service, or `null` when none is. */
  baseUrl: () => string | null;
  credentials: Credentials;
  fetch: FetchLike;
  /** A key given from outside (the command line's PITSIDE_API_KEY): the keychain is not asked. */
  keyOverride?: string;
}

/**
 * Builds the API client a sync run uses. The key is read once per run, from the override or the
 * keychain; a keychain that cannot be reached stops the run with its own clear reason instead of
 * surfacing later as a stream of unauthorized requests. No key is fine: team endpoints are public.
 */
export function serviceConnector(options: ConnectOptions): () => Promise<ApiClient> {
  return async () => {
    const baseUrl = options.baseUrl();
    if (baseUrl === null) {
      throw new SyncSetupError('not_configured', 'No service is configured yet.');
    }
    let key: string | null;
    try {
      key = options.keyOverride ?? (await options.credentials.getKey(baseUrl));
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        throw new SyncSetupError('keychain', error.message, { cause: error });
      }
      throw error;
    }
    return createApiClient({ baseUrl, fetch: options.fetch, apiKey: () => Promise.resolve(key) });
  };
}
