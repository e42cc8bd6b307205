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

/** What `shell.openExternal` takes on Windows (Electron's documentation); one rule everywhere. */
export const MAX_EXTERNAL_URL_LENGTH = 2081;

/**
 * Control characters (NUL, tab, newline, C1), spaces of any kind, invisible format characters
 * (bidi overrides, zero-width spaces) and lone surrogates. The URL parser silently drops some and
 * trims others, and a browser or shell may cut a link at a NUL or show an override reversed, so
 * the link that would open is not the one that was checked, or not the one a person sees.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Z}\s]/u;

const HTTPS_PREFIX = /^https:\/\//i;

/**
 * Why a link may not leave the app, or `null` when it may: external links open only as plain
 * https, in the system browser, by main. The raw text is checked, not only what the URL parser
 * makes of it.
 */
export function externalUrlProblem(url: string): string | null {
  if (url.length > MAX_EXTERNAL_URL_LENGTH) {
    return `must be at most ${MAX_EXTERNAL_URL_LENGTH} characters`;
  }
  if (HIDDEN_CHARACTER.test(url)) return 'must not contain control, space or invisible characters';
  // The parser reads `\` as `/` in an https URL; another reader of the link may not.
  if (url.includes('\\')) return 'must not contain a backslash';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an https URL';
  }
  if (parsed.protocol !== 'https:' || !HTTPS_PREFIX.test(url)) return 'must be an https URL';
  // `https://bank.example@evil.example/` opens evil.example; an empty `@` is refused alike.
  const authority = url.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || parsed.username !== '' || parsed.password !== '') {
    return 'must not carry a user name or password';
  }
  return null;
}

export function isOpenableExternalUrl(url: string): boolean {
  return externalUrlProblem(url) === null;
}
