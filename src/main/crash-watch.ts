import { app, dialog, type BrowserWindow } from 'electron';
import {
  childProcessGone,
  crashQuestion,
  reloadChosen,
  renderProcessGone,
  type CrashDecision,
} from './crashes';
import type { AppLog } from './log/app-log';

/**
 * Logs the end of the window's page and of Chromium's helper processes, and after a crash of the
 * page asks whether to reload it or quit. What is logged and asked is decided in crashes.ts.
 */
export function watchCrashes(window: BrowserWindow, log: Pick<AppLog, 'info' | 'error'>): void {
  const write = (decision: CrashDecision) =>
    decision.level === 'info' ? log.info(decision.line) : log.error('crash', decision.line);
  window.webContents.on('render-process-gone', (_event, details) => {
    const decision = renderProcessGone(details);
    write(decision);
    const question = crashQuestion(decision.offer);
    if (question === null || window.isDestroyed()) return;
    if (reloadChosen(decision.offer, dialog.showMessageBoxSync(window, question))) {
      window.webContents.reload();
    } else {
      app.quit();
    }
  });
  app.on('child-process-gone', (_event, details) => write(childProcessGone(details)));
}
