import type { PushHub } from '../main/ipc/push-hub';
import type { Notifier } from '../main/notify/notice-slot';

/**
 * The preview's stand-in for the system's notifications: the notice goes to the page, which shows
 * it as a toast (a click opens its view there). The page counts as a window without focus: the
 * toast is where the system's notification would be, and a person at the preview sees it.
 */
export function previewNotifier(hub: PushHub): Notifier {
  return { show: (notice) => hub.send('notify:show', notice) };
}

export const PREVIEW_HAS_FOCUS = (): boolean => false;
