import type { Workspace } from '../profiles/workspace';
import { ShareService } from './share-service';

/** The venue share of whichever profile the workspace shows: stopped when the profile changes. */
export function startWorkspaceShare(
  workspace: Workspace,
  options: {
    nativeBinding?: string;
    reportError?: (where: string, error: unknown) => void;
    now?: () => Date;
  },
): ShareService {
  const service = new ShareService({
    cacheFile: () => workspace.current.file,
    nativeBinding: options.nativeBinding,
    pushes: workspace.pushes,
    reportError: options.reportError,
    now: options.now,
  });
  workspace.onLeaving(async () => {
    await service.stop();
  });
  return service;
}
