import type { WorkerScript } from '../analysis/worker-script';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EditsElsewhereGroup } from '../../shared/ipc/edits';
import type { FetchLike } from '../api/request';
import type { KeychainCredentials } from '../credentials/credentials';
import type { KeyOverride } from '../credentials/key-override';
import { CACHE_FILE, openDataLayer, type DataLayer } from '../data-layer';
import { closedCacheEdits } from '../handlers/edits-elsewhere';
import type { PushHub } from '../ipc/push-hub';
import type { Activity } from '../log/activity';
import type { DemoService } from './demo-service';
import { keychainProfile, profileDirectory, type NamedProfile } from './profile-list';

/** The demo's cache and its service's store live here, inside the data directory. */
export const DEMO_DIRECTORY = 'demo';

export interface LayerOptions {
  dataDirectory: string;
  fetch: FetchLike;
  credentials: KeychainCredentials;
  now?: () => Date;
  nativeBinding?: string;
  reportError?: (where: string, error: unknown) => void;
  /** The app's log of what ran: sync runs, switches of profile. */
  activity?: Activity;
  /** The analysis worker's script, when not the one beside this code (see `openDataLayer`). */
  analysisWorker?: WorkerScript;
}

/** Which cache a layer opens: the demo's, or a named profile's (none yet: the first run's). */
export type LayerTarget = { kind: 'demo' } | { kind: 'named'; profile: NamedProfile | null };

/** A cache not open now whose edits not sent yet are listed as kept elsewhere. */
export interface OtherCache {
  file: string;
  /** The service a cache with no address set keeps edits for: `demo` for the demo's cache. */
  unsetScope: string | null;
  /** The profile's name, shown with its edits; `null` for the demo. */
  profile: string | null;
}

export function demoDirectory(dataDirectory: string): string {
  return join(dataDirectory, DEMO_DIRECTORY);
}

/** Where a target's cache is: a profile's folder (see `profileDirectory`), or the demo's. */
export function targetDirectory(dataDirectory: string, target: LayerTarget): string {
  if (target.kind === 'demo') return demoDirectory(dataDirectory);
  return target.profile === null
    ? dataDirectory
    : profileDirectory(dataDirectory, target.profile.id);
}

export function cacheFileOf(dataDirectory: string, target: LayerTarget): string {
  return join(targetDirectory(dataDirectory, target), CACHE_FILE);
}

/**
 * Opens the data layer of a profile, in its own directory, so nothing of one is ever read or
 * synced into another: a named profile's with its own keychain accounts, the demo's with the
 * running demo service and its key (none running: its cache stays readable and a sync says no
 * service is configured).
 */
export function openProfileLayer(
  target: LayerTarget,
  options: LayerOptions & {
    pushes: PushHub;
    serviceKeyOverride?: KeyOverride;
    otherCaches: () => OtherCache[];
  },
  demo: DemoService | null,
): DataLayer {
  const directory = targetDirectory(options.dataDirectory, target);
  mkdirSync(directory, { recursive: true });
  const common = {
    dataDirectory: directory,
    closedEdits: closedEditsOf(options),
    fetch: options.fetch,
    now: options.now,
    nativeBinding: options.nativeBinding,
    reportError: options.reportError,
    activity: options.activity,
    pushes: options.pushes,
    analysisWorker: options.analysisWorker,
  };
  if (target.kind === 'named') {
    return openDataLayer({
      ...common,
      credentials: options.credentials.forProfile(
        target.profile === null ? null : keychainProfile(target.profile.id),
      ),
      keyOverride: options.serviceKeyOverride,
    });
  }
  return openDataLayer({
    ...common,
    credentials: options.credentials,
    defaultBaseUrl: demo?.url,
    keyOverride: demo === null ? undefined : { baseUrl: demo.url, key: demo.key, from: 'demo' },
  });
}

/**
 * The other profiles' edits not sent yet, each cache read once: they stay closed, and this
 * directory locked, for as long as this layer is open, so nothing changes them meanwhile (a
 * profile added since has none; one removed is no longer asked for). A cache that cannot be read
 * is reported and shows none, rather than keeping the edits panel from opening.
 */
function closedEditsOf(
  options: LayerOptions & { otherCaches: () => OtherCache[] },
): () => EditsElsewhereGroup[] {
  const read = new Map<string, EditsElsewhereGroup[]>();
  const readOnce = (cache: OtherCache): EditsElsewhereGroup[] => {
    let groups = read.get(cache.file);
    if (groups === undefined) {
      try {
        groups = closedCacheEdits({
          file: cache.file,
          unsetScope: cache.unsetScope,
          nativeBinding: options.nativeBinding,
        }).map((group) => (cache.profile === null ? group : { ...group, profile: cache.profile }));
      } catch (error) {
        options.reportError?.('edits of another profile', error);
        groups = [];
      }
      read.set(cache.file, groups);
    }
    return groups;
  };
  return () => options.otherCaches().flatMap(readOnce);
}
