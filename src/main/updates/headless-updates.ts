import { join } from 'node:path';
import type { Workspace } from '../profiles/workspace';
import { trackUnsentEdits, unsentTotal } from '../quit-warning';
import { readBuildFacts, type BuildFacts } from './build-facts';
import { UPDATE_FEED_FILE } from './feed-setting';
import { UpdateService } from './update-service';
import type { UpdaterPort } from './updater-port';

/**
 * What stands in for the Electron edge of the updater outside Electron: the build's facts and
 * the updater itself. Only tests pass one (a fake updater, said so where they do).
 */
export interface UpdaterEdge {
  build: BuildFacts;
  createUpdater: () => UpdaterPort;
}

/** A copy run from source: the decision table says off (`not-packaged`), so no updater is made. */
const FROM_SOURCE: UpdaterEdge = {
  build: readBuildFacts({
    packaged: false,
    platform: process.platform,
    env: {},
    resourcesPath: null,
    windowsStore: false,
    macAppStore: false,
  }),
  createUpdater: () => {
    throw new Error('A copy run from source has no updater.');
  },
};

/**
 * The update service of the browser preview: the same service, decision table and feed setting
 * as the app, reading unsent edits the way the app does.
 */
export function startHeadlessUpdates(options: {
  workspace: Workspace;
  dataDirectory: string;
  version: string;
  edge?: UpdaterEdge;
  reportError?: (where: string, error: unknown) => void;
}): { service: UpdateService; stop: () => void } {
  const { workspace } = options;
  const edge = options.edge ?? FROM_SOURCE;
  // A copy run from source never installs, so it never needs the count; and reading it would
  // open the other profile's closed cache, which leaves a WAL file beside it.
  const unsentEdits = edge.build.packaged
    ? trackUnsentEdits({
        hub: workspace.pushes,
        list: () => Promise.resolve(workspace.dataHandlers['edits:list'](undefined)),
        elsewhere: () => Promise.resolve(workspace.dataHandlers['edits:elsewhere'](undefined)),
        reportError: options.reportError,
      })
    : null;
  const service = new UpdateService({
    currentVersion: options.version,
    build: edge.build,
    feedFile: join(options.dataDirectory, UPDATE_FEED_FILE),
    createUpdater: edge.createUpdater,
    unsentEdits: () => {
      if (unsentEdits === null) throw new Error('A copy run from source installs nothing.');
      return unsentTotal(unsentEdits.tally());
    },
    pushes: workspace.pushes,
    reportError: options.reportError,
  });
  service.start();
  return {
    service,
    stop: () => {
      service.stop();
      unsentEdits?.stop();
    },
  };
}
