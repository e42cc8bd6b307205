import type { NotificationHandlers } from './notification-handlers';
import type { PushHub } from '../ipc/push-hub';
import type { DataLayer } from '../data-layer';
import { LayerNews } from './layer-news';
import { noticesFor } from './notice-rules';
import { NoticeSlot, type Notifier, type SlotTimers } from './notice-slot';
import type { NotificationSwitchesFile } from './notification-switches';

export interface NotificationsOptions {
  hub: PushHub;
  /** The data layer shown now (a switch of profile brings another). */
  layer: () => DataLayer;
  switches: NotificationSwitchesFile;
  notifier: Notifier;
  isFocused: () => boolean;
  now?: () => Date;
  timers?: SlotTimers;
  reportError?: (where: string, error: unknown) => void;
}

export interface Notifications {
  handlers: NotificationHandlers;
  /** Looks at the news now (otherwise done after every sync and every new digest entry). */
  check(): Promise<void>;
  /** Resolves once every look started so far is done and nothing waits in the slot. */
  settled(): Promise<void>;
  close(): void;
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Desktop notifications from main: after each sync (its status turns from syncing) and each new
 * digest entry, the rules pick what is news, each change is remembered as announced, and the
 * single slot shows the last of them unless the window has focus.
 */
export function startNotifications(options: NotificationsOptions): Notifications {
  const now = options.now ?? (() => new Date());
  const slot = new NoticeSlot(options.notifier, options.isFocused, options.timers);
  const news = new WeakMap<DataLayer, LayerNews>();
  let syncing = false;
  let checking: Promise<void> = Promise.resolve();

  const look = async (): Promise<void> => {
    const layer = options.layer();
    let reader = news.get(layer);
    if (reader === undefined) {
      reader = new LayerNews(layer);
      news.set(layer, reader);
    }
    const at = now();
    const notices = noticesFor({
      ...reader.read(at),
      switches: options.switches.get(),
      clock: (iso) => clockFormat.format(new Date(iso)),
    });
    await reader.markSent(
      notices.map((notice) => notice.key),
      at,
    );
    for (const notice of notices) {
      slot.offer({
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        route: notice.route,
      });
    }
  };

  const check = (): Promise<void> => {
    checking = checking.then(look).catch((error: unknown) => {
      options.reportError?.('notifications', error);
    });
    return checking;
  };

  const detach = options.hub.attach((name, payload) => {
    if (name === 'cache:changed') {
      const { resources } = payload as { resources: string[] };
      if (resources.includes('digest')) void check();
    } else if (name === 'sync:status') {
      const { state } = payload as { state: string };
      if (syncing && state !== 'syncing') void check();
      syncing = state === 'syncing';
    }
  });

  return {
    handlers: {
      'notifications:get': () => options.switches.get(),
      'notifications:set': (change) => options.switches.set(change),
    },
    check,
    settled: async () => {
      await checking;
      await slot.idle();
    },
    close: () => {
      detach();
      slot.clear();
    },
  };
}
