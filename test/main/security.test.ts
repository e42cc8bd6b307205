import { describe, expect, it } from 'vitest';
import {
  isOpenableExternalUrl,
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
    ['http://clips.example.com/254.mp4', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://share/x', false],
    ['', false],
  ])('%s → %s', (url, openable) => {
    expect(isOpenableExternalUrl(url)).toBe(openable);
  });
});
