import { z } from 'zod';
import type { FailureCode } from '../failures';
import { errorDetailSchema } from '../wire/errors';

/**
 * The closed set of failures the renderer can act on. `invalid_input` is a refused IPC input;
 * the network-facing codes are what the data layer reports when it had to reach the service.
 */
export const IPC_ERROR_CODES = [
  'invalid_input',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'offline',
  'timeout',
  'rate_limited',
  'invalid_response',
  'server_error',
  'keychain_unavailable',
  'internal',
] as const satisfies readonly FailureCode[];

export const ipcErrorCodeSchema = z.enum(IPC_ERROR_CODES);
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>;

export const ipcErrorSchema = z.object({
  code: ipcErrorCodeSchema,
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

/**
 * What every command answers across the bridge. Errors travel as data because Electron's
 * `invoke` rejects with a generic Error that loses everything but a mangled message.
 */
export type IpcResult<Output> = { ok: true; value: Output } | { ok: false; error: IpcError };

export function ipcResultSchema<Output extends z.ZodType>(output: Output) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: output }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }),
  ]);
}
