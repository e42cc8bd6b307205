import type { WebPreferences } from 'electron';

/** The renderer runs as an untrusted web page: isolated, sandboxed, no Node. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: false,
  };
}

/**
 * Whether a frame may talk to main: only the app's own renderer document, served from the bundled
 * files on app:// (or, in development, the local dev server electron-vite started). Anything the
 * renderer was somehow navigated to is refused.
 */
export function isTrustedRendererUrl(url: string, rendererUrl: string): boolean {
  try {
    const frame = new URL(url);
    const app = new URL(rendererUrl);
    // A custom scheme's origin reads "null" here, as does data: or about:, so it is never
    // compared by origin: the one document, by scheme, host and path.
    if (app.protocol !== 'http:' && app.protocol !== 'https:') {
      return (
        frame.protocol === app.protocol &&
        frame.host === app.host &&
        frame.pathname === app.pathname
      );
    }
    return frame.origin === app.origin;
  } catch {
    return false;
  }
}

/** External links leave the app only as https, in the system browser, opened by main. */
export function isOpenableExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
