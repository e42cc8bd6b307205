import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXIT } from '../cli/errors';
import { createCredentials } from '../main/credentials/credentials';
import { ClockVariableError, clockFromEnvironment } from '../main/pinned-clock';
import { DataDirectoryInUseError } from '../main/storage/directory-lock';
import { parsePreviewArgs, PreviewUsageError, USAGE, type PreviewCommand } from './args';
import { startPreview } from './preview';

/** A close that hangs (a stuck request, say) must not keep a stopped preview around. */
const CLOSE_DEADLINE_MS = 10_000;

function report(line: string): void {
  process.stderr.write(`preview: ${line}\n`);
}

function appVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
  ) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

function parse(): PreviewCommand & { clock: (() => Date) | null } {
  try {
    return {
      ...parsePreviewArgs(process.argv.slice(2), process.env),
      clock: clockFromEnvironment(process.env),
    };
  } catch (error) {
    if (!(error instanceof PreviewUsageError || error instanceof ClockVariableError)) throw error;
    process.stderr.write(`preview: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const command = parse();
  if (command.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  // Without a directory of its own the preview is a first run, and leaves nothing behind.
  const temporary = command.dataDir === null;
  const dataDirectory =
    command.dataDir === null
      ? mkdtempSync(join(tmpdir(), 'pitside-preview-'))
      : resolve(command.dataDir);
  mkdirSync(dataDirectory, { recursive: true });
  const removeTemporary = () => {
    if (temporary) rmSync(dataDirectory, { recursive: true, force: true });
  };

  let preview;
  try {
    preview = await startPreview({
      dataDirectory,
      credentials: createCredentials(),
      version: appVersion(),
      port: command.port,
      show: command.show.profile === 'first-run' ? undefined : command.show,
      serviceKeyOverride:
        command.apiKey === null || command.show.profile !== 'service'
          ? undefined
          : { baseUrl: command.show.url, key: command.apiKey, from: 'environment' },
      onOpenExternal: (url) => process.stderr.write(`open ${url}\n`),
      now: command.clock ?? undefined,
      reportError: (where, error) =>
        report(`${where}: ${error instanceof Error ? error.message : String(error)}`),
    });
  } catch (error) {
    removeTemporary();
    if (error instanceof DataDirectoryInUseError) {
      report(error.message);
      process.exit(EXIT.inUse);
    }
    throw error;
  }
  process.stdout.write(`preview on ${preview.url}\n`);
  report(`data directory ${dataDirectory}${temporary ? ' (removed at exit)' : ''}`);
  if (command.apiKey !== null && command.show.profile !== 'service') {
    report('PITSIDE_API_KEY is used with --service only; it is not used now');
  }

  const running = preview;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // The terminal and a launcher may both pass the same Ctrl-C on: one stop is enough.
    if (stopping) return;
    stopping = true;
    report(`${signal}: closing`);
    setTimeout(() => {
      report('could not close in time; stopping anyway');
      process.exit(1);
    }, CLOSE_DEADLINE_MS).unref();
    void running
      .close()
      .then(() => {
        removeTemporary();
        process.exit(0);
      })
      .catch((error: unknown) => {
        report(`closing failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  report(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
