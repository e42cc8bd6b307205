import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_EDIT_SCOPE } from '../../shared/edits-elsewhere';
import type { EditsElsewhereGroup } from '../../shared/ipc/edits';
import type { FetchLike } from '../api/request';
import type { Credentials } from '../credentials/credentials';
import type { KeyOverride } from '../credentials/key-override';
import { CACHE_FILE, openDataLayer, type DataLayer } from '../data-layer';
import { closedCacheEdits } from '../handlers/edits-elsewhere';
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
    closedEdits: otherProfileEdits(profile, options),
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

/**
 * The other profile's edits not sent yet, read once: its cache stays closed, and this directory
 * locked, for as long as this profile's layer is open, so nothing changes them meanwhile. A cache
 * that cannot be read is reported and shows none, rather than keeping the edits panel from opening.
 */
function otherProfileEdits(profile: Profile, options: LayerOptions): () => EditsElsewhereGroup[] {
  const demo = profile === 'service';
  const directory = demo ? demoDirectory(options.dataDirectory) : options.dataDirectory;
  let read: EditsElsewhereGroup[] | null = null;
  return () => {
    if (read !== null) return read;
    try {
      read = closedCacheEdits({
        file: join(directory, CACHE_FILE),
        unsetScope: demo ? DEMO_EDIT_SCOPE : null,
        nativeBinding: options.nativeBinding,
      });
    } catch (error) {
      options.reportError?.('edits of the other profile', error);
      read = [];
    }
    return read;
  };
}
