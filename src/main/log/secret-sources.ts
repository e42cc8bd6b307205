import type { FetchLike } from '../api/request';
import type { Credentials, KeychainCredentials } from '../credentials/credentials';
import type { Redactor } from './redactor';

/*
 * Where keys enter the app, each taught to the log's redactor on the way in: the keychain (what
 * it holds and what is saved to it), PITSIDE_API_KEY (given at launch), and every request's
 * Authorization header, which also carries a key typed in setup that the service then refuses
 * and so never reaches the keychain, and the demo's key.
 */

/**
 * The keychain, unchanged, except that every key read from it or saved to it is redacted, in
 * every profile's accounts.
 */
export function redactingCredentials(
  credentials: KeychainCredentials,
  redactor: Redactor,
): KeychainCredentials {
  return {
    ...redactingAccounts(credentials, redactor),
    forProfile: (profileId) => redactingAccounts(credentials.forProfile(profileId), redactor),
  };
}

function redactingAccounts(credentials: Credentials, redactor: Redactor): Credentials {
  return {
    getKey: async (baseUrl) => {
      const key = await credentials.getKey(baseUrl);
      if (key !== null) redactor.addSecret(key);
      return key;
    },
    setKey: async (baseUrl, key) => {
      redactor.addSecret(key);
      await credentials.setKey(baseUrl, key);
    },
    clearKey: (baseUrl) => credentials.clearKey(baseUrl),
  };
}

/** The network, unchanged, except that the key of every request sent is redacted. */
export function redactingFetch(fetch: FetchLike, redactor: Redactor): FetchLike {
  return (url, init) => {
    const authorization = new Headers(init.headers).get('authorization');
    const key = authorization?.replace(/^Bearer\s+/i, '');
    if (key !== undefined) redactor.addSecret(key);
    return fetch(url, init);
  };
}
