import type { SetupState, Theme } from '../../shared/ipc/setup';
import type { Handlers } from '../ipc/dispatcher';

export type SetupCommandName =
  'setup:get' | 'setup:useDemo' | 'setup:connect' | 'theme:get' | 'theme:set';

/** What the workspace offers: which data is shown, the ways to change it, and the theme. */
export interface SetupDeps {
  setupState(): SetupState;
  useDemo(): Promise<SetupState>;
  connect(baseUrl: string, key: string): Promise<SetupState>;
  theme(): Theme;
  setTheme(theme: Theme): Promise<Theme>;
}

export function createSetupHandlers(workspace: SetupDeps): Pick<Handlers, SetupCommandName> {
  return {
    'setup:get': () => ({ ...workspace.setupState(), builtFrom: ['settings'] }),
    'setup:useDemo': () => workspace.useDemo(),
    'setup:connect': ({ baseUrl, key }) => workspace.connect(baseUrl, key),
    'theme:get': () => ({ theme: workspace.theme() }),
    'theme:set': async ({ theme }) => ({ theme: await workspace.setTheme(theme) }),
  };
}
