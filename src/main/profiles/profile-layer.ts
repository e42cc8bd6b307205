import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FetchLike } from '../api/request';
import type { Credentials } from '../credentials/credentials';
import type { KeyOverride } from '../credentials/key-override';
import { openDataLayer, type DataLayer } from '../data-layer';
import type { PushHub } from '../ipc/push-hub';
import type { Profile } from './app-state';
import type { DemoService } from './demo-service';

/** The demo's cache and its service's store live here, inside the data directory. */
export const DEMO_DIRECTORY = 'demo';

export interface LayerOptions {
  dataDirectory: string;
  fetch: FetchLike;
  credentials: Credentials;
  now?: () => Date;
  nativeBinding?: string;
  reportError?: (where: string, error: unknown) => void;
}

export function demoDirectory(dataDirectory: string): string {
  return join(dataDirectory, DEMO_DIRECTORY);
}

/**
 * Opens the data layer of a profile. The service's cache is `<data>/pitside.db`, where the
 * command line finds it too; the demo's is `<data>/demo/pitside.db`, so nothing of one is ever
 * read or synced into the other. The demo layer syncs from the running demo service with its key
 * (none running: its cache stays readable and a sync says no service is configured).
 */
export function openProfileLayer(
  profile: Profile,
  options: LayerOptions & { pushes: PushHub; serviceKeyOverride?: KeyOverride },
  demo: DemoService | null,
): DataLayer {
  const common = {
    fetch: options.fetch,
    credentials: options.credentials,
    now: options.now,
    nativeBinding: options.nativeBinding,
    reportError: options.reportError,
    pushes: options.pushes,
  };
  if (profile === 'service') {
    return openDataLayer({
      ...common,
      dataDirectory: options.dataDirectory,
      keyOverride: options.serviceKeyOverride,
    });
  }
  const directory = demoDirectory(options.dataDirectory);
  mkdirSync(directory, { recursive: true });
  return openDataLayer({
    ...common,
    dataDirectory: directory,
    defaultBaseUrl: demo?.url,
    keyOverride: demo === null ? undefined : { baseUrl: demo.url, key: demo.key, from: 'demo' },
  });
}
