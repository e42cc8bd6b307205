import { parseArgs } from 'node:util';

export const USAGE = `usage: npm run preview -- [--port N] [--demo | --service URL] [--data-dir DIR]

Serves the built app in a browser, with main's real services behind it (the cache, the sync,
the keychain), on http://127.0.0.1. The first line on stdout is "preview on <url>": open that
address (a secret made for this launch is in its path; nothing without it is answered).

  --port N         the port to listen on (default: any free one)
  --demo           show the demo: its service starts inside the preview, its data is synced
  --service URL    show the service at URL; its key is PITSIDE_API_KEY when set (sent to this
                   URL alone), else the one the keychain holds for that URL
  --data-dir DIR   the app's data directory (default: a new, empty one, removed at exit: the
                   first run)`;

/** The command line cannot be run as given: the usage goes to stderr and the exit status is 2. */
export class PreviewUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewUsageError';
  }
}

export interface PreviewCommand {
  port: number;
  show: { profile: 'first-run' } | { profile: 'demo' } | { profile: 'service'; url: string };
  /** `null`: a temporary directory of its own. */
  dataDir: string | null;
  /** From PITSIDE_API_KEY; never printed. */
  apiKey: string | null;
  help: boolean;
}

export function parsePreviewArgs(argv: string[], env: NodeJS.ProcessEnv): PreviewCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        demo: { type: 'boolean', default: false },
        service: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new PreviewUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.demo && values.service !== undefined) {
    throw new PreviewUsageError('--demo and --service cannot be used together');
  }
  return {
    port: values.port === undefined ? 0 : portOf(values.port),
    show: values.demo
      ? { profile: 'demo' }
      : values.service === undefined
        ? { profile: 'first-run' }
        : { profile: 'service', url: serviceUrlOf(values.service) },
    dataDir: values['data-dir'] === undefined ? null : nonEmpty('--data-dir', values['data-dir']),
    apiKey: apiKeyOf(env),
    help: values.help,
  };
}

function portOf(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) {
    throw new PreviewUsageError(`--port must be a number from 0 to 65535, not "${text}"`);
  }
  return port;
}

function serviceUrlOf(text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new PreviewUsageError(`--service must be an http or https URL, not "${text}"`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new PreviewUsageError('--service must not hold a user name or password');
  }
  return text;
}

function nonEmpty(flag: string, text: string): string {
  if (text.trim() === '') throw new PreviewUsageError(`${flag} needs a value`);
  return text;
}

/** An empty variable counts as unset; only visible ASCII can travel in an Authorization header. */
function apiKeyOf(env: NodeJS.ProcessEnv): string | null {
  const key = env.PITSIDE_API_KEY?.trim() ?? '';
  if (key === '') return null;
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new PreviewUsageError('PITSIDE_API_KEY must be one line of printable characters');
  }
  return key;
}
