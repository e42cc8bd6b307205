import type { WorkspaceOptions } from '../profiles/workspace';
import { logActivity } from './activity';
import type { AppLog } from './app-log';
import { redactingCredentials, redactingFetch } from './secret-sources';

/**
 * The workspace's options with the app's log attached, the same in the app and the preview: its
 * errors and what ran go to the log, and every key it meets is taught to the log's redactor
 * first. Errors still go to the caller's own `reportError` as well (the preview's terminal).
 */
export function withAppLog<Options extends WorkspaceOptions>(
  log: AppLog,
  options: Options,
): Options {
  if (options.serviceKeyOverride !== undefined) {
    log.redactor.addSecret(options.serviceKeyOverride.key);
  }
  const reportError = options.reportError;
  return {
    ...options,
    fetch: redactingFetch(options.fetch, log.redactor),
    credentials: redactingCredentials(options.credentials, log.redactor),
    reportError: (where: string, error: unknown) => {
      log.error(where, error);
      reportError?.(where, error);
    },
    activity: logActivity(log),
  };
}
