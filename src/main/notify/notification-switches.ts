import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ALL_NOTIFICATIONS_ON,
  notificationSwitchesSchema,
  type NotificationSwitches,
} from '../../shared/ipc/notifications';

/** In the data directory, beside the app's state: the switches are the app's, not a profile's. */
export const NOTIFICATIONS_FILE = 'notifications.json';

/**
 * Which kinds of notification the person wants, kept in a small file of its own and replaced
 * whole (written beside it, renamed over it). A missing or unreadable file means all on, and an
 * unreadable one is reported, not thrown: a broken settings file must not stop the app.
 */
export class NotificationSwitchesFile {
  private readonly file: string;
  private current: NotificationSwitches;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    dataDirectory: string,
    private readonly reportError: (where: string, error: unknown) => void = () => {},
  ) {
    this.file = join(dataDirectory, NOTIFICATIONS_FILE);
    this.current = this.load();
  }

  get(): NotificationSwitches {
    return this.current;
  }

  /** Changes some switches; resolves once the file holds them. */
  async set(change: Partial<NotificationSwitches>): Promise<NotificationSwitches> {
    this.current = { ...this.current, ...change };
    const text = `${JSON.stringify(this.current, null, 2)}\n`;
    // One write at a time, in order: the file always ends with the last change.
    this.writing = this.writing.catch(() => undefined).then(() => this.write(text));
    await this.writing;
    return this.current;
  }

  private load(): NotificationSwitches {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.reportError('notifications', error);
      return ALL_NOTIFICATIONS_ON;
    }
    try {
      const parsed = notificationSwitchesSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      this.reportError('notifications', parsed.error);
    } catch (error) {
      this.reportError('notifications', error);
    }
    return ALL_NOTIFICATIONS_ON;
  }

  private async write(text: string): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, text, { flush: true });
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
