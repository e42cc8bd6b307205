import { loadSystemKeychain, type Keychain } from './keychain';

export const KEYCHAIN_SERVICE = 'Pitside';

/**
 * The OS keychain cannot be reached or refused us. There is deliberately no fallback: a key that
 * cannot be kept safely is not kept at all, and the person is told what to fix.
 */
export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      'The system keychain is not available, so the API key cannot be stored or read. ' +
        keychainAdvice(),
      { cause },
    );
    this.name = 'KeychainUnavailableError';
  }
}

function keychainAdvice(): string {
  switch (process.platform) {
    case 'linux':
      return 'Pitside needs a Secret Service (GNOME Keyring or KWallet) running and unlocked in your session; on Debian or Ubuntu: sudo apt-get install gnome-keyring, then log in again.';
    case 'darwin':
      return 'Unlock the login keychain in Keychain Access and try again.';
    case 'win32':
      return 'Check that the Windows Credential Manager service is running.';
    default:
      return 'Check that this system has a keychain service running.';
  }
}

/**
 * The keychain account of a service: its normalised base URL, so one key is kept per service and
 * `https://Example.org/` and `https://example.org` are the same one.
 */
export function accountFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

/**
 * The keychain account of a service's key for one named profile: the service's account and the
 * profile's id, so two profiles on one address keep two keys, and a profile's key is still only
 * ever sent to its own address. `null` is the account every Pitside before profiles used (the
 * first profile keeps it, and `--service` on the command line reads it).
 */
export function profileAccount(baseUrl: string, profileId: string | null): string {
  return profileId === null ? accountFor(baseUrl) : `${accountFor(baseUrl)}#${profileId}`;
}

export interface Credentials {
  getKey(baseUrl: string): Promise<string | null>;
  setKey(baseUrl: string, key: string): Promise<void>;
  clearKey(baseUrl: string): Promise<void>;
}

/** The keychain, with the keys of each profile apart. */
export interface KeychainCredentials extends Credentials {
  /** The same keychain, with the accounts of one profile (`null`: the shared, old accounts). */
  forProfile(profileId: string | null): Credentials;
}

export function createCredentials(
  keychain: () => Promise<Keychain> = loadSystemKeychain,
): KeychainCredentials {
  return { ...credentialsIn(keychain, null), forProfile: (id) => credentialsIn(keychain, id) };
}

function credentialsIn(keychain: () => Promise<Keychain>, profileId: string | null): Credentials {
  const account = (baseUrl: string) => profileAccount(baseUrl, profileId);
  async function withKeychain<Result>(
    action: (store: Keychain) => Promise<Result>,
  ): Promise<Result> {
    let store: Keychain;
    try {
      store = await keychain();
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
    try {
      return await action(store);
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
  }

  return {
    getKey: (baseUrl) =>
      withKeychain((store) => store.getPassword(KEYCHAIN_SERVICE, account(baseUrl))),
    setKey: async (baseUrl, key) => {
      if (key.trim() === '' || /[\r\n]/.test(key))
        throw new Error('An API key is one line of text.');
      await withKeychain((store) =>
        store.setPassword(KEYCHAIN_SERVICE, account(baseUrl), key.trim()),
      );
    },
    clearKey: async (baseUrl) => {
      await withKeychain((store) => store.deletePassword(KEYCHAIN_SERVICE, account(baseUrl)));
    },
  };
}
