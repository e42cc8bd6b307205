import { apiKeySchema, serviceUrlSchema } from '../../../../shared/ipc/settings';

export type ConnectFieldErrors = { baseUrl?: string; key?: string };

export type ConnectCheck =
  { ok: true; baseUrl: string; key: string } | { ok: false; errors: ConnectFieldErrors };

/**
 * The same rules main applies to `setup:connect`, checked before anything is sent, so an empty
 * field or an address that is not http(s) is said next to its field without a round trip.
 */
export function checkConnectInput(baseUrl: string, key: string): ConnectCheck {
  const url = serviceUrlSchema.safeParse(baseUrl);
  const secret = apiKeySchema.safeParse(key);
  if (url.success && secret.success) return { ok: true, baseUrl: url.data, key: secret.data };
  const errors: ConnectFieldErrors = {};
  if (!url.success)
    errors.baseUrl = `The service URL ${url.error.issues[0]?.message ?? 'is not valid'}.`;
  if (!secret.success)
    errors.key = `The API key ${secret.error.issues[0]?.message ?? 'is not valid'}.`;
  return { ok: false, errors };
}
