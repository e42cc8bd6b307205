import { describe, expect, it } from 'vitest';
import { API_KEY_MAX } from '../../../../src/shared/ipc/settings';
import { checkConnectInput } from '../../../../src/renderer/src/views/setup/connect-validation';

const URL_RULE = 'The service URL must be an http or https URL without credentials in it.';

describe('checkConnectInput', () => {
  it('accepts an http(s) address and a one-word key, trimmed as main will store them', () => {
    expect(checkConnectInput('  https://events.example.org/api \n', ' k3y-abc\t')).toEqual({
      ok: true,
      baseUrl: 'https://events.example.org/api',
      key: 'k3y-abc',
    });
    expect(checkConnectInput('http://localhost:4000', 'k')).toEqual({
      ok: true,
      baseUrl: 'http://localhost:4000',
      key: 'k',
    });
  });

  it('says each empty field next to it', () => {
    expect(checkConnectInput('', '   ')).toEqual({
      ok: false,
      errors: {
        baseUrl: 'The service URL must not be empty.',
        key: 'The API key must not be empty.',
      },
    });
  });

  it.each(['ftp://events.example.org', 'events.example.org', 'not a url', 'file:///etc/hosts'])(
    'refuses %j as a service URL, and only that field',
    (baseUrl) => {
      expect(checkConnectInput(baseUrl, 'k')).toEqual({ ok: false, errors: { baseUrl: URL_RULE } });
    },
  );

  it('refuses an address with a user name in it, so no credentials are stored in settings', () => {
    expect(checkConnectInput('https://user:hunter2@events.example.org', 'k')).toEqual({
      ok: false,
      errors: { baseUrl: URL_RULE },
    });
    expect(checkConnectInput('https://user@events.example.org', 'k')).toEqual({
      ok: false,
      errors: { baseUrl: URL_RULE },
    });
  });

  // A password in the address would be kept in the settings as part of the base URL.
  it('refuses an address with a password but no user name', () => {
    expect(checkConnectInput('https://:hunter2@events.example.org', 'k').ok).toBe(false);
  });

  it('refuses a key with spaces or line breaks inside it', () => {
    for (const key of ['two words', 'line\nbreak', 'tab\there']) {
      expect(checkConnectInput('https://events.example.org', key)).toEqual({
        ok: false,
        errors: { key: 'The API key must be one word without spaces or line breaks.' },
      });
    }
  });

  it('accepts a key of the longest length and refuses one character more', () => {
    const url = 'https://events.example.org';
    expect(checkConnectInput(url, 'k'.repeat(API_KEY_MAX)).ok).toBe(true);
    expect(checkConnectInput(url, 'k'.repeat(API_KEY_MAX + 1))).toEqual({
      ok: false,
      errors: { key: `The API key must be at most ${API_KEY_MAX} characters.` },
    });
  });
});
