import { COMMAND_NAMES, type CommandName } from '../../shared/ipc/contract';
import { createBundleHandlers } from '../handlers/bundles';
import { createExportHandlers } from '../handlers/export';
import { createLinkHandlers } from '../handlers/links';
import { createProfileHandlers } from '../handlers/profiles';
import { createSetupHandlers } from '../handlers/setup';
import { IpcFailure } from '../ipc/failure';
import {
  APP_COMMAND_NAMES,
  SELF_COMMAND_NAMES,
  type AppHandlers,
  type DataHandlers,
} from '../services';
import type { Workspace, WorkspaceOptions } from './workspace';

type AnyHandler = (input: unknown) => unknown;

function isDataCommand(name: CommandName): name is keyof DataHandlers {
  const answeredElsewhere: readonly string[] = [...SELF_COMMAND_NAMES, ...APP_COMMAND_NAMES];
  return !answeredElsewhere.includes(name);
}

/**
 * Every data command, sent to the layer open at the moment it is called (`withLayer`): a switch
 * waits for the calls under way, and calls that arrive meanwhile wait for the new layer.
 */
export function delegatedDataHandlers(workspace: Workspace): DataHandlers {
  const handlers: Partial<Record<keyof DataHandlers, AnyHandler>> = {};
  for (const name of COMMAND_NAMES.filter(isDataCommand)) {
    handlers[name] = (input) =>
      workspace.withLayer((layer) => {
        if (name === 'settings:setService' && workspace.profile === 'demo') {
          throw new IpcFailure(
            'invalid_input',
            'The demo is shown now. To use your own service, connect to it with its address and key.',
            [{ field: 'baseUrl', issue: 'connect to a service to leave the demo' }],
          );
        }
        return (layer.handlers[name] as AnyHandler)(input);
      });
  }
  return handlers as DataHandlers;
}

/** The commands about which data is shown and the ones that reach the operating system. */
export function workspaceAppHandlers(workspace: Workspace, options: WorkspaceOptions): AppHandlers {
  return {
    ...createSetupHandlers(workspace),
    ...createProfileHandlers(workspace),
    ...createLinkHandlers(options.platform),
    ...createExportHandlers({
      withLayer: (use) => workspace.withLayer(use),
      platform: options.platform,
    }),
    ...createBundleHandlers(workspace, options),
  };
}
