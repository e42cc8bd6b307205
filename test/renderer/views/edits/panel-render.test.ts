import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EditView } from '../../../../src/shared/ipc/edits';
import { localDateTime } from '../../../../src/renderer/src/format/dates';
import { ConflictResolver } from '../../../../src/renderer/src/views/edits/ConflictResolver';
import { EditItem } from '../../../../src/renderer/src/views/edits/EditItem';
import { EditRow } from '../../../../src/renderer/src/views/edits/EditRow';
import { FailureDetails } from '../../../../src/renderer/src/views/edits/FailureDetails';
import { describeState } from '../../../../src/renderer/src/views/edits/edit-words';
import { createEdit, deleteEdit, updateEdit } from './edit-fixtures';

/*
 * The panel's parts rendered to HTML as the page gets them at first: what each edit offers, its
 * badge and link, and the resolver's columns. A server render runs no effect and no click, so the
 * actions themselves are not reached from here; their answers are the store's.
 */

vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

function render(element: ReturnType<typeof createElement>): string {
  return renderToString(createElement(MemoryRouter, null, element));
}

function item(edit: EditView, words = 'the edit'): string {
  return render(createElement(EditItem, { edit, words }));
}

/** The text of the page as read, tags dropped, React's text separators ignored. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('EditItem', () => {
  it('links a new event or a change to the event, and names a deletion without a link', () => {
    expect(item(createEdit('Leeds', { eventId: 'localk3x9q2' }))).toContain(
      'href="/events/localk3x9q2"',
    );
    expect(item(updateEdit({ name: 'x' }))).toContain('href="/events/2026leeds"');
    const deletion = item(deleteEdit(), 'Deletion of 2026leeds');
    expect(deletion).not.toContain('href="/events/2026leeds"');
    expect(text(deletion)).toContain('Deletion of 2026leeds Waiting');
    expect(text(deletion)).toContain('Leeds Winter Open');
  });

  it('says when it was made, in the person’s zone', () => {
    // Queued at 09:00 UTC, which is 22:00 in Auckland.
    expect(localDateTime('2026-03-14T09:00:00Z')).toMatch(/22:00|10:00\sPM/);
    expect(text(item(createEdit('Leeds')))).toContain(
      `Made ${localDateTime('2026-03-14T09:00:00Z')}`,
    );
  });

  it('offers Resend only for a refused edit, with its field details', () => {
    const failed = item(
      updateEdit(
        { location: { city: '' } },
        {
          state: 'failed',
          attempts: 1,
          error: {
            code: 'rejected',
            message: 'The event is not valid.',
            details: [{ field: 'location.city', issue: 'must not be empty' }],
          },
        },
      ),
    );
    expect(text(failed)).toContain('Failed');
    expect(text(failed)).toContain('The service refused it: The event is not valid.');
    expect(text(failed)).toContain('City: must not be empty');
    expect(text(failed)).toContain('Resend');
    expect(text(item(createEdit('Leeds')))).not.toContain('Resend');
  });

  it('offers Resolve only for a conflict, and Discard for every edit', () => {
    const conflict = updateEdit(
      { name: 'Mine' },
      {
        state: 'conflict',
        conflict: { etag: null, fields: { name: { base: 'A', theirs: 'B', mine: 'Mine' } } },
      },
    );
    expect(text(item(conflict))).toContain('Resolve…');
    expect(text(item(createEdit('Leeds')))).not.toContain('Resolve');
    for (const edit of [conflict, createEdit('Leeds'), createEdit('L', { state: 'sending' })]) {
      expect(text(item(edit))).toContain('Discard…');
    }
  });

  it('names its buttons with the edit they act on', () => {
    // Resend, Correct… and Discard.
    const html = item(
      createEdit('Leeds', { state: 'failed', error: { code: 'internal', message: 'y' } }),
    );
    const titleId = /<h2 id="([^"]+)"/.exec(html)?.[1];
    expect(titleId).toBeDefined();
    expect(html.match(new RegExp(`aria-describedby="${titleId}"`, 'g'))).toHaveLength(3);
  });
});

/** A refused change, tried twice, with the service's word on one field. */
const refused = updateEdit(
  { location: { city: '' } },
  {
    state: 'failed',
    attempts: 2,
    error: {
      code: 'rejected',
      message: 'The event is not valid.',
      details: [{ field: 'location.city', issue: 'must not be empty' }],
    },
  },
);

