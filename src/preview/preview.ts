import { existsSync } from 'node:fs';
import type { KeychainCredentials } from '../main/credentials/credentials';
import type { KeyOverride } from '../main/credentials/key-override';
import { createDispatcher } from '../main/ipc/dispatcher';
import { createHeadlessPlatform, type HeadlessPlatform } from '../main/platform/headless-platform';
import { openWorkspace, type Workspace } from '../main/profiles/workspace';
import { diagnosticsText } from '../main/diagnostics';
import { logStart } from '../main/log/activity';
import { openPreviewLog, type AppLog } from '../main/log/app-log';
import { withAppLog } from '../main/log/logged-workspace';
import { NotificationSwitchesFile } from '../main/notify/notification-switches';
import { startNotifications, type Notifications } from '../main/notify/notifications';
import { createHandlers } from '../main/services';
import { sqliteVersion } from '../main/storage/database';
import { APP_SYNC_SCHEDULE } from '../main/sync/app-schedule';
import { startHeadlessUpdates, type UpdaterEdge } from '../main/updates/headless-updates';
import { createShareHandlers } from '../main/share/share-handlers';
import type { ShareService } from '../main/share/share-service';
import { startWorkspaceShare } from '../main/share/workspace-share';
import { createUpdateHandlers } from '../main/updates/update-handlers';
import { PREVIEW_HAS_FOCUS, previewNotifier } from './preview-notifier';
import { BUILT_ANALYSIS_WORKER, startPreviewServer, type PreviewServerOptions } from './server';

export interface PreviewOptions extends PreviewServerOptions {
  dataDirectory: string;
  credentials: KeychainCredentials;
  /** What `app:info` reports as the version. */
  version: string;
  /** Where to go before the page is served; the profile last used when absent. */
  show?: { profile: 'demo' } | { profile: 'service'; url: string };
  /** PITSIDE_API_KEY, for the `--service` address alone. */
  serviceKeyOverride?: KeyOverride;
  onOpenExternal?: (url: string) => void;
  /** Tests only: a fake updater edge (the preview has none: updates are off, as from source). */
  updaterEdge?: UpdaterEdge;
  reportError?: (where: string, error: unknown) => void;
  /** Main's clock; the real one when absent (tests pin it, with their service's). */
  now?: () => Date;
}

export interface RunningPreview {
  url: string;
  log: AppLog;
  workspace: Workspace;
  platform: HeadlessPlatform;
  notifications: Notifications;
  /** Stops serving, then closes the workspace: its layer and the demo service. */
  close(): Promise<void>;
}

/**
 * The app without Electron: the workspace main runs, on the headless platform, behind the
 * preview server. The same assembly as the app's entry, with HTTP for IPC.
 */
export async function startPreview(options: PreviewOptions): Promise<RunningPreview> {
  const platform = createHeadlessPlatform({
    dataDirectory: options.dataDirectory,
    onOpenExternal: options.onOpenExternal,
  });
  const log = openPreviewLog(options.dataDirectory);
  const workspaceOptions = withAppLog(log, {
    dataDirectory: options.dataDirectory,
    fetch,
    credentials: options.credentials,
    platform,
    serviceKeyOverride: options.serviceKeyOverride,
    reportError: options.reportError,
    now: options.now,
    // Built with the renderer it serves (`npm run preview` builds both); from source otherwise.
    ...(existsSync(BUILT_ANALYSIS_WORKER)
      ? { analysisWorker: { script: BUILT_ANALYSIS_WORKER, eval: false } }
      : {}),
  });
  const workspace = await openWorkspace(workspaceOptions);
  let updates: ReturnType<typeof startHeadlessUpdates> | null = null;
  let share: ShareService | null = null;
  // The app's notifications, shown in the page as a toast: the same rules, slot and switches.
  const notifications = startNotifications({
    hub: workspace.pushes,
    layer: () => workspace.current,
    switches: new NotificationSwitchesFile(options.dataDirectory, workspaceOptions.reportError),
    notifier: previewNotifier(workspace.pushes),
    isFocused: PREVIEW_HAS_FOCUS,
    reportError: workspaceOptions.reportError,
    now: options.now,
  });
  try {
    const identity = {
      version: options.version,
      dataDirectory: options.dataDirectory,
      versions: process.versions,
      platform: process.platform,
      arch: process.arch,
      sqliteVersion: sqliteVersion(workspace.current.cache.reader),
    };
    logStart(log, identity);
    if (options.show?.profile === 'demo') await workspace.useDemo();
    if (options.show?.profile === 'service') await workspace.useService(options.show.url);
    const diagnostics = () => diagnosticsText({ identity, workspace, log });
    const started = startHeadlessUpdates({ ...options, workspace, edge: options.updaterEdge });
    updates = started;
    share = startWorkspaceShare(workspace, {
      reportError: workspaceOptions.reportError,
      now: options.now,
    });
    const dispatch = createDispatcher(
      createHandlers(identity, workspace.dataHandlers, workspace.appHandlers, {
        diagnostics,
        updates: createUpdateHandlers(started.service),
        notifications: notifications.handlers,
        share: createShareHandlers(share),
      }),
      (name, error) => workspaceOptions.reportError?.(`ipc ${name}`, error),
    );
    const server = await startPreviewServer(dispatch, workspace.pushes, options);
    workspace.startSchedule(APP_SYNC_SCHEDULE);
    return {
      url: server.url,
      log,
      workspace,
      platform,
      notifications,
      close: async () => {
        notifications.close();
        await server.close();
        started.stop();
        await share?.close();
        await workspace.close();
      },
    };
  } catch (error) {
    updates?.stop();
    notifications.close();
    await share?.close();
    await workspace.close();
    throw error;
  }
}
