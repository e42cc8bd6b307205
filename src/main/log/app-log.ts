import nodeLog from 'electron-log/node';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { Redactor } from './redactor';

/** The log being written, and the one before it (electron-log renames it at rotation). */
export const LOG_FILE = 'main.log';
export const PREVIOUS_LOG_FILE = 'main.old.log';

/** Big enough for days of a quiet log, small enough to attach to a message. */
export const LOG_MAX_BYTES = 1024 * 1024;

export interface AppLogOptions {
  /** `app.getPath('logs')` in the app; `<data directory>/logs` in the preview. */
  directory: string;
  redactor: Redactor;
  /** Warnings and errors echoed on the console too (a terminal that started the app). */
  echo?: boolean;
  /** Rotation size; tests make it small. */
  maxBytes?: number;
}

export interface AppLog {
  readonly directory: string;
  readonly redactor: Redactor;
  info: (line: string) => void;
  warn: (line: string) => void;
  /** The shape of the services' `reportError` callbacks, so they can be handed this directly. */
  error: (where: string, error: unknown) => void;
}

/**
 * The preview's log, in its data directory: it goes with the data (a first-run preview removes
 * both at exit), parallel previews and tests never share a file, and the app's own log folder,
 * which plain Node cannot know, stays the app's.
 */
export const PREVIEW_LOG_DIRECTORY = 'logs';

export function openPreviewLog(dataDirectory: string): AppLog {
  return openAppLog({
    directory: join(dataDirectory, PREVIEW_LOG_DIRECTORY),
    redactor: new Redactor(),
  });
}

let instances = 0;

/**
 * The app's log: one file, rotated at 1 MiB with the previous file kept. One module for the
 * Electron app and for plain Node (the preview): electron-log's Node entry writes files the same
 * in both, and its Electron entry would add what the app does not want (a log bridge the
 * renderer could reach, its own catching of crashes). Every line passes the redactor as
 * electron-log's hook, before any transport sees it: no call site can forget.
 */
export function openAppLog(options: AppLogOptions): AppLog {
  instances += 1;
  const logger = nodeLog.create({ logId: `pitside-${instances}` });
  const file = logger.transports.file;
  file.level = 'info';
  file.maxSize = options.maxBytes ?? LOG_MAX_BYTES;
  file.resolvePathFn = () => join(options.directory, LOG_FILE);
  // Redacted as it is, a log is still the person's business: readable by its owner alone.
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  logger.transports.console.level = options.echo === true ? 'warn' : false;
  logger.hooks.push((message) => ({
    ...message,
    data: message.data.map((item: unknown) => options.redactor.redact(textOf(item))),
  }));
  return {
    directory: options.directory,
    redactor: options.redactor,
    info: (line) => logger.info(line),
    warn: (line) => logger.warn(line),
    error: (where, error) => logger.error(`[${where}]`, error),
  };
}

/** Anything logged, as the text the file will hold: an error with its stack and causes. */
function textOf(item: unknown): string {
  if (typeof item === 'string') return item;
  return inspect(item, { depth: 5, breakLength: Infinity });
}
