import type { Statement } from 'better-sqlite3';
import type { editCommands, EditView } from '../../shared/ipc/edits';
import type { ErrorDetail } from '../../shared/wire/errors';
import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { Edit } from '../outbox/edit';
import { EditRefusedError, type Outbox } from '../outbox/outbox';
import type { SettingsStore } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';
import type { SyncEngine } from '../sync/engine';

export type EditCommandName = keyof typeof editCommands;

export interface EditDeps {
  engine: SyncEngine;
  settings: SettingsStore;
  /** The cache's read-only connection, for the codes of renamed events. */
  reader: AppDatabase;
}

/** Temporary codes of events created here that the service has since named. */
class EventAliases {
  private readonly selectTarget: Statement<[string], string>;

  constructor(reader: AppDatabase) {
    this.selectTarget = reader
      .prepare<[string], string>('SELECT event_id FROM event_aliases WHERE local_id = ?')
      .pluck();
  }

  /** The service's code for a replaced temporary code; any other code as it is. */
  resolve(eventId: string): string {
    return this.selectTarget.get(eventId) ?? eventId;
  }
}

/** An edit as the renderer sees it: what a panel or a form needs, nothing of how it is sent. */
function editView(edit: Edit): EditView {
  const common = {
    id: edit.id,
    eventId: edit.eventId,
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
      return new IpcFailure('invalid_input', error.message, within(bodyMember, error.details));
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
}: EditDeps): Pick<Handlers, EditCommandName> {
  const outbox: Outbox = engine.outbox;
  const aliases = new EventAliases(reader);
  const viewOrNull = (edit: Edit | null) => (edit === null ? null : editView(edit));
  /** Whatever a command queued or put back to be sent goes out soon. */
  const sending = async <Result>(work: Promise<Result>): Promise<Result> => {
    const result = await work;
    engine.sendEditsSoon();
    return result;
  };

  return {
    'edits:list': async () => ({
      data: (await outbox.list()).map(editView),
      builtFrom: ['outbox'],
    }),

    'events:create': ({ event }) =>
      refusing(async () => editView(await sending(outbox.create(event))), 'event'),

    // A form opened on a temporary code may be saved after the sync that replaced it: the edit
    // goes to the event under its new code rather than being refused as unknown.
    'events:update': ({ eventId, patch }) =>
      refusing(
        async () => editView(await sending(outbox.update(aliases.resolve(eventId), patch))),
        'patch',
      ),

    'events:delete': ({ eventId }) =>
      refusing(async () => viewOrNull(await sending(outbox.queueDelete(aliases.resolve(eventId))))),

    'events:resolveCode': ({ eventId }) => ({ eventId: aliases.resolve(eventId) }),

    'edits:discard': ({ id }) =>
      refusing(async () => {
        await outbox.discard(id);
        return { discarded: id };
      }),

    'edits:resolve': ({ id, take }) =>
      refusing(async () => viewOrNull(await sending(outbox.resolve(id, take)))),

    'edits:resend': ({ id, payload }) =>
      refusing(async () => viewOrNull(await sending(outbox.resend(id, payload))), 'payload'),

    'edits:sendNow': () => ({ started: engine.start({ scope: settings.scope() }) }),

    'edits:role': () => {
      engine.learnRoleInBackground();
      return { ...engine.role(), builtFrom: ['outbox'] };
    },
  };
}
