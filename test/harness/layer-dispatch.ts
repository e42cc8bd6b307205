import type { DataLayer } from '../../src/main/data-layer';
import { createDispatcher, type Dispatch } from '../../src/main/ipc/dispatcher';
import { createHandlers } from '../../src/main/services';

/** The identity `app:info` reports in tests; nothing in it is read by the data layer. */
export const TEST_IDENTITY = {
  version: '0.0.0-test',
  dataDirectory: 'unused',
  versions: process.versions,
  platform: process.platform,
  arch: process.arch,
  sqliteVersion: 'unused',
};

/** The data layer as the renderer reaches it: every call through the contract's validation. */
export function dispatcherOf(layer: DataLayer): Dispatch {
  return createDispatcher(createHandlers(TEST_IDENTITY, layer.handlers));
}

/** The value of a successful command, or a thrown error that shows the typed failure. */
export async function valueOf<Output>(pending: Promise<unknown>): Promise<Output> {
  const result = (await pending) as { ok: boolean; value?: Output; error?: unknown };
  if (!result.ok) throw new Error(`command failed: ${JSON.stringify(result.error)}`);
  return result.value as Output;
}
