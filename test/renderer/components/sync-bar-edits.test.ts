import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EditView } from '../../../src/shared/ipc/edits';
import type { SyncStatus } from '../../../src/shared/ipc/sync';
import { createEdit, updateEdit } from '../views/edits/edit-fixtures';

/*
 * The sync bar and the edits panel as the page first gets them, over a list of edits given
 * here: the stores are replaced by plain values (a server render would only see a real store's
 * initial state), the words and the links are the real ones.
 */
const context = vi.hoisted(() => {
  // SyncBar reads `navigator.platform` when it loads, which Node 20 does not have.
  vi.stubGlobal('navigator', { platform: 'Linux x86_64' });
  return {
    edits: [] as EditView[],
    status: null as SyncStatus | null,
  };
});

vi.mock('../../../src/renderer/src/stores/edits', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  editQueries: {
    useQuery: () => ({
      value: { data: context.edits, builtFrom: ['outbox'] },
      status: 'ready',
      error: null,
      stale: false,
    }),
  },
}));
vi.mock('../../../src/renderer/src/stores/sync-status', () => ({
  useSyncStatus: <T>(select: (state: object) => T) =>
    select({ status: context.status, actionError: null, syncNow: vi.fn(), cancel: vi.fn() }),
}));

const { SyncBar } = await import('../../../src/renderer/src/components/SyncBar');
const { EditsView } = await import('../../../src/renderer/src/views/EditsView');

function render(component: () => ReturnType<typeof createElement>, edits: EditView[]): string {
  context.edits = edits;
  return renderToString(createElement(MemoryRouter, null, createElement(component)));
}

/** The sync bar's link to the edits, or null when it shows none. */
function editsLink(edits: EditView[]): string | null {
  return /<a[^>]*data-testid="sync-edits"[^>]*>.*?<\/a>/.exec(render(SyncBar, edits))?.[0] ?? null;
}

const failed = updateEdit(
  { name: 'x' },
  { id: 9, state: 'failed', error: { code: 'forbidden', message: 'Not allowed.' } },
);

describe('the sync bar’s edits', () => {
  it('shows nothing about edits when none wait', () => {
    expect(editsLink([])).toBeNull();
  });

  it('links “N edits not sent yet” to the edits panel, quietly', () => {
    const link = editsLink([createEdit('A', { id: 1 }), createEdit('B', { id: 2 })]);
    expect(link).toContain('href="/edits"');
    expect(link).toContain('2 edits not sent yet');
    expect(link).toContain('data-attention="false"');
    expect(link).toContain('class="syncbar-edits"');
    expect(editsLink([createEdit('A')])).toContain('1 edit not sent yet');
  });

  it('stands out when an edit needs the organizer', () => {
    const link = editsLink([failed]);
    expect(link).toContain('1 edit needs you');
    expect(link).toContain('data-attention="true"');
    expect(link).toContain('class="syncbar-edits attention"');
  });
});

describe('EditsView', () => {
  it('says plainly when nothing waits, and offers nothing to send', () => {
    const html = render(EditsView, []);
    expect(html).toContain('Nothing waiting: every edit has reached the service.');
    expect(html).not.toContain('Send now');
    expect(html).not.toContain('<ol');
  });

  it('lists each edit under its own heading, in the order they go out', () => {
    const html = render(EditsView, [createEdit('Leeds Winter Open', { id: 1 }), failed]);
    expect(html).toContain('<h1>Edits not sent yet</h1>');
    expect(html).toContain('2 edits not sent yet · 1 needs you');
    const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map(([, inner]) =>
      inner?.replace(/<[^>]+>/g, ''),
    );
    expect(headings).toEqual(['New event Leeds Winter Open', '2026leeds · Name: x']);
    expect(html).toContain('Send now');
  });

  it('offers no “Send now” when every edit waits for the organizer: a sync would not send them', () => {
    const html = render(EditsView, [failed]);
    expect(html).toContain('1 edit needs you');
    expect(html).not.toContain('Send now');
  });

  it('says before “Send now” is pressed that a sync is already running', () => {
    context.status = { state: 'syncing' } as SyncStatus;
    try {
      expect(render(EditsView, [createEdit('A')])).toContain('A sync is running now.');
    } finally {
      context.status = null;
    }
  });
});