describe('EditRow', () => {
  // Written once for this service's edits (EditItem) and those kept for another (EditsElsewhere).
  const made = localDateTime('2026-03-14T09:00:00Z');
  const row = (edit: EditView, kept = false) =>
    render(
      createElement(EditRow, {
        edit,
        titleId: 't',
        title: 'x',
        state: kept ? { label: 'Waiting', tone: 'waiting' } : describeState(edit),
        kept,
        children: null,
      }),
    );

  it('heads an edit of this service at level 2, focusable from script, with its tries', () => {
    const html = row(refused);
    expect(html).toContain('<li class="edit-item" aria-labelledby="t" data-testid="edit-item"');
    expect(html).toContain('<h2 id="t" class="edit-title" tabindex="-1">x</h2>');
    expect(html).toContain('class="badge edit-state attention" data-testid="edit-state"');
    expect(text(html)).toBe(`x Failed Made ${made} · tried 2 times`);
    expect(text(row({ ...refused, attempts: 1 }))).toContain('tried 1 time');
  });

  it('heads a kept edit a level down, out of the focus order, without its tries', () => {
    const html = row(refused, true);
    expect(html).toContain(
      '<li class="edit-item kept" aria-labelledby="t" data-testid="kept-edit"',
    );
    expect(html).toContain('<h4 id="t" class="edit-title">x</h4>');
    expect(html).not.toContain('tabindex');
    expect(text(html)).toBe(`x Waiting Made ${made}`);
  });

  it('is the frame and first line of the panel’s row, link and all', () => {
    const edit = createEdit('Leeds');
    const html = item(edit, 'New event Leeds');
    const titleId = /<h2 id="([^"]+)"/.exec(html)?.[1] ?? 'none';
    const head = render(
      createElement(EditRow, {
        edit,
        titleId,
        title: createElement(Link, { to: '/events/localk3x9q2' }, 'New event Leeds'),
        state: describeState(edit),
        children: null,
      }),
    ).replace('</li>', '');
    expect(html.startsWith(head)).toBe(true);
  });
});

describe('FailureDetails', () => {
  it('lists what the service said about each field of a refused edit, and nothing otherwise', () => {
    expect(render(createElement(FailureDetails, { edit: refused }))).toBe(
      '<ul class="edit-details" aria-label="What the service said about each field">' +
        '<li>City: must not be empty</li></ul>',
    );
    expect(render(createElement(FailureDetails, { edit: createEdit('Leeds') }))).toBe('');
  });
});

describe('ConflictResolver', () => {
  const onClose = () => {};

  it('shows per field the value when you edited, yours, and on the service now, dates in your zone', () => {
    const edit = updateEdit(
      { startDate: '2026-03-14T11:00:00+01:00', location: { venue: 'Hall 2' } },
      {
        state: 'conflict',
        conflict: {
          etag: '"3"',
          fields: {
            startDate: {
              base: '2026-03-14T09:00:00Z',
              theirs: '2026-03-14T08:00:00Z',
              mine: '2026-03-14T11:00:00+01:00',
            },
            'location.venue': { base: '', theirs: 'Hall 1', mine: 'Hall 2' },
            visibility: { base: null, theirs: 'private', mine: 'unlisted' },
          },
        },
      },
    );
    const html = render(
      createElement(ConflictResolver, { edit, conflict: edit.conflict!, onClose }),
    );
    const read = text(html);
    expect(read).toContain('Field When you edited Yours On the service now Keep');
    const local = (iso: string) => localDateTime(iso);
    expect(read).toContain(
      `Start ${local('2026-03-14T09:00:00Z')} ${local('2026-03-14T10:00:00Z')} ${local('2026-03-14T08:00:00Z')}`,
    );
    expect(local('2026-03-14T10:00:00Z')).toMatch(/23:00|11:00\sPM/);
    expect(read).toContain('Venue empty Hall 2 Hall 1');
    // A base never read here is not shown as an empty value.
    expect(read).toContain('Visibility not known here Unlisted Private');
    expect(html).toContain('title="2026-03-14 10:00 UTC"');
    // Yours is chosen for every field at first, one radio group per field.
    expect(html.match(/role="radiogroup"/g)).toHaveLength(3);
    expect(html.match(/checked=""/g)).toHaveLength(3);
    expect(read).toContain('Apply choices Keep all mine Take all theirs Cancel');
  });

  it('offers a deletion in conflict only to go ahead or to keep the event, saying what is lost', () => {
    const edit = deleteEdit({
      state: 'conflict',
      conflict: {
        etag: null,
        fields: { name: { base: 'Leeds Open', theirs: 'Leeds Winter Open', mine: null } },
      },
    });
    const html = render(
      createElement(ConflictResolver, { edit, conflict: edit.conflict!, onClose }),
    );
    const read = text(html);
    expect(read).toContain('would also remove the changes made on the service');
    expect(read).toContain('Name Leeds Open Leeds Winter Open');
    expect(html).not.toContain('type="radio"');
    expect(read).toContain('Delete anyway Keep the event with their changes Cancel');
  });
});
