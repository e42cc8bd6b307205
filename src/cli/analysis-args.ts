import { parseArgs } from 'node:util';
import { checked, eventCode, oneOf, required } from './args';
import { EXPORT_FORMATS, type ExportFormat } from './export-kinds';

/** `stats` and `predict`: one event's analysis, computed from the cache. */
export interface AnalysisCommand {
  command: 'stats' | 'predict';
  dataDir: string;
  eventId: string;
  format: ExportFormat;
}

export function parseAnalysisCommand(
  command: AnalysisCommand['command'],
  args: string[],
): AnalysisCommand | { command: 'help' } {
  const { values } = checked(() =>
    parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'data-dir': { type: 'string' },
        event: { type: 'string' },
        format: { type: 'string', default: 'json' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }),
  );
  if (values.help) return { command: 'help' };
  return {
    command,
    dataDir: required('--data-dir', values['data-dir']),
    eventId: eventCode(required('--event', values.event)),
    format: oneOf('--format', values.format, EXPORT_FORMATS),
  };
}
