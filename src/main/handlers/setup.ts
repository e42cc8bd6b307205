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

/** The setup as a view reads it: re-read when the settings change. */
const asRead = (state: SetupState) => ({ ...state, builtFrom: ['settings' as const] });

export function createSetupHandlers(workspace: SetupDeps): Pick<Handlers, SetupCommandName> {
  return {
    'setup:get': () => asRead(workspace.setupState()),
    'setup:useDemo': async () => asRead(await workspace.useDemo()),
    'setup:connect': async ({ baseUrl, key }) => asRead(await workspace.connect(baseUrl, key)),
    'theme:get': () => ({ theme: workspace.theme() }),
    'theme:set': async ({ theme }) => ({ theme: await workspace.setTheme(theme) }),
  };
}
