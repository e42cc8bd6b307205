import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * What keeps the preview a local tool. Any page in the person's browser can send requests to
 * 127.0.0.1, and a page whose name is rebound to 127.0.0.1 can even read the answers; the bridge
 * queues edits, clears the cache and switches the service. So:
 * - every address of the preview starts with a secret made for this launch, which only the page
 *   the preview serves knows (the bridge reaches IPC and the event stream by relative URLs);
 * - the Host must name the preview itself, so a rebound name is refused, even with the secret;
 * - the bridge answers only its own page: Origin absent or the preview's own, and IPC only as
 *   `application/json`, which no other site can send without a preflight the preview fails.
 */
export interface PreviewGuard {
  /** `/<secret>/`: the path every page, file and bridge request of this launch starts with. */
  readonly prefix: string;
  /** Once the port is known: the Host values that name the preview. */
  listenOn(port: number): void;
  /** Whether the Host header names the preview (not a rebound name, not another port). */
  hostAllowed(headers: IncomingHttpHeaders): boolean;
  /** The path after the secret (starting with `/`), or `null` when the secret is not there. */
  pathWithin(path: string): string | null;
  /** Why a bridge request (IPC or the event stream) comes from somewhere else, or `null`. */
  bridgeRefusal(headers: IncomingHttpHeaders): string | null;
}

export function createPreviewGuard(): PreviewGuard {
  const secret = randomBytes(32).toString('base64url');
  const prefix = `/${secret}/`;
  let hosts = new Set<string>();
  let origins = new Set<string>();
  return {
    prefix,
    listenOn(port) {
      hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      origins = new Set([...hosts].map((host) => `http://${host}`));
    },
    hostAllowed: (headers) => hosts.has((headers.host ?? '').toLowerCase()),
    pathWithin(path) {
      const given = Buffer.from(path.slice(0, prefix.length));
      const expected = Buffer.from(prefix);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return path.slice(prefix.length - 1);
    },
    bridgeRefusal(headers) {
      const origin = headers.origin;
      if (origin !== undefined && !origins.has(origin.toLowerCase())) {
        return 'the bridge answers only the preview’s own page';
      }
      // Another port of 127.0.0.1 is the same site to a browser; only the page itself is let in.
      const site = headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return 'the bridge answers only the preview’s own page';
      }
      return null;
    },
  };
}

/** `application/json`, with or without parameters: what the bridge sends, and nothing else. */
export function isJson(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}
