import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../src/shared/ipc/sync';

/*
 * The sync bar's words and its one button, per state, as the page first gets them: the stores
 * are replaced by plain values (a server render would only see a real store's initial state), the
 * words and the links are the real ones. Screenshots of the same states: test/e2e/sync-bar.spec.ts.
 */
const context = vi.hoisted(() => {
  // SyncBar reads `navigator.platform` when it loads, which Node 20 does not have.
  vi.stubGlobal('navigator', { platform: 'Linux x86_64' });
  return { status: null as SyncStatus | null };
});

vi.mock('../../../src/renderer/src/stores/edits', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  editQueries: {
    useQuery: () => ({ value: { data: [], builtFrom: ['outbox'] }, status: 'ready', error: null }),
  },
}));
vi.mock('../../../src/renderer/src/stores/sync-status', () => ({
  useSyncStatus: <T>(select: (state: object) => T) =>
    select({ status: context.status, actionError: null, syncNow: vi.fn(), cancel: vi.fn() }),
}));

const { SyncBar } = await import('../../../src/renderer/src/components/SyncBar');

const base: SyncStatus = {
  state: 'idle',
  scope: 'default',
  progress: null,
  problem: null,
  lastSuccessAt: null,
  lastAttemptAt: null,
  unreadable: { count: 0, records: [] },
};

/** The bar's visible text, tags dropped, and its buttons and links by their text. */
function bar(status: Partial<SyncStatus>): { text: string; actions: string[] } {
  context.status = { ...base, ...status };
  const html = renderToString(createElement(MemoryRouter, null, createElement(SyncBar)));
  const actions = [...html.matchAll(/<(button|a)\b[^>]*>(.*?)<\/\1>/g)].map((match) =>
    (match[2] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return { text, actions };
}

const REFUSED =
  'The service refused the API key: enter a valid key in Settings (it said: The API key is missing, unknown, or has been revoked for this service.)';

describe('the sync bar', () => {
  it('says a refused key in one sentence, with Open Settings and no Retry', () => {
    const shown = bar({ state: 'error', problem: { code: 'unauthorized', message: REFUSED } });
    expect(shown.text).toMatch(/^API key refused\. Never synced/);
    expect(shown.text).not.toContain('it said');
    expect(shown.actions).toEqual(['Open Settings']);
  });

  it('offers Retry where trying again may help', () => {
    const shown = bar({
      state: 'error',
      problem: { code: 'server_error', message: 'The service answered 503.' },
    });
    expect(shown.text).toMatch(/^The service had an error\./);
    expect(shown.actions).toEqual(['Retry Ctrl+S']);
  });

  it('offers nothing that cannot help while offline', () => {
    const shown = bar({
      state: 'offline',
      problem: { code: 'offline', message: 'The service cannot be reached.' },
    });
    expect(shown.text).toBe('Offline Never synced · Syncs when the service can be reached');
    expect(shown.actions).toEqual([]);
  });

  it('never counts "edits 0 of 1": the edits are one step of unknown size', () => {
    const shown = bar({ state: 'syncing', progress: { phase: 'edits', done: 0, total: 1 } });
    expect(shown.text).toMatch(/^Syncing edits… /);
    expect(shown.actions).toEqual(['Cancel sync']);
  });

  it('names the records a run could not read, with Sync now', () => {
    const shown = bar({
      lastSuccessAt: '2026-11-21T12:00:00Z',
      problem: { code: 'invalid_response', message: 'the engine’s words' },
      unreadable: {
        count: 1,
        records: [
          { resource: 'event:2026leedsopen:matches', id: '2026leedsopen-q3', reason: 'winner: x' },
        ],
      },
    });
    expect(shown.text).toContain('Online · Synced in part Last synced');
    expect(shown.text).toContain(
      '1 record could not be read (match 2026leedsopen-q3); the next sync asks for it again.',
    );
    expect(shown.actions).toEqual(['Sync now Ctrl+S']);
  });
});
