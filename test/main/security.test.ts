import { describe, expect, it } from 'vitest';
import {
  externalUrlProblem,
  isOpenableExternalUrl,
  MAX_EXTERNAL_URL_LENGTH,
  isTrustedRendererUrl,
  secureWebPreferences,
} from '../../src/main/security';

describe('the window’s web preferences', () => {
  it('isolate and sandbox the renderer with no Node', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });
});

describe('which frames may call main', () => {
  const built = 'app://pitside/index.html';

  it('trusts the app’s own document, with or without a hash', () => {
    expect(isTrustedRendererUrl(built, built)).toBe(true);
    expect(isTrustedRendererUrl(`${built}#/teams/254`, built)).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'file:///opt/Pitside/resources/app.asar/out/renderer/index.html',
    'app://pitside/other.html',
    'app://elsewhere/index.html',
    'data:text/html,<p>index.html</p>',
    'https://evil.example/out/renderer/index.html',
    'about:blank',
    'not a url',
    '',
  ])('refuses %j', (frameUrl) => {
    expect(isTrustedRendererUrl(frameUrl, built)).toBe(false);
  });

  it('trusts only the dev server’s origin in development', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });
});

describe('which links leave the app', () => {
  it.each([
    ['https://clips.example.com/254.mp4', true],
    ['HTTPS://clips.example.com/254.mp4', true],
    ['https://clips.example.com/254.mp4?t=12#clip', true],
    ['https://clips.example.com/a%00b%20c', true],
    ['https://例え.jp/パス', true],
    ['http://clips.example.com/254.mp4', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://share/x', false],
    ['', false],
    ['https:clips.example.com/254.mp4', false],
    ['https:\\\\evil.example\\254.mp4', false],
    ['https://clips.example.com\\254.mp4', false],
  ])('%j → %s', (url, openable) => {
    expect(isOpenableExternalUrl(url)).toBe(openable);
  });

  // The URL parser drops tabs and newlines and trims C0 characters and spaces without a word, so
  // the link that would open is not the one that was asked for; the raw text is what is checked.
  it.each([
    ['a NUL', 'https://clips.example.com/254.mp4\u0000.exe'],
    ['a leading NUL', '\u0000https://clips.example.com/'],
    ['a trailing NUL', 'https://clips.example.com/\u0000'],
    ['a tab', 'https://clips.exa\tmple.com/'],
    ['a newline', 'https://clips.example.com/254\n.mp4'],
    ['a CR LF', 'https://clips.example.com/\r\nSet-Cookie: x'],
    ['an escape', '\u001bhttps://clips.example.com/'],
    ['a DEL', 'https://clips.example.com/\u007f'],
    ['a C1 control', 'https://clips.example.com/\u0085'],
    ['a leading space', ' https://clips.example.com/'],
    ['a space', 'https://clips.example.com/254 .mp4'],
    ['a no-break space', 'https://clips.example.com/\u00a0'],
    ['a line separator', 'https://clips.example.com/\u2028'],
    ['a right-to-left override', 'https://clips.example.com/\u202egnp.exe'],
    ['a zero-width space', 'https://clips.exam\u200bple.com/'],
    ['a byte order mark', '\ufeffhttps://clips.example.com/'],
    ['a lone surrogate', 'https://clips.example.com/\ud800'],
  ])('refuses a link with %s', (_what, url) => {
    expect(isOpenableExternalUrl(url)).toBe(false);
  });

  it.each([
    'https://user:secret@clips.example.com/',
    'https://user@clips.example.com/',
    'https://clips.example.com@evil.example/254.mp4',
    'https://:@clips.example.com/',
    'https://@clips.example.com/',
  ])('refuses %s: a user name or password in a link is a disguise', (url) => {
    expect(isOpenableExternalUrl(url)).toBe(false);
  });

  it('keeps an @ after the host', () => {
    expect(isOpenableExternalUrl('https://clips.example.com/@team254?by=a@b')).toBe(true);
  });

  it(`takes at most ${MAX_EXTERNAL_URL_LENGTH} characters, what Windows opens`, () => {
    const start = 'https://clips.example.com/';
    const fitting = start + 'a'.repeat(MAX_EXTERNAL_URL_LENGTH - start.length);
    expect(fitting).toHaveLength(2081);
    expect(isOpenableExternalUrl(fitting)).toBe(true);
    expect(isOpenableExternalUrl(`${fitting}a`)).toBe(false);
    expect(isOpenableExternalUrl(start + 'a'.repeat(1_000_000))).toBe(false);
  });

  it.each([
    [
      'a NUL',
      'https://clips.example.com/\u0000',
      'must not contain control, space or invisible characters',
    ],
    ['credentials', 'https://a:b@clips.example.com/', 'must not carry a user name or password'],
    ['http', 'http://clips.example.com/', 'must be an https URL'],
    [
      '2100 characters',
      `https://clips.example.com/${'a'.repeat(2100)}`,
      'must be at most 2081 characters',
    ],
  ])('says why a link with %s is refused', (_what, url, issue) => {
    expect(externalUrlProblem(url)).toBe(issue);
  });
});
