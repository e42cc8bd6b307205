import { protocol } from 'electron';
import { APP_SCHEME, appFileResponse } from './app-files';

/**
 * app:// as a standard, secure scheme: the page gets a real origin (its CSP's 'self'), counts as
 * a secure context, and may fetch its own files. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from `root` (out/renderer) with fs, never through file://. */
export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, (request) => appFileResponse(root, request));
}
