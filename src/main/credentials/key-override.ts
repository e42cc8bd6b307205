import { accountFor } from './credentials';

/**
 * A key from outside the keychain, for one service alone: PITSIDE_API_KEY for the address given
 * with it on the command line, or the demo's own key for the demo service. Once the address
 * changes (the settings switch the service, say), the key is not sent there: another address
 * gets the keychain's key for it, or none.
 */
export interface KeyOverride {
  baseUrl: string;
  key: string;
  from: 'environment' | 'demo';
}

/** The override's key when `baseUrl` is the service it was given for, else `null`. */
export function overrideFor(override: KeyOverride | undefined, baseUrl: string): string | null {
  if (override === undefined) return null;
  return accountFor(override.baseUrl) === accountFor(baseUrl) ? override.key : null;
}
