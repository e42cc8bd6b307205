import { app, Notification, type BrowserWindow } from 'electron';
import type { PushHub } from '../ipc/push-hub';
import type { Notifier } from './notice-slot';

/**
 * Windows shows a notification only for an app with a user model id, and groups them under it; it
 * must match the installer's appId (the packaging's `appId`, which the lead aligns on merge).
 */
export const APP_USER_MODEL_ID = 'org.pitside.app';

/**
 * The system's notifications. One slot here too: a newer notice closes the one still shown. A
 * click brings the window to the front and tells the page which view to open. Runs only inside
 * Electron (no binary where the tests run): the rules and the slot it serves are tested in
 * plain Node, and the same path through the preview's notifier in Chromium.
 */
export function electronNotifier(window: () => BrowserWindow | null, hub: PushHub): Notifier {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  let shown: Notification | null = null;
  return {
    show(notice) {
      if (!Notification.isSupported()) return;
      shown?.close();
      const notification = new Notification({ title: notice.title, body: notice.body });
      notification.on('click', () => {
        const target = window();
        if (target !== null) {
          if (target.isMinimized()) target.restore();
          target.show();
          target.focus();
        }
        hub.send('notify:open', { route: notice.route });
      });
      notification.show();
      shown = notification;
    },
  };
}
