import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFileResponse, resolveAppFile, servesNoFile } from '../../src/main/app-files';

// What app:// answers, from real files in a temp directory. Only protocol.handle's registration
// (src/main/app-protocol.ts) needs Electron; the packaged app serves out/renderer through this.
let parent: string;
let root: string;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'pitside-app-files-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Pitside</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'inter.woff2'), 'wOF2');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'data.bin'), 'x');
  writeFileSync(join(parent, 'secret.txt'), 'the API key');
  symlinkSync('loop-b.js', join(root, 'assets', 'loop-a.js'));
  symlinkSync('loop-a.js', join(root, 'assets', 'loop-b.js'));
  symlinkSync('itself.js', join(root, 'assets', 'itself.js'));
  symlinkSync('assets', join(root, 'folder.js'));
  // A named pipe has no end: read, it would hold the request until something writes to it.
  execFileSync('mkfifo', [join(root, 'assets', 'pipe.js')]);
});

afterAll(() => rmSync(parent, { recursive: true, force: true }));

const get = (url: string): Promise<Response> => appFileResponse(root, { url, method: 'GET' });

describe('app:// serves the built renderer', () => {
  it.each([
    [
      'app://pitside/index.html',
      'text/html; charset=utf-8',
      '<!doctype html><title>Pitside</title>',
    ],
    ['app://pitside/', 'text/html; charset=utf-8', '<!doctype html><title>Pitside</title>'],
    ['app://pitside/assets/index-abc.js', 'text/javascript; charset=utf-8', 'export {};'],
    ['app://pitside/assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
    ['app://pitside/assets/inter.woff2', 'font/woff2', 'wOF2'],
    ['app://pitside/assets/logo.svg', 'image/svg+xml', '<svg/>'],
    ['app://pitside/assets/data.bin', 'application/octet-stream', 'x'],
    [
      'app://pitside/index.html#/teams/254',
      'text/html; charset=utf-8',
      '<!doctype html><title>Pitside</title>',
    ],
  ])('%s as %s', async (url, type, body) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(body);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await appFileResponse(root, { url: 'app://pitside/index.html', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await appFileResponse(root, { url: 'app://pitside/index.html', method: 'POST' });
    expect(post.status).toBe(405);
  });

  it.each([
    ['a missing file', 'app://pitside/missing.js'],
    ['a folder', 'app://pitside/assets'],
    ['a path through a file', 'app://pitside/index.html/x'],
    ['a loop of two symlinks', 'app://pitside/assets/loop-a.js'],
    ['a symlink to itself', 'app://pitside/assets/itself.js'],
    ['a path through a symlink loop', 'app://pitside/assets/itself.js/x.js'],
    ['a 317-character name', `app://pitside/assets/${'n'.repeat(314)}.js`],
    ['a path longer than the system takes', `app://pitside/${'deep/'.repeat(900)}index.html`],
    ['a symlink to a folder', 'app://pitside/folder.js'],
    ['a named pipe', 'app://pitside/assets/pipe.js'],
  ])('answers 404 for %s', async (_what, url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found.');
  });

  // The URL parser already folds some spellings of `..` away; whatever is left is refused here.
  // Either way, nothing outside root is ever read.
  it.each([
    'app://pitside/../secret.txt',
    'app://pitside/%2e%2e/secret.txt',
    'app://pitside/assets/..%2f..%2fsecret.txt',
    'app://pitside/%2e%2e%2fsecret.txt',
    'app://pitside/..%5csecret.txt',
    'app://pitside/%2fetc%2fpasswd',
    'app://pitside//etc/passwd',
    'app://pitside/C:%2fWindows%2fwin.ini',
    'app://pitside/index.html%00.js',
    'app://pitside/%E0%A4%A',
    'app://elsewhere/index.html',
    'file:///etc/passwd',
  ])('reads nothing outside root for %s', async (url) => {
    const target = resolveAppFile(root, url);
    if (target.kind === 'file') expect(target.path.startsWith(join(root, '/'))).toBe(true);
    const response = await get(url);
    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain('the API key');
  });

  it.each([
    ['app://pitside/assets/..%2f..%2fsecret.txt', 'outside the app’s files'],
    ['app://pitside/..%5csecret.txt', 'a forbidden character'],
    ['app://pitside/index.html%00.js', 'a forbidden character'],
    ['app://pitside/%2fetc%2fpasswd', 'an absolute path'],
    ['app://pitside/C:%2fWindows%2fwin.ini', 'an absolute path'],
    ['app://pitside/%E0%A4%A', 'a malformed escape'],
    ['app://elsewhere/index.html', 'not the app’s host'],
  ])('refuses %s with 403: %s', async (url, reason) => {
    expect(resolveAppFile(root, url)).toEqual({ kind: 'refused', reason });
    const response = await get(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(`Refused: ${reason}.`);
  });
});

describe('which failures to read a path mean there is no file to serve', () => {
  // Root reads every file whatever its mode, so permission errors cannot be made for real here.
  it.each([
    'ENOENT',
    'ENOTDIR',
    'EISDIR',
    'ELOOP',
    'ENAMETOOLONG',
    'EACCES',
    'EPERM',
    'EINVAL',
    'ENXIO',
  ])('%s: no file', (code) => {
    expect(servesNoFile(Object.assign(new Error(code), { code }))).toBe(true);
  });

  // The file may well be there: the process ran out of descriptors, or the disk failed.
  it.each(['EMFILE', 'ENFILE', 'EIO', undefined])('%s: a failure of the app', (code) => {
    expect(servesNoFile(Object.assign(new Error('read failed'), { code }))).toBe(false);
  });
});
