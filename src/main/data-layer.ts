import { join } from 'node:path';
import { DEMO_EDIT_SCOPE } from '../shared/edits-elsewhere';
import type { EditsElsewhereGroup } from '../shared/ipc/edits';
import type { ResourceKey } from '../shared/ipc/resources';
import type { FetchLike } from './api/request';
import type { WorkerScript } from './analysis/worker-script';
import { AnalysisService } from './analysis/analysis-service';
import { DigestStore } from './cache/digest/digest-store';
import { forgetSyncedData } from './cache/forget';
import { openCache, type CacheFiles } from './cache/open';
import { WriteQueue } from './cache/write-queue';
import type { Credentials } from './credentials/credentials';
import type { KeyOverride } from './credentials/key-override';
import { createAnalysisHandlers } from './handlers/analysis';
import { createCacheHandlers } from './handlers/cache';
import { createDigestHandlers } from './handlers/digest';
import { createEditHandlers } from './handlers/edits';
import { openCacheElsewhere } from './handlers/edits-elsewhere';
import { createReadHandlers } from './handlers/reads';
import { createSettingsHandlers } from './handlers/settings';
import { createSyncHandlers } from './handlers/sync';
import { createPickListHandlers } from './handlers/picklists';
import { ChangeNotices } from './ipc/change-notices';
import { PushHub } from './ipc/push-hub';
import { ElsewhereReader } from './outbox/outbox-rows';
import type { DataHandlers } from './services';
import { Favorites } from './settings/favorites';
import { PickLists } from './picklists/pick-lists';
import { TeamNotes } from './picklists/team-notes';
import { SettingsStore } from './settings/settings-store';
import { serviceConnector } from './sync/connect';
import { SyncEngine, type RunWatcher } from './sync/engine';

export const CACHE_FILE = 'pitside.db';

export interface DataLayerOptions {
  dataDirectory: string;
  /** Electron's `net.fetch` in the app, global `fetch` in Node. */
  fetch: FetchLike;
  credentials: Credentials;
  now?: () => Date;
  nativeBinding?: string;
  /** A key from outside the keychain, for its one service (PITSIDE_API_KEY, the demo's key). */
  keyOverride?: KeyOverride;
  /** A service to use when none is configured yet (the embedded demo service). */
  defaultBaseUrl?: string;
  reportError?: (where: string, error: unknown) => void;
  /** Told of each sync run (the app's log). */
  activity?: RunWatcher;
  /** Edits kept in another cache, not open now (the other profile's), by service. */
  closedEdits?: () => EditsElsewhereGroup[];
  /**
   * Where pushes go; a hub of the layer's own when absent. The workspace passes one hub to every
   * layer it opens, so a page subscribed once keeps hearing across a switch of profile.
   */
  pushes?: PushHub;
  /** The analysis worker's script; found beside this code when absent (the bench gives the build's). */
  analysisWorker?: WorkerScript;
}

export interface DataLayer {
  /** The cache's file (a venue share opens its own read-only connection to it). */
  file: string;
  cache: CacheFiles;
  queue: WriteQueue;
  engine: SyncEngine;
  settings: SettingsStore;
  favorites: Favorites;
  /** What the last syncs changed in pinned events and favorite teams. */
  digest: DigestStore;
  /** The person's pick lists and team notes: local only, kept through "Clear cache". */
  pickLists: PickLists;
  notes: TeamNotes;
  /** Rankings, OPR, Ratings and predictions, computed on a worker. */
  analysis: AnalysisService;
  pushes: PushHub;
  /** The commands a layer answers on its own (not `app:info`, setup, theme, links, export). */
  handlers: DataHandlers;
  close(): Promise<void>;
}

/**
 * The main process's data services without Electron: the cache, the sync engine, settings, and
 * the IPC handlers over them. The app, the browser preview, the command line and the tests all
 * assemble the same thing here, with their own fetch, keychain and clock.
 */
