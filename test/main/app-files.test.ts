import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFileResponse, resolveAppFile } from '../../src/main/app-files';

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

  it.each(['app://pitside/missing.js', 'app://pitside/assets', 'app://pitside/index.html/x'])(
    'answers 404 for %s',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found.');
    },
  );

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
