import type { Statement } from 'better-sqlite3';
import type { editCommands, EditsElsewhereGroup, EditView } from '../../shared/ipc/edits';
import type { ErrorDetail } from '../../shared/wire/errors';
import { EventAliases } from '../cache/queries/event-aliases';
import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { Edit } from '../outbox/edit';
import { EditRefusedError } from '../outbox/edit-refused';
import type { Outbox } from '../outbox/outbox';
import type { SettingsStore } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import type { SyncEngine } from '../sync/engine';

export type EditCommandName = keyof typeof editCommands;

/** How long after its undo window a held deletion's run starts, so the window has surely passed. */
const HELD_SEND_MARGIN_MS = 1_000;

export interface EditDeps {
  engine: SyncEngine;
  settings: SettingsStore;
  /** The cache's read-only connection, for the codes of renamed events. */
  reader: AppDatabase;
  /** Other services' edits not sent yet, by service (see edits-elsewhere.ts). */
  elsewhere: () => EditsElsewhereGroup[];
}

/** The name of the event an edit is about, as the organizer knows it; null if unknown. */
export interface EditNames {
  of(edit: Edit): string | null;
}

/**
 * Events by the name an organizer knows them: the service's copy (kept apart while an edit stands
 * over it), else the cache's row, so "Rockford Regional · Name: …" names the event as it was.
 */
export class EventNames implements EditNames {
  private readonly selectName: Statement<[string, string], string | null>;

  constructor(reader: AppDatabase) {
    this.selectName = reader
      .prepare<[string, string], string | null>(
        `SELECT COALESCE(
          (SELECT json_extract(record, '$.name') FROM event_shadows WHERE event_id = ?),
          (SELECT name FROM events WHERE id = ?))`,
      )
      .pluck();
  }

  of(edit: Edit): string | null {
    if (edit.kind === 'create') return edit.payload.name;
    const known = edit.kind === 'delete' ? edit.base.name : undefined;
    return known ?? this.selectName.get(edit.eventId, edit.eventId) ?? null;
  }
}

/** An edit as the renderer sees it: what a panel or a form needs, nothing of how it is sent. */
export function editView(edit: Edit, names: EditNames): EditView {
  const common = {
    id: edit.id,
    eventId: edit.eventId,
    eventName: names.of(edit),
    state: edit.state,
    attempts: edit.attempts,
    queuedAt: edit.queuedAt,
    error: edit.error,
    conflict: edit.conflict,
  };
  switch (edit.kind) {
    case 'create':
      return { ...common, kind: 'create', payload: edit.payload, base: null };
    case 'update':
      return { ...common, kind: 'update', payload: edit.payload, base: edit.base };
    case 'delete':
      return { ...common, kind: 'delete', payload: null, base: edit.base };
  }
}

/**
 * The outbox's refusals as IPC failures. `bodyMember` is the input member that carried the event
 * body: the outbox names fields of the body, the renderer gets them as paths in its input, the
 * same as the dispatcher's own refusals (`event.name`, never a bare `name`).
 */
function failureOf(error: unknown, bodyMember?: string): unknown {
  if (!(error instanceof EditRefusedError)) return error;
  switch (error.code) {
    case 'validation_failed':
    case 'field_not_writable':
    case 'invalid_request':
    case 'invalid_transition':
    case 'payload_too_large':
      return new IpcFailure('invalid_input', error.message, within(bodyMember, error.details));
    case 'invalid_base':
      // Named from the input's root: the base is a member of its own, not of the event body.
      return new IpcFailure('invalid_input', error.message, error.details);
    case 'not_found':
      return new IpcFailure('not_found', error.message);
    case 'not_allowed':
      // The input is right and the edit exists; its state forbids this now (not in conflict,
      // not refused, on its way to the service), as an HTTP 409 says. It may pass after a sync,
      // which `invalid_input` (fix what you typed) or `forbidden` (never, for you) would deny.
      return new IpcFailure('conflict', error.message);
    case 'no_service':
      return new IpcFailure(
        'invalid_input',
        'Set up a service (or open the demo) before editing events: each edit is kept for the service it will be sent to.',
      );
  }
}

