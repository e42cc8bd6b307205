import { z } from 'zod';
import { readCommands } from './reads';
import { noInput, type CommandSpec } from './command';
import { actionCommands } from './actions';
import { analysisCommands } from './analysis';
import { digestCommands } from './digest';
import { notificationCommands } from './notifications';
import { editCommands } from './edits';
import { settingsCommands } from './settings';
import { profileCommands } from './profiles';
import { setupCommands } from './setup';
import { syncCommands } from './sync';
import { updateCommands } from './updates';
import { pickListCommands } from './picklists';
import { shareCommands } from './share';
import { bundleCommands } from './bundles';

// Command specs live in one file per domain; they are re-exported here for the contract's users.
export { noInput, type CommandSpec } from './command';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  dataDirectory: z.string(),
  versions: z.object({
    node: z.string(),
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
    sqlite: z.string(),
  }),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * Every IPC command, declared once. Names are `domain:verb`; the preload turns each into
 * `window.api.<domain>.<verb>()` and main must register a handler for each (the `Handlers` type
 * makes a missing or extra one a compile error).
 */
export const commands = {
  'app:info': { input: noInput, output: appInfoSchema },
  /** Help → Copy diagnostics: versions, data, sync and the log's end as text; never the key. */
  'app:diagnostics': { input: noInput, output: z.object({ text: z.string() }) },
  ...readCommands,
  ...syncCommands,
  ...settingsCommands,
  ...setupCommands,
  ...profileCommands,
  ...actionCommands,
  ...editCommands,
  ...updateCommands,
  ...digestCommands,
  ...notificationCommands,
  ...pickListCommands,
  ...analysisCommands,
  ...shareCommands,
  ...bundleCommands,
} as const satisfies Record<`${string}:${string}`, CommandSpec>;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export const COMMAND_NAMES = Object.keys(commands) as CommandName[];

/** What the renderer may pass: the schema's input side. */
export type CommandInput<Name extends CommandName> = z.input<Commands[Name]['input']>;
/** What a handler receives: the input after parsing. */
export type ParsedCommandInput<Name extends CommandName> = z.output<Commands[Name]['input']>;
export type CommandOutput<Name extends CommandName> = z.output<Commands[Name]['output']>;

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && Object.hasOwn(commands, value);
}
