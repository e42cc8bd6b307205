import { clipboard, Menu, shell, type MenuItemConstructorOptions } from 'electron';

export interface HelpMenuActions {
  /** The diagnostics text (diagnostics.ts), the same `app:diagnostics` answers. */
  diagnostics: () => Promise<string>;
  logsFolder: string;
  reportError: (where: string, error: unknown) => void;
}

/**
 * The app's menu: Electron's standard ones (so copy, paste, zoom and the window keys keep
 * working) and Help, with what a bug report needs.
 */
export function installAppMenu(actions: HelpMenuActions): void {
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      {
        label: 'Copy Diagnostics',
        click: () => {
          actions.diagnostics().then(
            (text) => clipboard.writeText(text),
            (error: unknown) => actions.reportError('copy diagnostics', error),
          );
        },
      },
      {
        label: 'Open Logs Folder',
        click: () => {
          // openPath answers with an error message, or '' when the folder opened.
          void shell.openPath(actions.logsFolder).then((problem) => {
            if (problem !== '') actions.reportError('open logs folder', new Error(problem));
          });
        },
      },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    help,
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
