import { describe, expect, it } from 'vitest';
import { parseCommandLine, serviceUrl, USAGE } from '../../src/cli/args';
import { EXIT, UsageError } from '../../src/cli/errors';

const sync = ['sync', '--service', 'https://events.example.org/', '--data-dir', 'cache'];

function usageError(argv: string[], env: NodeJS.ProcessEnv = {}): UsageError {
  try {
    parseCommandLine(argv, env);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('the command line', () => {
  it('reads a sync with its defaults and the key from the environment', () => {
    expect(parseCommandLine(sync, { PITSIDE_API_KEY: ' k-123 ' })).toEqual({
      command: 'sync',
      service: 'https://events.example.org',
      dataDir: 'cache',
      scope: 'default',
      force: false,
      apiKey: 'k-123',
    });
    expect(parseCommandLine([...sync, '--scope', 'all', '--force'], {})).toMatchObject({
      scope: 'all',
      force: true,
      apiKey: null,
    });
  });

  it('reads an export, with --now normalised to UTC', () => {
    expect(
      parseCommandLine(
        [
          'export',
          '--data-dir',
          'd',
          '--resource',
          'stats',
          '--format',
          'csv',
          '--now',
          '2026-03-14T10:00:00+01:00',
        ],
        {},
      ),
    ).toEqual({
      command: 'export',
      dataDir: 'd',
      resource: 'stats',
      format: 'csv',
      now: '2026-03-14T09:00:00Z',
    });
  });

  it.each([
    [
      ['sync', '--service', 'ftp://x.example', '--data-dir', 'd'],
      '--service must be an http or https URL',
    ],
    [
      ['sync', '--service', 'events.example.org', '--data-dir', 'd'],
      '--service must be an http or https URL',
    ],
    [['sync', '--data-dir', 'd'], '--service is required'],
    [['sync', '--service', 'http://x.example'], '--data-dir is required'],
    [[...sync, '--scope', 'some'], '--scope must be one of default, all'],
    [[...sync, '--verbose'], 'unknown option --verbose'],
    [[...sync, 'now'], 'unexpected argument "now"'],
    [['sync', '--service'], '--service needs a value'],
    [['export', '--data-dir', 'd', '--format', 'json'], '--resource is required'],
    [
      ['export', '--data-dir', 'd', '--resource', 'widgets', '--format', 'json'],
      '--resource must be one of events, teams, matches, clips, stats',
    ],
    [
      ['export', '--data-dir', 'd', '--resource', 'teams', '--format', 'xml'],
      '--format must be one of json, csv',
    ],
    [
      ['export', '--data-dir', 'd', '--resource', 'teams', '--format', 'csv', '--now', 'today'],
      '--now must be an ISO 8601 date-time',
    ],
    [['export', '--service', 'http://x.example'], 'unknown option --service'],
    [['fetch'], 'unknown command "fetch"'],
    [[], 'a command is required'],
  ])('refuses %j: %s', (argv, message) => {
    const error = usageError(argv);
    expect(error.message).toContain(message);
    expect(error.exitCode).toBe(EXIT.usage);
  });

  it('refuses a key it could not send, without repeating it', () => {
    const error = usageError(sync, { PITSIDE_API_KEY: 'secret part\nsecond line' });
    expect(error.message).toContain('PITSIDE_API_KEY');
    expect(error.message).not.toContain('secret');
  });

  it('refuses a URL with credentials, without repeating them', () => {
    expect(() => serviceUrl('https://user:hunter2@events.example.org')).toThrow(UsageError);
    try {
      serviceUrl('https://user:hunter2@events.example.org');
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('treats a blank PITSIDE_API_KEY as unset', () => {
    expect(parseCommandLine(sync, { PITSIDE_API_KEY: '  ' })).toMatchObject({ apiKey: null });
  });

  it('answers --help for the program and for each command', () => {
    expect(parseCommandLine(['--help'], {})).toEqual({ command: 'help' });
    expect(parseCommandLine(['sync', '--help'], {})).toEqual({ command: 'help' });
    expect(parseCommandLine(['export', '-h'], {})).toEqual({ command: 'help' });
  });

  it('documents every exit status', () => {
    for (const code of Object.values(EXIT)) expect(USAGE).toMatch(new RegExp(`^  ${code} `, 'm'));
    expect(USAGE).toContain('130');
    expect(USAGE).toContain('143');
  });
});
