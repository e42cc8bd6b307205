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

export interface Credentials {
  getKey(baseUrl: string): Promise<string | null>;
  setKey(baseUrl: string, key: string): Promise<void>;
  clearKey(baseUrl: string): Promise<void>;
}

export function createCredentials(
  keychain: () => Promise<Keychain> = loadSystemKeychain,
): Credentials {
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
      withKeychain((store) => store.getPassword(KEYCHAIN_SERVICE, accountFor(baseUrl))),
    setKey: async (baseUrl, key) => {
      if (key.trim() === '' || /[\r\n]/.test(key))
        throw new Error('An API key is one line of text.');
      await withKeychain((store) =>
        store.setPassword(KEYCHAIN_SERVICE, accountFor(baseUrl), key.trim()),
      );
    },
    clearKey: async (baseUrl) => {
      await withKeychain((store) => store.deletePassword(KEYCHAIN_SERVICE, accountFor(baseUrl)));
    },
  };
}
