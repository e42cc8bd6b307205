import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCredentials } from '../../../src/main/credentials/credentials';
import { createDispatcher, type Dispatch } from '../../../src/main/ipc/dispatcher';
import {
  createHeadlessPlatform,
  type HeadlessPlatform,
} from '../../../src/main/platform/headless-platform';
import { openWorkspace, type Workspace } from '../../../src/main/profiles/workspace';
import { createHandlers } from '../../../src/main/services';
import type { PushName } from '../../../src/shared/ipc/pushes';
import { testClock } from '../../harness/clock';
import { TEST_IDENTITY } from '../../harness/layer-dispatch';

export const credentials = createCredentials();

export interface OpenWorkspace {
  workspace: Workspace;
  platform: HeadlessPlatform;
  /** Every command as the renderer sends it, through the contract's validation. */
  dispatch: Dispatch;
  /** Every push since the workspace opened, in order. */
  pushes: { name: PushName; payload: unknown }[];
  dataDirectory: string;
}

export function freshDataDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'pitside-workspace-'));
}

/**
 * The workspace as the app and the preview assemble it, with the headless platform, on the tests'
 * clock (the services they start are pinned to it).
 */
export async function openTestWorkspace(
  dataDirectory: string = freshDataDirectory(),
  fetchWith: typeof fetch = fetch,
): Promise<OpenWorkspace> {
  const platform = createHeadlessPlatform({ dataDirectory });
  const workspace = await openWorkspace({
    dataDirectory,
    fetch: fetchWith,
    credentials,
    platform,
    now: testClock,
  });
  const pushes: OpenWorkspace['pushes'] = [];
  workspace.pushes.attach((name, payload) => pushes.push({ name, payload }));
  const dispatch = createDispatcher(
    createHandlers(TEST_IDENTITY, workspace.dataHandlers, workspace.appHandlers),
  );
  return { workspace, platform, dispatch, pushes, dataDirectory };
}

/** Until the open layer's sync and every fetch it started are done and committed. */
export async function settled(workspace: Workspace): Promise<void> {
  await workspace.current.engine.idle();
  // Change notices go out at most every 100 ms; the last one has gone after this.
  await new Promise((resolve) => setTimeout(resolve, 150));
}
