import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MatchListAnswer } from '../../../../src/shared/ipc/reads';
import type { SyncStatus } from '../../../../src/shared/ipc/sync';

/*
 * An event's matches that were never synced, as the tab first renders them: offline, they are
 * "not kept offline" with the way to keep them, not a promise that a sync will bring them. The
 * sync status store is replaced by a plain value (a server render only sees a store's initial
 * state); the words are the real ones.
 */
const context = vi.hoisted((): { state: SyncStatus['state'] } => ({ state: 'idle' }));

vi.mock('../../../../src/renderer/src/stores/sync-status', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSyncStatus: <T>(select: (state: object) => T) => select({ status: { state: context.state } }),
}));

const { EventMatchesTab } =
  await import('../../../../src/renderer/src/views/events/EventMatchesTab');

const neverSynced: MatchListAnswer = {
  data: [],
  meta: { page: 1, perPage: 100, total: 0 },
  freshness: { complete: false, syncedAt: null },
  builtFrom: ['event:2026peoriaregion:matches'],
};

function tab(state: SyncStatus['state']): string {
  context.state = state;
  const remote = { value: neverSynced, status: 'ready' as const, error: null, stale: false };
  return renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(EventMatchesTab, {
        eventId: '2026peoriaregion',
        matches: remote,
        teams: [],
        team: undefined,
        onTeam: () => undefined,
      }),
    ),
  );
}

describe('matches never synced', () => {
  it('say offline that they are not kept offline, and how to keep them', () => {
    const html = tab('offline');
    expect(html).toContain('Not kept offline: Keep this event offline');
    expect(html).not.toContain('as the sync brings them');
  });

  it('say online that the sync brings them', () => {
    expect(tab('idle')).toContain('as the sync brings them');
  });
});
