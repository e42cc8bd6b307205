import { runAnalysisCommand } from './analysis-command';
import { parseCommandLine, USAGE, type CommandLine } from './args';
import { runBundleCommand } from './bundle-command';
import { ClockVariableError, clockFromEnvironment } from '../main/pinned-clock';
import { CliError, EXIT, UsageError } from './errors';
import { runEditCommand, runOutboxCommand } from './edit-commands';
import { runExport } from './export-command';
import { writeLine } from './output';
import { runShare } from './share-command';
import { runSync } from './sync-command';

function commandName(argv: string[]): string {
  const [first] = argv;
  const commands = ['sync', 'export', 'events', 'outbox', 'stats', 'predict', 'share', 'bundle'];
  return first !== undefined && commands.includes(first) ? `pitside ${first}` : 'pitside';
}

function commandClock(): () => Date {
  try {
    return clockFromEnvironment(process.env) ?? (() => new Date());
  } catch (error) {
    if (error instanceof ClockVariableError) throw new UsageError(error.message);
    throw error;
  }
}

async function run(argv: string[]): Promise<number> {
  const name = commandName(argv);
  const report = (line: string): void => {
    process.stderr.write(`${name}: ${line}\n`);
  };
  try {
    const commandLine: CommandLine = parseCommandLine(argv, process.env);
    const clock = commandClock();
    switch (commandLine.command) {
      case 'help':
        await writeLine(process.stdout, USAGE);
        return EXIT.ok;
      case 'sync':
        return await runSync(commandLine, {
          stdout: process.stdout,
          report,
          signals: process,
          exitNow: (code) => process.exit(code),
          clock,
        });
      case 'export':
        return await runExport(commandLine, process.stdout, clock);
      case 'events':
        return await runEditCommand(commandLine, process.stdout, clock);
      case 'outbox':
        return await runOutboxCommand(commandLine, process.stdout, clock);
      case 'stats':
      case 'predict':
        return await runAnalysisCommand(commandLine, process.stdout, clock);
      case 'share':
        return await runShare(commandLine, {
          stdout: process.stdout,
          report,
          signals: process,
          clock,
        });
      case 'bundle':
        return await runBundleCommand(commandLine, process.stdout, clock);
    }
  } catch (error) {
    if (error instanceof CliError) {
      const hint = error instanceof UsageError ? ' (see --help)' : '';
      report(`${error.message}${hint}`);
      return error.exitCode;
    }
    // A bug, not a situation the person can fix; still one line, the stack helps nobody here.
    report(`unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.unexpected;
  }
}

const argv = process.argv.slice(2);

/*
 * A reader that stops early (`export … | head`) closes the pipe: that ends an export, quietly.
 * Anything else, and a sync whose summary cannot be written, is a failure worth a line.
 */
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE' && argv[0] === 'export') process.exit(EXIT.ok);
  process.stderr.write(`${commandName(argv)}: cannot write to stdout: ${error.message}\n`);
  process.exit(EXIT.unexpected);
});

void run(argv).then((code) => process.exit(code));
