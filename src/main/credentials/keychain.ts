/** The part of keytar the app uses: the OS keychain (Keychain, Credential Manager, Secret Service). */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Loaded on first use, so that a missing or broken native module is reported like any outage. */
export async function loadSystemKeychain(): Promise<Keychain> {
  const module = await import('keytar');
  return module.default;
}