export function openDataLayer(options: DataLayerOptions): DataLayer {
  const now = options.now ?? (() => new Date());
  const cache = openCache(join(options.dataDirectory, CACHE_FILE), {
    nativeBinding: options.nativeBinding,
  });
  const pushes = options.pushes ?? new PushHub(options.reportError);
  const analysis = new AnalysisService({
    file: join(options.dataDirectory, CACHE_FILE),
    nativeBinding: options.nativeBinding,
    now,
    reportError: options.reportError ?? (() => {}),
    updated: () => pushes.send('cache:changed', { resources: ['analysis'] }),
    ...(options.analysisWorker === undefined ? {} : { script: options.analysisWorker }),
  });
  const notices = new ChangeNotices((resources) => {
    pushes.send('cache:changed', { resources });
    analysis.changed(resources);
  });
  const queue = new WriteQueue(cache.writer, {
    onCommit: (changed) => notices.add(changed),
    beforeWrite: cache.walBacklog,
  });
  const settings = new SettingsStore(cache.reader, cache.writer, queue);
  const favorites = new Favorites(cache.reader, cache.writer, queue, now);
  const digest = new DigestStore(cache.reader, cache.writer, queue);
  const pickLists = new PickLists(cache.reader, cache.writer, queue, now);
  const notes = new TeamNotes(cache.reader, cache.writer, queue, now);
  const serviceUrl = () => settings.baseUrl() ?? options.defaultBaseUrl ?? null;
  // The demo's address changes with every launch; its edits belong to the demo all the same.
  const editScope = () =>
    settings.baseUrl() ?? (options.defaultBaseUrl === undefined ? null : DEMO_EDIT_SCOPE);
  const elsewhere = new ElsewhereReader(cache.reader);
  let keyRefused = false;
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue,
    now,
    connect: serviceConnector({
      baseUrl: serviceUrl,
      credentials: options.credentials,
      fetch: options.fetch,
      keyOverride: options.keyOverride,
    }),
    onStatus: (status) => {
      pushes.send('sync:status', status);
      // Settings shows a refused key from the sync's problem: a change of it is a change of them.
      const refused = status.problem?.code === 'unauthorized';
      if (refused !== keyRefused) notices.add(['settings']);
      keyRefused = refused;
    },
    onEventRenamed: (from, to) => {
      pushes.send('events:renamed', { from, to });
      pickLists
        .followEvent(from, to)
        .catch((error: unknown) => options.reportError?.('picklists', error));
    },
    onRun: {
      syncStarted: (run) => options.activity?.syncStarted(run),
      syncFinished: async (summary) => {
        await options.activity?.syncFinished(summary);
        await digest.seal(summary.finishedAt);
      },
    },
    editScope,
  });
  const requestFetch = (key: ResourceKey) => engine.fetchInBackground(key);
  const forget = () => forgetSyncedData(cache.writer, queue);
  const handlers: DataHandlers = {
    ...createReadHandlers({ reader: cache.reader, now, requestFetch }),
    ...createSyncHandlers({ engine, favorites, settings }),
    ...createSettingsHandlers({
      settings,
      credentials: options.credentials,
      keyOverride: options.keyOverride,
      serviceUrl,
      engine,
      changed: (resources) => notices.add(resources),
    }),
    ...createCacheHandlers({ engine, settings, forgetSyncedData: forget }),
    ...createDigestHandlers(digest, now),
    ...createPickListHandlers(pickLists, notes),
    ...createAnalysisHandlers(analysis),
    ...createEditHandlers({
      engine,
      settings,
      reader: cache.reader,
      elsewhere: () => [
        ...openCacheElsewhere(elsewhere, editScope()),
        ...(options.closedEdits?.() ?? []),
      ],
    }),
  };
  return {
    file: join(options.dataDirectory, CACHE_FILE),
    cache,
    queue,
    engine,
    settings,
    favorites,
    digest,
    pickLists,
    notes,
    analysis,
    pushes,
    handlers,
    close: async () => {
      await engine.close();
      notices.flush();
      await analysis.close();
      cache.close();
    },
  };
}
