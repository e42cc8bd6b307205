import type { PitsideApi } from '../../shared/ipc/bridge';
import type { IpcError, IpcErrorCode, IpcResult } from '../../shared/ipc/errors';

/** A failed command, thrown by `unwrap` so stores can keep one try/catch per action. */
export class ApiError extends Error {
  readonly code: IpcErrorCode;
  readonly details: IpcError['details'];

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.details = error.details;
  }
}

export async function unwrap<Output>(pending: Promise<IpcResult<Output>>): Promise<Output> {
  const result = await pending;
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

/** The bridge, or a clear failure when the page was opened outside the app. */
export function bridge(): PitsideApi {
  if (window.api === undefined) {
    throw new ApiError({
      code: 'internal',
      message: 'Pitside’s bridge is missing: this page only works inside the Pitside app.',
    });
  }
  return window.api;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}
