import type { ApiKeyEntry } from './config';
import { parseCommandLine, USAGE, UsageError, type CommandLine } from './cli-options';
import { describeKeys, generateKeys, KeysError, parseKeys, readKeysFile } from './keys';
import { startServer } from './start';

/** Exit status for a command line or keys file that cannot be used. */
const EXIT_USAGE = 2;

/** Keys from --keys, else PITSIDE_SERVER_KEYS, else one made up per role (and printed). */
function resolveKeys(commandLine: CommandLine): { keys: ApiKeyEntry[]; generated: boolean } {
  if (commandLine.keysFile !== null)
    return { keys: readKeysFile(commandLine.keysFile), generated: false };
  const fromEnv = process.env.PITSIDE_SERVER_KEYS;
  if (fromEnv !== undefined && fromEnv !== '') {
    return { keys: parseKeys(fromEnv, 'PITSIDE_SERVER_KEYS'), generated: false };
  }
  return { keys: generateKeys(), generated: true };
}

async function main(): Promise<void> {
  let commandLine: CommandLine;
  let keys: ReturnType<typeof resolveKeys>;
  try {
    commandLine = parseCommandLine(process.argv.slice(2), process.env);
    if (commandLine.help) {
      console.log(USAGE);
      return;
    }
    keys = resolveKeys(commandLine);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`pitside server: ${error.message}\n${USAGE}`);
      process.exit(EXIT_USAGE);
    }
    if (error instanceof KeysError) {
      console.error(`pitside server: ${error.message}`);
      process.exit(EXIT_USAGE);
    }
    throw error;
  }

  const server = await startServer({ ...commandLine.config, keys: keys.keys });
  console.log(`listening on ${server.url}`);
  if (keys.generated) console.log(describeKeys(keys.keys));

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`pitside server: could not shut down cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`pitside server: ${message}`);
  process.exit(1);
});
