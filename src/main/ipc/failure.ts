import type { ErrorDetail } from '../../shared/wire/errors';
import type { IpcError, IpcErrorCode } from '../../shared/ipc/errors';

/** Thrown by a handler to answer with a specific, typed error instead of `internal`. */
export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'IpcFailure';
  }

  toIpcError(): IpcError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
