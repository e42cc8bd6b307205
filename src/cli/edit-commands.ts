import type { Writable } from 'node:stream';
import { EventAliases } from '../main/cache/queries/event-aliases';
import { WriteQueue } from '../main/cache/write-queue';
import type { Edit } from '../main/outbox/edit';
import { EditRefusedError } from '../main/outbox/edit-refused';
import type { Outbox } from '../main/outbox/outbox';
import { OutboxReader } from '../main/outbox/outbox-rows';
import { SettingsReader, SettingsStore } from '../main/settings/settings-store';
import { SyncEngine } from '../main/sync/engine';
import type { EditCommand, OutboxCommand } from './args';
import { openCacheForReading, openCacheForSync } from './data-dir';
import { CliError, EXIT, SetupError } from './errors';
import { writeLine } from './output';

/** An edit as `outbox list` prints it: what a script needs to follow it, and nothing internal. */
export function editJson(edit: Edit): Record<string, unknown> {
  return {
    id: edit.id,
    kind: edit.kind,
    eventId: edit.eventId,
    state: edit.state,
    attempts: edit.attempts,
    queuedAt: edit.queuedAt,
    payload: edit.kind === 'delete' ? null : edit.payload,
    error: edit.error,
    ...(edit.conflict === null ? {} : { fields: edit.conflict.fields }),
  };
}

function notSyncedYet(dataDir: string): SetupError {
  return new SetupError(
    `the cache in ${dataDir} has not been synced with a service yet; edits are made for one (run sync --service URL first)`,
  );
}

/**
 * `outbox list` reads only, as `export` does: beside another process that writes the directory,
 * and from a read-only medium.
 */
function listEdits(dataDir: string): Record<string, unknown>[] {
  const cache = openCacheForReading(dataDir);
  try {
    const service = new SettingsReader(cache.db).baseUrl();
    if (service === null) throw notSyncedYet(dataDir);
    return new OutboxReader(cache.db).all(service).map(editJson);
  } finally {
    cache.close();
  }
}

/** The outbox of the cache in the data directory, for the service that cache was synced from. */
async function withOutbox<Result>(
  dataDir: string,
  clock: () => Date,
  work: (outbox: Outbox, aliases: EventAliases) => Promise<Result>,
): Promise<Result> {
  const { files } = openCacheForSync(dataDir);
  const queue = new WriteQueue(files.writer, { beforeWrite: files.walBacklog });
  const settings = new SettingsStore(files.reader, files.writer, queue);
  const service = settings.baseUrl();
  const engine = new SyncEngine({
    reader: files.reader,
    writer: files.writer,
    queue,
    connect: () => Promise.reject(new Error('queuing an edit needs no service')),
    editScope: () => service,
    now: clock,
  });
  try {
    if (service === null) throw notSyncedYet(dataDir);
    return await work(engine.outbox, new EventAliases(files.reader));
  } catch (error) {
    throw cliErrorOf(error);
  } finally {
    await engine.close();
    files.close();
  }
}

/** A refusal in the words the service would use, field by field, as one line. */
function cliErrorOf(error: unknown): unknown {
  if (!(error instanceof EditRefusedError)) return error;
  const fields = error.details.map((detail) => `${detail.field} ${detail.issue}`).join('; ');
  const message = fields === '' ? error.message : `${error.message.replace(/\.$/, ':')} ${fields}`;
  switch (error.code) {
    case 'not_found':
    case 'not_allowed':
      return new CliError(EXIT.usage, message);
    case 'no_service':
      return new SetupError(message);
    default:
      return new CliError(EXIT.usage, message);
  }
}

/** `events create|update|delete`: queues the edit (no network, no key) and prints it as JSON. */
export async function runEditCommand(
  command: EditCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const edit = await withOutbox(command.dataDir, clock, (outbox, aliases) => {
    // A temporary code stays good after the service named its event, as the usage promises.
    const eventId = aliases.resolve(command.eventId);
    switch (command.action) {
      case 'create':
        return outbox.create(command.body);
      case 'update':
        return outbox.update(eventId, command.body);
      case 'delete':
        return outbox.queueDelete(eventId);
    }
  });
  // A delete of an event that never left this machine needs nothing sent.
  await writeLine(stdout, JSON.stringify(edit === null ? null : editJson(edit)));
  return EXIT.ok;
}

/** `outbox list|resolve|resend|discard`. */
export async function runOutboxCommand(
  command: OutboxCommand,
  stdout: Writable,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const { action } = command;
  if (action === 'list') {
    await writeLine(stdout, JSON.stringify(listEdits(command.dataDir)));
    return EXIT.ok;
  }
  const output = await withOutbox(command.dataDir, clock, async (outbox) => {
    switch (action) {
      case 'resolve': {
        const edit = await outbox.resolve(command.editId, command.take);
        return edit === null ? null : editJson(edit);
      }
      case 'resend': {
        const edit = await outbox.resend(command.editId);
        return edit === null ? null : editJson(edit);
      }
      case 'discard':
        await outbox.discard(command.editId);
        return { discarded: command.editId };
    }
  });
  await writeLine(stdout, JSON.stringify(output));
  return EXIT.ok;
}
