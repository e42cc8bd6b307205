import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The built renderer is served from `app://pitside/`, not `file://`: a page from a custom scheme
 * gets no file-system privileges, so the GrantFileProtocolExtraPrivileges fuse can be off, and
 * the page has a real origin for its CSP's 'self'. This module decides what a request gets; only
 * the registration (app-protocol.ts) needs Electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'pitside';
export const RENDERER_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type AppFileTarget = { kind: 'file'; path: string } | { kind: 'refused'; reason: string };

/**
 * The file under `root` an app:// URL names, or why it names none. Everything outside `root` is
 * refused however it is spelt: `..` (plain or percent-encoded), encoded slashes or backslashes,
 * an absolute or drive path, a NUL byte, another host.
 */
export function resolveAppFile(root: string, url: string): AppFileTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'refused', reason: 'not a URL' };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) {
    return { kind: 'refused', reason: 'not the app’s host' };
  }
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return { kind: 'refused', reason: 'a malformed escape' };
  }
  if (path.includes('\0') || path.includes('\\')) {
    return { kind: 'refused', reason: 'a forbidden character' };
  }
  const wanted = path === '/' || path === '' ? 'index.html' : path.slice(1);
  if (isAbsolute(wanted) || /^[a-zA-Z]:/.test(wanted)) {
    return { kind: 'refused', reason: 'an absolute path' };
  }
  const base = resolve(root);
  const target = resolve(base, wanted);
  const inside = relative(base, target);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    return { kind: 'refused', reason: 'outside the app’s files' };
  }
  return { kind: 'file', path: target };
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * The errors that say a path names no file this module could serve: absent, a folder, too long, a
 * symlink loop, unreadable. Any other (out of descriptors, a failing disk) is the app's own fault
 * and must not pass for a missing file.
 */
const NO_FILE_CODES: ReadonlySet<string> = new Set([
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'ELOOP',
  'ENAMETOOLONG',
  'EACCES',
  'EPERM',
  'EINVAL',
  'ENXIO',
]);

export function servesNoFile(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = error.code;
  return typeof code === 'string' && NO_FILE_CODES.has(code);
}

/** The file's bytes, or `null` when the path names nothing that is a regular file. */
async function readServedFile(path: string): Promise<Buffer | null> {
  try {
    // A named pipe or a device is no file to serve; read, a pipe would hold the request forever.
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch (error) {
    if (servesNoFile(error)) return null;
    throw error;
  }
}

/**
 * The response to one app:// request: the file with its type, 403 outside root, 404 for anything
 * that is no file to serve, 500 (never a thrown error, which Electron turns into a bare failed
 * load) when reading failed for some other reason.
 */
export async function appFileResponse(
  root: string,
  request: { url: string; method: string },
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'Only GET and HEAD are served.');
  }
  const target = resolveAppFile(root, request.url);
  if (target.kind === 'refused') return plain(403, `Refused: ${target.reason}.`);
  let body: Buffer | null;
  try {
    body = await readServedFile(target.path);
  } catch {
    return plain(500, 'The file could not be read.');
  }
  if (body === null) return plain(404, 'Not found.');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': contentTypeFor(target.path),
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
    },
  });
}
