import { constants } from 'node:os';

/** Exit statuses of the command line; `--help` and the README list them for scripts to rely on. */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  setup: 3,
  syncFailed: 4,
  syncPartial: 5,
  editsHeld: 6,
  inUse: 7,
} as const;

/** The shell's convention for a process ended by a signal, so `$?` reads the same either way. */
export function exitForSignal(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/** A failure the person can act on: printed as one line, never with a stack trace. */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The command line itself cannot be run as given. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(EXIT.usage, message);
    this.name = 'UsageError';
  }
}

/** The data directory or the cache in it cannot be used, or the key cannot be read. */
export class SetupError extends CliError {
  constructor(message: string) {
    super(EXIT.setup, message);
    this.name = 'SetupError';
  }
}
