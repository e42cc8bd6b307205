/** A sync cannot start: no service configured, or its key cannot be read. */
export class SyncSetupError extends Error {
  constructor(
    readonly code: 'not_configured' | 'keychain',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SyncSetupError';
  }
}