function within(member: string | undefined, details: readonly ErrorDetail[]): ErrorDetail[] {
  if (member === undefined) return [...details];
  return details.map(({ field, issue }) => ({
    field: field === '' ? member : `${member}.${field}`,
    issue,
  }));
}

async function refusing<Result>(work: () => Promise<Result>, bodyMember?: string) {
  try {
    return await work();
  } catch (error) {
    throw failureOf(error, bodyMember);
  }
}

/**
 * The outbox over IPC. An edit is in SQLite and on screen when its command answers; it goes out
 * a moment later with a run of the edits alone (`sendEditsSoon`: offline, that run fails quietly
 * and the next sync sends it), and `edits:sendNow` starts a whole sync. Changes of edits reach views as
 * `cache:changed` naming `outbox`, and a created event's new code as `events:renamed`.
 */
export function createEditHandlers({
  engine,
  settings,
  reader,
  elsewhere,
}: EditDeps): Pick<Handlers, EditCommandName> {
  const outbox: Outbox = engine.outbox;
  const aliases = new EventAliases(reader);
  const names = new EventNames(reader);
  const view = (edit: Edit) => editView(edit, names);
  const viewOrNull = (edit: Edit | null) => (edit === null ? null : view(edit));
  /** Whatever a command queued or put back to be sent goes out soon. */
  const sending = async <Result>(work: Promise<Result>): Promise<Result> => {
    const result = await work;
    engine.sendEditsSoon();
    return result;
  };

  return {
    'edits:list': async () => ({
      data: (await outbox.list()).map(view),
      builtFrom: ['outbox'],
    }),

    'edits:elsewhere': () => ({ groups: elsewhere(), builtFrom: ['outbox'] }),

    'events:create': ({ event }) =>
      refusing(async () => view(await sending(outbox.create(event))), 'event'),

    // A form opened on a temporary code may be saved after the sync that replaced it: the edit
    // goes to the event under its new code rather than being refused as unknown.
    'events:update': ({ eventId, patch, base, holdMs }) =>
      refusing(async () => {
        const queued = outbox.update(aliases.resolve(eventId), patch, { seen: base, holdMs });
        if (holdMs === undefined) return view(await sending(queued));
        const held = await queued;
        engine.sendEditsSoon(holdMs + HELD_SEND_MARGIN_MS);
        return view(held);
      }, 'patch'),

    'events:delete': ({ eventId, holdMs }) =>
      refusing(async () => {
        if (holdMs === undefined) {
          return viewOrNull(await sending(outbox.queueDelete(aliases.resolve(eventId))));
        }
        const held = await outbox.queueDelete(aliases.resolve(eventId), holdMs);
        // Sent once its undo window is over, not a moment after the save as other edits are.
        engine.sendEditsSoon(holdMs + HELD_SEND_MARGIN_MS);
        return viewOrNull(held);
      }),

    'events:resolveCode': ({ eventId }) => ({ eventId: aliases.resolve(eventId) }),

    'edits:discard': ({ id }) =>
      refusing(async () => {
        await outbox.discard(id);
        return { discarded: id };
      }),

    'edits:resolve': ({ id, take }) =>
      refusing(async () => viewOrNull(await sending(outbox.resolve(id, take)))),

    'edits:resend': ({ id, payload, base }) =>
      refusing(async () => viewOrNull(await sending(outbox.resend(id, payload, base))), 'payload'),

    'edits:sendNow': () => ({ started: engine.start({ scope: settings.scope() }) }),

    'edits:role': async () => {
      engine.learnRoleInBackground();
      return { ...(await engine.role()), builtFrom: ['outbox'] };
    },
  };
}
